package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.Check;
import dev.backtestgate.history.LogCommit;
import dev.backtestgate.history.ReadProgress;
import dev.backtestgate.history.TableHistory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.HistoryEntry;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apiguardian.api.API;

/**
 * An Apache Iceberg table's history read from its own snapshot log, months later, with nothing prepared in
 * advance: every snapshot in the window that removed or rewrote rows of a partition already closed at commit time
 * (older than {@link #closedAfterDays N days}, default 7) becomes a {@code rewritten-history} finding naming the
 * snapshot (id, commit time, operation, engine), the partitions and the rows removed and added (with example rows
 * before and after where the files are still there); every snapshot that only appended rows into closed partitions
 * becomes a {@code late-writes} batch. Maintenance is silent: {@code replace} snapshots (rewrite_data_files,
 * compaction) whose row counts keep the same rows, and snapshot expiry. A window whose snapshots were expired
 * ({@code history.expire.max-snapshot-age-ms}), and a rollback inside the window, are failing
 * {@code check-failed} findings, never a pass.
 *
 * <p>The table's metadata is read once, when the read starts: the current snapshot (or {@link #atSnapshot}) and
 * its ancestors. A snapshot committed meanwhile is not read, and the run's fingerprint binds the snapshot read
 * ({@code iceberg:<table>@<snapshot-id>}), so a sign-off never covers a later rewrite. Read through Iceberg's Java
 * API (iceberg-core), so a path table and any catalog's table work alike.
 *
 * <pre>{@code
 * TableHistory status = IcebergHistory.of("/lake/account_status")      // or IcebergHistory.of(catalog.loadTable(id))
 *     .partitionColumn("day").validTimeColumn("day")
 *     .since(Instant.parse("2026-01-01T00:00:00Z"));
 * backtest.history(status);   // the JUnit Backtest, or BacktestRun.Builder
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IcebergHistory {
  private final IcebergSource source;
  private final String partitionColumn;
  private final String validTimeColumn;
  private final String keyColumn;
  private final int closedAfterDays;
  private final Long atSnapshot;
  private final ReadProgress progress;

  private IcebergHistory(IcebergSource source, String partitionColumn, String validTimeColumn, String keyColumn,
      int closedAfterDays, Long atSnapshot, ReadProgress progress) {
    this.source = source;
    this.partitionColumn = partitionColumn;
    this.validTimeColumn = validTimeColumn;
    this.keyColumn = keyColumn;
    this.closedAfterDays = closedAfterDays;
    this.atSnapshot = atSnapshot;
    this.progress = progress;
  }

  /** The history of the Iceberg path table at {@code location} (its root, the one holding {@code metadata/}). */
  public static IcebergHistory of(String location) {
    return of(location, new Configuration());
  }

  /** The history of the path table at {@code location}, read with {@code hadoop}'s file systems. */
  public static IcebergHistory of(String location, Configuration hadoop) {
    return new IcebergHistory(IcebergSource.at(location, hadoop, "IcebergHistory"), null, null, null,
        DeltaHistory.DEFAULT_CLOSED_AFTER_DAYS, null, ReadProgress.NONE);
  }

  /** The history of {@code table} as your catalog loaded it (Hive, Glue, REST, Nessie, JDBC, Hadoop). */
  public static IcebergHistory of(Table table) {
    return new IcebergHistory(IcebergSource.of(table, "IcebergHistory"), null, null, null,
        DeltaHistory.DEFAULT_CLOSED_AFTER_DAYS, null, ReadProgress.NONE);
  }

  /** The partition field (e.g. {@code day}, {@code ts_day}) or its source column; names partitions. Required. */
  public IcebergHistory partitionColumn(String column) {
    return new IcebergHistory(source, name(column, "partitionColumn"), validTimeColumn, keyColumn, closedAfterDays,
        atSnapshot, progress);
  }

  /**
   * The DATE or TIMESTAMP column that says when a row's value became valid (often the partition's source column);
   * a file whose earliest value lies in closed history is closed history. Required.
   */
  public IcebergHistory validTimeColumn(String column) {
    return new IcebergHistory(source, partitionColumn, name(column, "validTimeColumn"), keyColumn, closedAfterDays,
        atSnapshot, progress);
  }

  /** The row key (e.g. {@code account_id}) that pairs a changed row's values before and after in the examples. */
  public IcebergHistory keyColumn(String column) {
    return new IcebergHistory(source, partitionColumn, validTimeColumn, name(column, "keyColumn"), closedAfterDays,
        atSnapshot, progress);
  }

  /** A UTC day's partition closes once it ended at least {@code days} days before a commit (default 7). */
  public IcebergHistory closedAfterDays(int days) {
    if (days < 0 || days > 36_500) {
      throw new IllegalArgumentException("closedAfterDays must be between 0 and 36500, got " + days + " (the "
          + "default is " + DeltaHistory.DEFAULT_CLOSED_AFTER_DAYS + ")");
    }
    return new IcebergHistory(source, partitionColumn, validTimeColumn, keyColumn, days, atSnapshot, progress);
  }

  /** Reads the log at this snapshot instead of the current one (e.g. the snapshot a training set was read at). */
  public IcebergHistory atSnapshot(long snapshotId) {
    return new IcebergHistory(source, partitionColumn, validTimeColumn, keyColumn, closedAfterDays, snapshotId,
        progress);
  }

  /** Tells {@code progress} after each snapshot read (default: nothing). */
  public IcebergHistory progress(ReadProgress progress) {
    return new IcebergHistory(source, partitionColumn, validTimeColumn, keyColumn, closedAfterDays, atSnapshot,
        Objects.requireNonNull(progress, "progress: pass ReadProgress.NONE for none"));
  }

  /** Reads every snapshot committed at or after {@code time}. */
  public TableHistory since(Instant time) {
    Objects.requireNonNull(time, "since: pass the start of the window, e.g. the backtest's first decision time");
    Read read = open(true);
    TableHistory judged = read.judge(read.lineage, Window.since(time), closedAfterDays, keyColumn, progress);
    return read.finish(judged, "since " + time, time.toEpochMilli(), read.expiredBefore(time));
  }

  /** Reads every snapshot from {@code snapshotId} (inclusive) on, along the read snapshot's ancestry. */
  public TableHistory sinceSnapshot(long snapshotId) {
    Read read = open(true);
    int at = -1;
    for (int i = 0; i < read.lineage.size(); i++) {
      if (read.lineage.get(i).snapshotId() == snapshotId) {
        at = i;
      }
    }
    List<Snapshot> window = at < 0 ? read.lineage : read.lineage.subList(at, read.lineage.size());
    TableHistory judged = read.judge(window, Window.since(Instant.EPOCH), closedAfterDays, keyColumn, progress);
    Snapshot first = at < 0 ? null : window.get(0);
    return read.finish(judged, "since snapshot " + snapshotId + (first == null ? ""
        : " (committed " + Instant.ofEpochMilli(first.timestampMillis()) + ")"),
        first == null ? Long.MIN_VALUE : first.timestampMillis(), first != null ? null
            : "snapshot " + snapshotId + " is not among the ancestors of snapshot " + judged.version() + " the "
                + "table keeps (it keeps " + read.snapshots.describeKept() + "), so it was expired, or it is not "
                + "a snapshot of this table's main history");
  }

  /**
   * The guard audit: a check that reads the snapshot log once and reports a {@code history-writers} finding
   * ({@link IcebergNonAppends}) naming every snapshot since {@code since} that was not an append (overwrite,
   * delete; a {@code replace} that changed row counts), with the fixes Iceberg offers. Needs no column named.
   *
   * <pre>{@code
   * backtest.check(IcebergHistory.of("/lake/status").nonAppendAudit(Instant.parse("2026-01-01T00:00:00Z")));
   * }</pre>
   */
  public Check nonAppendAudit(Instant since) {
    Objects.requireNonNull(since, "since: pass the start of the window the audit covers");
    return Check.of("non-append audit of the Iceberg table '" + source.describe() + "'", context ->
        auditNonAppends(since).<List<Finding>>map(List::of).orElse(List.of()));
  }

  /**
   * The guard audit on its own, outside any backtest: reads the snapshot log once and returns the finding naming
   * every snapshot since {@code since} that was not an append, empty when there is none.
   *
   * <pre>{@code
   * IcebergHistory.of("/lake/status").auditNonAppends(Instant.parse("2026-01-01T00:00:00Z"))
   *     .ifPresent(finding -> System.out.println(finding.render().headline()));
   * }</pre>
   *
   * @throws IllegalStateException when the window starts before the oldest snapshot the table keeps (named)
   */
  public Optional<IcebergNonAppends> auditNonAppends(Instant since) {
    Objects.requireNonNull(since, "since: pass the start of the window the audit covers");
    Read read = open(false);
    String expired = read.expiredBefore(since);
    if (expired != null) {
      throw new IllegalStateException(read.expiredMessage("since " + since, expired));
    }
    List<LogCommit> writers = new ArrayList<>();
    for (TableLog.Commit commit : read.snapshots.read(read.head, read.lineage, true).commits()) {
      if (commit.commit().time().isBefore(since) || DataOperations.APPEND.equals(commit.commit().operation())) {
        continue;
      }
      if (DataOperations.REPLACE.equals(commit.commit().operation())
          && commit.changes().stream().noneMatch(FileChange::dataChange)) {
        continue;
      }
      writers.add(commit.commit());
    }
    return writers.isEmpty() ? Optional.empty()
        : Optional.of(new IcebergNonAppends(read.name, read.head.snapshotId(), since, writers));
  }

  private Read open(boolean needsColumns) {
    IcebergColumns columns = null;
    if (needsColumns) {
      if (partitionColumn == null || validTimeColumn == null) {
        throw new IllegalArgumentException("the history of the Iceberg table '" + source.describe() + "' needs "
            + (partitionColumn == null ? "a partition column" : "a valid-time column") + " named: call "
            + ".partitionColumn(\"day\").validTimeColumn(\"day\") (your columns) before since(...). Nothing was "
            + "read.");
      }
      columns = new IcebergColumns(partitionColumn, validTimeColumn);
    }
    IcebergSource.Opened opened = source.open();
    Table table = opened.table();
    TableMetadata metadata = opened.metadata();
    String name = opened.name();
    if (columns != null) {
      columns.requireIn(name, metadata);
    }
    IcebergSnapshots snapshots = new IcebergSnapshots(table, metadata, name,
        columns == null ? new IcebergColumns(null, null) : columns);
    Snapshot head = snapshots.head(atSnapshot);
    return new Read(name, table, snapshots, head, head == null ? List.of() : snapshots.lineage(head));
  }

  private static String name(String column, String what) {
    if (column == null || column.isBlank()) {
      throw new IllegalArgumentException(what + " is blank: pass the column's name as the table spells it.");
    }
    return column;
  }

  /** One read of the table's metadata. */
  private record Read(String name, Table table, IcebergSnapshots snapshots, Snapshot head, List<Snapshot> lineage) {
    ChangedRows examples(String keyColumn) {
      // one snapshot at a time: each rewritten partition's files are read once; the window Iceberg's report
      // names is its own (finish), so nothing is added to it here
      return ChangedRows.oneCommitAtATime(null, new IcebergChangedRows(table, snapshots, keyColumn));
    }

    /** Why snapshot expiry left part of the window since {@code time} unreadable, or null when it did not. */
    String expiredBefore(Instant time) {
      Snapshot oldest = lineage.isEmpty() ? null : lineage.get(0);
      if (oldest == null || oldest.parentId() == null || oldest.timestampMillis() < time.toEpochMilli()) {
        return null;
      }
      return "snapshot expiry removed the snapshots before snapshot " + oldest.snapshotId() + " (the oldest "
          + "ancestor kept, committed " + Instant.ofEpochMilli(oldest.timestampMillis()) + ")";
    }

    /** The window {@code window} is not passed because {@code why}: the table, the setting and the fix. */
    String expiredMessage(String window, String why) {
      return "the Iceberg table '" + name + "' no longer holds the whole window asked for (" + window + "): " + why
          + ", so a rewrite in the missing part could not be seen and the window is not passed. The table keeps "
          + "snapshots for " + snapshots.retention() + ". Fix: ask for a window the table still holds (since its "
          + "oldest snapshot kept), or keep snapshots longer for the next backtest: " + snapshots.retentionFix()
          + ".";
    }

    /**
     * The judgement of {@code window}'s snapshots. Whether the table still holds the whole window is told by
     * {@link #finish}, in Iceberg's words, so the log is handed over as holding it.
     */
    TableHistory judge(List<Snapshot> window, Window asked, int closedAfterDays, String keyColumn,
        ReadProgress progress) {
      return LogJudge.judge(snapshots.read(head, window, true, progress), asked, closedAfterDays,
          examples(keyColumn));
    }

    /**
     * Names the window; fails it where snapshot expiry removed part of it ({@code expired}, why, or null) and where
     * the current snapshot moved without a commit (a rollback) at or after {@code fromMillis}.
     */
    TableHistory finish(TableHistory judged, String window, long fromMillis, String expired) {
      List<String> unreadable = new ArrayList<>();
      if (expired != null) {
        unreadable.add(expiredMessage(window, expired));
      }
      unreadable.addAll(judged.unreadable());
      for (IcebergSnapshots.Move move : snapshots.movesWithoutCommit(head, fromMillis)) {
        HistoryEntry before = move.before();
        HistoryEntry after = move.after();
        unreadable.add("the current snapshot of the Iceberg table '" + name + "' moved from snapshot "
            + before.snapshotId() + " to snapshot " + after.snapshotId() + " at "
            + Instant.ofEpochMilli(after.timestampMillis()) + " without a commit on top of it (a rollback, "
            + "set_current_snapshot, or the table replaced): rows the snapshots after their common ancestor wrote "
            + "were dropped or swapped in with no data commit this check can judge, so the window is not passed. "
            + "Fix: compare the table AS OF snapshot " + before.snapshotId() + " with AS OF snapshot "
            + after.snapshotId() + ", append the rows that belong in history as corrections, and once reviewed ask "
            + "for a window that starts after the move.");
      }
      String read = head == null ? "the table has no snapshot" : "read at snapshot " + head.snapshotId();
      return new TableHistory(judged.table(), judged.format(), judged.version(), window + ", " + read,
          judged.rewrites(), judged.lateWrites(), unreadable);
    }
  }
}
