package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How far a reader of a table's history has got: called by the log readers (Delta, Iceberg) after each commit they
 * read, so a long read can show commits read, rows and an estimate. Optional: a reader given none calls
 * {@link #NONE}, which does nothing. Called on the reading thread; it must return quickly and never throw.
 *
 * <pre>{@code
 * TableHistory status = DeltaHistory.of("/lake/status").partitionColumn("day").validTimeColumn("day")
 *     .progress((read, total, rows) -> System.err.printf("%d/%d commits, %d rows%n", read, total, rows))
 *     .sinceVersion(0);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface ReadProgress {
  /** Reports nothing: the default of every reader. */
  ReadProgress NONE = (commitsRead, commitsTotal, rowsRead) -> { };

  /**
   * One more commit was read.
   *
   * @param commitsRead the commits read so far
   * @param commitsTotal the commits the read will cover, or {@code -1} when not known in advance
   * @param rowsRead the rows the commits read so far added or removed (from the log's file statistics)
   */
  void commitRead(long commitsRead, long commitsTotal, long rowsRead);
}
