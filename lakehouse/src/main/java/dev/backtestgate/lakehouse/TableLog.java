package dev.backtestgate.lakehouse;

import dev.backtestgate.history.LogCommit;
import java.util.List;
import java.util.Map;

/**
 * The commits of a table's log read at one fixed version, in version order: what a format's reader (Delta today,
 * Iceberg next) hands to {@link LogJudge}, so the rules are written once for every format.
 *
 * @param table the table's qualified path
 * @param format {@code delta}
 * @param version the version read
 * @param commits the commits read, oldest first; commits before {@code firstReadable} are not among them
 * @param firstReadable the oldest version whose commit the log still holds one by one
 * @param fromStart whether the log holds every commit since the table was created
 * @param retention the log-retention setting and its value, for messages, e.g.
 *     {@code delta.logRetentionDuration = interval 30 days (the default)}
 * @param retentionFix the statement that keeps the log longer
 * @param properties the table's properties at {@code version}
 * @param columns the table's columns at {@code version}, in schema order (Delta; empty where not read)
 * @param rebuildableFrom the oldest version the table can be read as of: after log cleanup, a Delta table's state
 *     lives in its checkpoints, so a version between the oldest commit kept and the oldest checkpoint after it can be
 *     judged commit by commit but not rebuilt
 */
record TableLog(String table, String format, long version, List<Commit> commits, long firstReadable,
    boolean fromStart, String retention, String retentionFix, Map<String, String> properties, List<String> columns,
    long rebuildableFrom) {
  TableLog {
    commits = List.copyOf(commits);
    properties = Map.copyOf(properties);
    columns = List.copyOf(columns);
  }

  /** A log each of whose versions from {@code firstReadable} on can be rebuilt (Iceberg's snapshots). */
  TableLog(String table, String format, long version, List<Commit> commits, long firstReadable, boolean fromStart,
      String retention, String retentionFix, Map<String, String> properties, List<String> columns) {
    this(table, format, version, commits, firstReadable, fromStart, retention, retentionFix, properties, columns,
        firstReadable);
  }

  /**
   * One commit and the files it changed.
   *
   * @param commit version, time, operation, user, engine
   * @param changes the files added and removed
   * @param properties the table properties this commit set, or {@code null} when it set none
   * @param liftedGuard whether this commit turned the table's append-only guard off ({@code delta.appendOnly})
   * @param changeData the change-data files the commit wrote (Delta's {@code cdc} actions; empty for Iceberg)
   */
  record Commit(LogCommit commit, List<FileChange> changes, Map<String, String> properties, boolean liftedGuard,
      List<ChangeData> changeData) {
    Commit {
      changes = List.copyOf(changes);
      changeData = List.copyOf(changeData);
    }

    /** The rows the commit's files held, added and removed alike, as the log records them (for progress). */
    long rows() {
      long rows = 0;
      for (FileChange change : changes) {
        rows += Math.max(change.rows(), 0);
      }
      return rows;
    }
  }

  /**
   * A change-data file a Delta commit wrote (an {@code AddCDCFile}): the rows the commit changed, each with its
   * {@code _change_type}, without the partition columns, whose values the log holds.
   *
   * @param path the file's path as the log records it, relative to the table's root (URL-encoded) or a URI
   * @param partition the partition key, e.g. {@code day=2024-03-05}
   * @param partitionValues each partition column's value as the log records it ({@code null} for a null value)
   */
  record ChangeData(String path, String partition, Map<String, String> partitionValues) {
    ChangeData {
      partitionValues = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(partitionValues));
    }
  }
}
