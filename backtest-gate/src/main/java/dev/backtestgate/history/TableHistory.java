package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.HistoryDeclaration;
import dev.backtestgate.RunSummary;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A table's history read from its own transaction log (Delta Lake, Iceberg) over a window, at one fixed version:
 * the commits that rewrote closed partitions ({@link #rewrites()}, kind {@code rewritten-history}), the commits that
 * only appended into closed partitions ({@link #lateWrites()}, kind {@code late-writes}), and the parts of the
 * window the log no longer holds ({@link #unreadable()}, each a failing {@code check-failed}: an unreadable window
 * never passes). A format's reader builds it (for Delta, {@code DeltaHistory} of backtest-gate-lakehouse); a
 * gated run records it with {@code history(...)}.
 *
 * <pre>{@code
 * TableHistory status = DeltaHistory.of(spark, "/lake/status").partitionColumn("day").validTimeColumn("day")
 *     .since(Instant.parse("2026-01-01T00:00:00Z"));
 * BacktestRun run = BacktestRun.builder(id) ... .history(status).build();
 * }</pre>
 *
 * @param table the table, as its reader names it (the path of a Delta table)
 * @param format the table format, e.g. {@code delta}
 * @param version the table version the log was read at; later commits are not covered
 * @param window the window read, in words (e.g. {@code versions 3 to 12, since 2026-01-01T00:00:00Z})
 * @param rewrites the closed partitions commits rewrote, as {@link HistoryFinding.Rewritten} findings
 * @param lateWrites the commits that appended rows into closed partitions, one batch per commit
 * @param unreadable why parts of the window could not be read, each naming the table, the window and the
 *     retention setting; empty when the whole window was read
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TableHistory(String table, String format, long version, String window, HistoryCheckResult rewrites,
    LateWriteReport lateWrites, List<String> unreadable) implements HistoryDeclaration {
  /** Checks and copies. */
  public TableHistory {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(window, "window");
    Objects.requireNonNull(rewrites, "rewrites");
    Objects.requireNonNull(lateWrites, "lateWrites");
    unreadable = List.copyOf(unreadable);
  }

  /** What a sign-off of a run that read this history is bound to: format, table and version, e.g. {@code delta:/lake/status@12}. */
  public String binding() {
    return format + ":" + table + "@" + version;
  }

  /** Whether the whole window was read and no commit rewrote or appended into a closed partition. */
  public boolean clean() {
    return unreadable.isEmpty() && rewrites.clean() && lateWrites.clean();
  }

  /** The table, without partitions (a log does not fix a granularity). */
  @Override
  public RunSummary.HistoryTable historyTable(java.time.Instant earliest, java.time.Instant latest) {
    return new RunSummary.HistoryTable(table, null, null, null);
  }

  /** The same table's log recorded twice. */
  @Override
  public String conflictWith(dev.backtestgate.CheckInput recorded) {
    return recorded instanceof TableHistory other && other.table().equals(table)
        ? "the history of table '" + table + "' is recorded twice: read each table's log once." : null;
  }

  /** {@link #binding()}: the fingerprint binds the version read. */
  @Override
  public java.util.Optional<String> versionBinding() {
    return java.util.Optional.of(binding());
  }
}
