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
import java.util.Map;
import java.util.Optional;
import java.util.Objects;
import org.apache.spark.sql.SparkSession;
import org.apiguardian.api.API;

/**
 * A Delta Lake table's history read from its own transaction log, months later, with nothing prepared in advance:
 * every commit in the window that removed or rewrote rows of a partition already closed at commit time (older than
 * {@link #closedAfterDays N days}, default 7, the rule of the PostgreSQL append-only guard) becomes a
 * {@code rewritten-history} finding naming the commit (version, time, operation, user, engine), the partitions and
 * the rows removed and added (with example rows before and after where the change data feed is on); every commit
 * that only appended rows into closed partitions becomes a {@code late-writes} batch. Commits that change no data
 * (OPTIMIZE, Z-order, {@code dataChange = false}, properties, VACUUM) are silent. A window the log no longer holds
 * (log cleanup after {@code delta.logRetentionDuration}) is a failing {@code check-failed}, never a pass.
 *
 * <p>The log is read at one version, fixed when the read starts (the latest, or {@link #atVersion}); a commit made
 * meanwhile is not read, and the run's fingerprint binds the version read, so a sign-off never covers a later
 * rewrite.
 *
 * <p>Without Spark, {@link #of(String)} reads the log of a local table with java.nio and Jackson alone: the same
 * commits, partitions, rows and findings. Its example rows come from the rewriting commits' change-data files
 * (Parquet, named by the log), read through parquet-hadoop where it is on the class path (the command line's jar
 * holds it); without it a rewrite says that its example rows were not read and why. With Spark, the example rows
 * of every rewriting commit come from one read of the change data feed. The history's window says how the example
 * rows were obtained. A log whose early commits were cleaned up keeps the table's state in a Parquet checkpoint,
 * read through parquet-hadoop too (refused, never guessed, where it is not on the class path).
 *
 * <pre>{@code
 * TableHistory status = DeltaHistory.of(spark, "/lake/account_status")
 *     .partitionColumn("day").validTimeColumn("day")
 *     .since(Instant.parse("2026-01-01T00:00:00Z"));
 * backtest.history(status);   // the JUnit Backtest, or BacktestRun.Builder
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DeltaHistory {
  /** The default closing window, in days: the PostgreSQL append-only guard's. */
  public static final int DEFAULT_CLOSED_AFTER_DAYS = 7;

  /** The session that reads checkpoints and example rows, or {@code null} when the log is read without Spark. */
  private final SparkSession spark;
  private final String path;
  private final String partitionColumn;
  private final String validTimeColumn;
  private final String keyColumn;
  private final int closedAfterDays;
  private final long atVersion;
  private final ReadProgress progress;

  private DeltaHistory(SparkSession spark, String path, String partitionColumn, String validTimeColumn,
      String keyColumn, int closedAfterDays, long atVersion, ReadProgress progress) {
    this.spark = spark;
    this.path = path;
    this.partitionColumn = partitionColumn;
    this.validTimeColumn = validTimeColumn;
    this.keyColumn = keyColumn;
    this.closedAfterDays = closedAfterDays;
    this.atVersion = atVersion;
    this.progress = progress;
  }

  /**
   * The history of the Delta table at {@code path} (its root directory, the one holding {@code _delta_log}), read
   * with {@code spark}'s Hadoop configuration.
   */
  public static DeltaHistory of(SparkSession spark, String path) {
    Objects.requireNonNull(spark, "spark: pass the SparkSession that reads the table");
    return new DeltaHistory(spark, requirePath(path), null, null, null, DEFAULT_CLOSED_AFTER_DAYS, -1,
        ReadProgress.NONE);
  }

  /**
   * The history of the Delta table at {@code path} on the local file system (a directory or a {@code file:} URI),
   * read from its log alone, without Spark: example rows from the change-data files and a checkpoint only through
   * parquet-hadoop (see the class description). Where a SparkSession is at hand, {@link #of(SparkSession, String)}
   * reads both through Spark.
   */
  public static DeltaHistory of(String path) {
    return new DeltaHistory(null, requirePath(path), null, null, null, DEFAULT_CLOSED_AFTER_DAYS, -1,
        ReadProgress.NONE);
  }

  private static String requirePath(String path) {
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("the Delta table path is blank: pass the table's root directory, the one "
          + "that holds _delta_log.");
    }
    return path;
  }

  /** The partition column that names a partition in findings (e.g. {@code day}); required. */
  public DeltaHistory partitionColumn(String column) {
    return new DeltaHistory(spark, path, name(column, "partitionColumn"), validTimeColumn, keyColumn,
        closedAfterDays, atVersion, progress);
  }

  /**
   * The DATE or TIMESTAMP column that says when a row's value became valid (often the partition column); a file
   * whose earliest value lies in closed history is closed history. Required.
   */
  public DeltaHistory validTimeColumn(String column) {
    return new DeltaHistory(spark, path, partitionColumn, name(column, "validTimeColumn"), keyColumn,
        closedAfterDays, atVersion, progress);
  }

  /** The row key (e.g. {@code account_id}) that pairs a changed row's values before and after in the examples. */
  public DeltaHistory keyColumn(String column) {
    return new DeltaHistory(spark, path, partitionColumn, validTimeColumn, name(column, "keyColumn"),
        closedAfterDays, atVersion, progress);
  }

  /** A UTC day's partition closes once it ended at least {@code days} days before a commit (default 7). */
  public DeltaHistory closedAfterDays(int days) {
    if (days < 0 || days > 36_500) {
      throw new IllegalArgumentException("closedAfterDays must be between 0 and 36500, got " + days + " (the "
          + "default is " + DEFAULT_CLOSED_AFTER_DAYS + ")");
    }
    return new DeltaHistory(spark, path, partitionColumn, validTimeColumn, keyColumn, days, atVersion, progress);
  }

  /** Reads the log at this version instead of the latest (e.g. the version a training set was read at). */
  public DeltaHistory atVersion(long version) {
    if (version < 0) {
      throw new IllegalArgumentException("atVersion must be a table version (0 or more), got " + version);
    }
    return new DeltaHistory(spark, path, partitionColumn, validTimeColumn, keyColumn, closedAfterDays, version,
        progress);
  }

  /** Tells {@code progress} after each commit read (default: nothing). */
  public DeltaHistory progress(ReadProgress progress) {
    return new DeltaHistory(spark, path, partitionColumn, validTimeColumn, keyColumn, closedAfterDays, atVersion,
        Objects.requireNonNull(progress, "progress: pass ReadProgress.NONE for none"));
  }

  /** Reads every commit at or after {@code time}. */
  public TableHistory since(Instant time) {
    Objects.requireNonNull(time, "since: pass the start of the window, e.g. the backtest's first decision time");
    return read(Window.since(time));
  }

  /** Reads every commit from {@code version} on. */
  public TableHistory sinceVersion(long version) {
    if (version < 0) {
      throw new IllegalArgumentException("sinceVersion must be a table version (0 or more), got " + version);
    }
    return read(Window.sinceVersion(version));
  }

  /**
   * The guard audit: a check that reads the log at one version and reports a {@code history-writers} finding
   * ({@link DeltaAppendOnly}) when {@code delta.appendOnly} is not set, naming the commits that turned it off and
   * the statement that sets it. Needs no column named.
   *
   * <pre>{@code
   * backtest.check(DeltaHistory.of(spark, "/lake/status").appendOnlyAudit());
   * }</pre>
   */
  public Check appendOnlyAudit() {
    return Check.of("append-only audit of the Delta table '" + path + "'", context -> auditAppendOnly()
        .<List<Finding>>map(List::of).orElse(List.of()));
  }

  /**
   * The guard audit on its own, outside any backtest: reads the log at one version and returns the finding when
   * {@code delta.appendOnly} is not set, empty when it is. A data engineer asks it of a table directly:
   *
   * <pre>{@code
   * DeltaHistory.of(spark, "/lake/status").auditAppendOnly().ifPresent(finding -> {
   *   System.out.println(finding.render().headline());
   *   finding.turnedOff().forEach(c -> System.out.println("  " + c.version() + " " + c.operation() + " " + c.time()));
   *   System.out.println("fix: " + finding.fixStatement());
   * });
   * }</pre>
   */
  public Optional<DeltaAppendOnly> auditAppendOnly() {
    TableLog log = DeltaLogFiles.read(store(), atVersion, null, ReadProgress.NONE);
    if ("true".equalsIgnoreCase(log.properties().get(DeltaAppendOnly.PROPERTY))) {
      return Optional.empty();
    }
    List<LogCommit> turnedOff = new ArrayList<>();
    for (TableLog.Commit commit : log.commits()) {
      if (commit.liftedGuard()) {
        turnedOff.add(commit.commit());
      }
    }
    return Optional.of(new DeltaAppendOnly(log.table(), log.version(), turnedOff));
  }

  private TableHistory read(Window window) {
    if (partitionColumn == null || validTimeColumn == null) {
      throw new IllegalArgumentException("the history of the Delta table '" + path + "' needs "
          + (partitionColumn == null ? "a partition column" : "a valid-time column") + " named: call "
          + ".partitionColumn(\"day\").validTimeColumn(\"day\") (your columns) before since(...). Nothing was read.");
    }
    DeltaLogStore store = store();
    TableLog log = DeltaLogFiles.read(store, atVersion, new DeltaColumns(partitionColumn, validTimeColumn),
        progress);
    return LogJudge.judge(log, window, closedAfterDays, changedRows(spark, store, log, partitionColumn, keyColumn));
  }

  /**
   * Where the example rows of {@code log}'s rewriting commits come from: the change data feed through Spark, else
   * the change-data files through parquet-hadoop, else a line saying why none are shown. One rule for every reader
   * of a Delta log's rewrites (this class, and the tripwire's trace).
   */
  static ChangedRows changedRows(SparkSession spark, DeltaLogStore store, TableLog log, String partitionColumn,
      String keyColumn) {
    if (!"true".equalsIgnoreCase(log.properties().get(DeltaChangeFeed.ENABLED))) {
      return rewrites -> new ChangedRows.Examples(Map.of(), "no example rows: the table's change data feed is off ("
          + DeltaChangeFeed.ENABLED + "), so it keeps no rows before and after a commit");
    }
    if (spark != null) {
      return new DeltaChangeFeed(spark, log.table(), partitionColumn, keyColumn);
    }
    if (store instanceof LocalDeltaLogStore local && DeltaChangeFiles.readable(local.root())) {
      return new DeltaChangeFiles(local.root(), log, keyColumn);
    }
    return rewrites -> new ChangedRows.Examples(ChangedRows.everywhere(rewrites, EXAMPLES_NOT_READ),
        "example rows not read: the log was read without Spark (DeltaHistory.of(path)), and the change-data "
        + "files are read through parquet-hadoop, not on this class path");
  }

  /** What a rewrite read without Spark or parquet-hadoop says in place of its example rows. */
  static final String EXAMPLES_NOT_READ = "none shown, because the log was read without Spark (DeltaHistory.of("
      + "path)) and the rows before and after are in the commit's change-data files (Parquet), which this reader "
      + "reads through parquet-hadoop, not on this class path. The commit, partition and row counts are complete; "
      + "put parquet-hadoop on the class path (the command line's jar holds it), or read the history with "
      + "DeltaHistory.of(spark, path), to see the rows.";

  private DeltaLogStore store() {
    return spark != null ? SparkDeltaLogStore.of(spark, path) : LocalDeltaLogStore.of(path);
  }

  private static String name(String column, String what) {
    if (column == null || column.isBlank()) {
      throw new IllegalArgumentException(what + " is blank: pass the column's name as the table spells it.");
    }
    return column;
  }
}
