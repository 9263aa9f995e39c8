package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.ReadProgress;
import dev.backtestgate.time.EventLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apiguardian.api.API;

/**
 * A Delta table with only valid time made bitemporal by its log: each value's {@code recordedAt} is the commit
 * time that first made it visible. Inserted and updated rows become events (entity, validFrom = the valid-time column,
 * recordedAt = commit time, value); commits that change no data (OPTIMIZE, Z-order) add none. The result feeds the
 * in-memory {@code PointInTimeJoin}, which then sees, at each decision time, what the table held at that time.
 *
 * <pre>{@code
 * EventLog balance = DeltaEvents.of(spark, "/lake/balances").entityColumn("account_id")
 *     .validTimeColumn("day").numeric("balance");
 * FeatureTable features = PointInTimeJoin.builder().build().join(spine, balance);
 * }</pre>
 *
 * <p>Two routes give the same events. With the change data feed on since version 0 the changed rows are read from
 * it; otherwise the table is read at every version ({@code versionAsOf}) and consecutive versions are compared
 * by (entity, valid time), which therefore must identify a row. Deleted rows are modelled: after the commit that
 * deleted a row, the join sees the entity's row before it in valid time (or a missing value when none is left),
 * exactly what the table shows. Commit times are the ones Delta reports ({@code DESCRIBE HISTORY},
 * {@code _commit_timestamp}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DeltaEvents {
  private final SparkSession spark;
  private final String path;
  private final String entityColumn;
  private final String validTimeColumn;
  private final long atVersion;
  private boolean forceTimeTravel;

  private DeltaEvents(SparkSession spark, String path, String entityColumn, String validTimeColumn, long atVersion) {
    this.spark = spark;
    this.path = path;
    this.entityColumn = entityColumn;
    this.validTimeColumn = validTimeColumn;
    this.atVersion = atVersion;
  }

  /** The events of the Delta table at {@code path}. */
  public static DeltaEvents of(SparkSession spark, String path) {
    Objects.requireNonNull(spark, "spark: pass the SparkSession that reads the table");
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("the Delta table path is blank: pass the table's root directory.");
    }
    return new DeltaEvents(spark, path, null, null, -1);
  }

  /** The BIGINT column holding the entity (account, customer) id. */
  public DeltaEvents entityColumn(String column) {
    return new DeltaEvents(spark, path, Objects.requireNonNull(column, "entityColumn"), validTimeColumn, atVersion);
  }

  /** The DATE or TIMESTAMP column that says when a row's value became valid. */
  public DeltaEvents validTimeColumn(String column) {
    return new DeltaEvents(spark, path, entityColumn, Objects.requireNonNull(column, "validTimeColumn"), atVersion);
  }

  /** Reads the feed up to this version instead of the latest. */
  public DeltaEvents atVersion(long version) {
    if (version < 0) {
      throw new IllegalArgumentException("atVersion must be a table version (0 or more), got " + version);
    }
    return new DeltaEvents(spark, path, entityColumn, validTimeColumn, version);
  }

  /**
   * The numeric feature {@code valueColumn} as an event log named after it; a NULL value is missing. Read from
   * the change data feed when it is on since version 0, else by time travel: the table is read at every version
   * ({@code versionAsOf}) and consecutive versions are compared by (entity, valid time).
   */
  public EventLog numeric(String valueColumn) {
    if (entityColumn == null || validTimeColumn == null) {
      throw new IllegalArgumentException("the events of the Delta table '" + path + "' need an entity column and a "
          + "valid-time column named: call .entityColumn(\"account_id\").validTimeColumn(\"day\") first.");
    }
    Objects.requireNonNull(valueColumn, "valueColumn");
    TableLog log = DeltaLogFiles.read(SparkDeltaLogStore.of(spark, path), atVersion, null, ReadProgress.NONE);
    if (!log.fromStart()) {
      throw new IllegalArgumentException("the Delta table '" + log.table() + "' cannot give each value the commit "
          + "time that made it visible: its log no longer starts at version 0 (oldest commit held: "
          + log.firstReadable() + "; " + log.retention() + "). Keep the log from the table's creation ("
          + log.retentionFix() + ") and read a table whose log was not cleaned up.");
    }
    return feedSinceCreation(log) && !forceTimeTravel ? fromChangeFeed(log, valueColumn)
        : fromTimeTravel(log, valueColumn);
  }

  /** Whether every commit of the log, from version 0 on, kept the change data feed on. */
  private static boolean feedSinceCreation(TableLog log) {
    boolean on = false;
    for (TableLog.Commit commit : log.commits()) {
      if (commit.properties() != null) {
        on = "true".equalsIgnoreCase(commit.properties().get(DeltaChangeFeed.ENABLED));
      }
      if (!on) {
        return false;
      }
    }
    return on;
  }

  /** This reader, always by time travel (tests compare both routes on one table). */
  DeltaEvents timeTravel() {
    DeltaEvents events = new DeltaEvents(spark, path, entityColumn, validTimeColumn, atVersion);
    events.forceTimeTravel = true;
    return events;
  }

  private EventLog fromChangeFeed(TableLog log, String valueColumn) {
    Map<Long, Long> times = commitTimes(log);
    List<Row> changes = rows(spark.read().format("delta").option("readChangeFeed", "true")
        .option("startingVersion", 0).option("endingVersion", log.version()).load(log.table())
        .where("_change_type IN ('insert', 'update_postimage', 'delete', 'update_preimage')"), valueColumn,
        "_commit_version", "CASE WHEN _change_type IN ('delete', 'update_preimage') THEN -1 ELSE 1 END")
        .orderBy("_commit_version").collectAsList();
    TransactionTimeEvents events = new TransactionTimeEvents("the Delta table '" + log.table() + "'", valueColumn);
    int i = 0;
    while (i < changes.size()) {
      long version = changes.get(i).getLong(3);
      int end = i;
      while (end < changes.size() && changes.get(end).getLong(3) == version) {
        end++;
      }
      apply(events, log, version, times, changes.subList(i, end));
      i = end;
    }
    return events.build();
  }

  private EventLog fromTimeTravel(TableLog log, String valueColumn) {
    Map<Long, Long> times = commitTimes(log);
    TransactionTimeEvents events = new TransactionTimeEvents("the Delta table '" + log.table() + "'", valueColumn);
    Dataset<Row> before = null;
    for (long version = 0; version <= log.version(); version++) {
      Dataset<Row> now = null;
      List<Row> changed;
      try {
        now = rows(spark.read().format("delta").option("versionAsOf", version).load(log.table()), valueColumn,
            "1 AS sign");
        Dataset<Row> diff = before == null ? now : now.unionAll(before.withColumn("sign", functions.lit(-1)));
        changed = diff.groupBy("e", "v", "x").agg(functions.sum("sign").cast("int").as("n"))
            .where("n <> 0").selectExpr("e", "v", "x", "n").collectAsList();
      } catch (Exception e) {
        throw new IllegalArgumentException("the Delta table '" + log.table() + "' could not be read at version "
            + version + " to build transaction-time events by time travel (" + firstLine(e) + "). Its change data "
            + "feed is off, so every version must stay readable: do not VACUUM it below the versions read, or turn "
            + "the feed on (TBLPROPERTIES ('" + DeltaChangeFeed.ENABLED + "' = 'true')) when the table is created.",
            e);
      }
      apply(events, log, version, times, expand(changed));
      before = now.drop("sign");
    }
    return events.build();
  }

  /** Each changed row (e, v, x, n) as |n| rows (e, v, x, version placeholder, sign). */
  private static List<Row> expand(List<Row> changed) {
    List<Row> rows = new ArrayList<>();
    for (Row row : changed) {
      int n = row.getInt(3);
      for (int k = 0; k < Math.abs(n); k++) {
        rows.add(org.apache.spark.sql.RowFactory.create(row.get(0), row.get(1), row.get(2), 0L, Integer.signum(n)));
      }
    }
    return rows;
  }

  /** The rows (e, v, x, extra...) of {@code data}: entity, valid time in epoch ms, value as double. */
  private Dataset<Row> rows(Dataset<Row> data, String valueColumn, String... extra) {
    List<String> columns = new ArrayList<>(List.of("CAST(" + quote(entityColumn) + " AS BIGINT) AS e",
        "CAST(unix_micros(CAST(" + quote(validTimeColumn) + " AS TIMESTAMP)) DIV 1000 AS BIGINT) AS v",
        "CAST(" + quote(valueColumn) + " AS DOUBLE) AS x"));
    columns.addAll(List.of(extra));
    return data.selectExpr(columns.toArray(String[]::new));
  }

  /** Applies one commit's changed rows (e, v, x, _, sign): removals first, then additions. */
  private void apply(TransactionTimeEvents events, TableLog log, long version, Map<Long, Long> times,
      List<Row> changes) {
    if (changes.isEmpty()) {
      return;
    }
    Long time = times.get(version);
    if (time == null) {
      throw new IllegalStateException("the history of the Delta table '" + log.table() + "' has no commit time "
          + "for version " + version + ", which changed rows: read it again at a fixed version (atVersion).");
    }
    events.begin("version " + version, time);
    for (int sign : new int[] {-1, 1}) {
      for (Row row : changes) {
        if (row.getInt(4) != sign) {
          continue;
        }
        if (row.isNullAt(0) || row.isNullAt(1)) {
          throw new IllegalArgumentException("the Delta table '" + log.table() + "' has a row with no "
              + (row.isNullAt(0) ? entityColumn : validTimeColumn) + " at version " + version
              + ": every event needs an entity and a valid time.");
        }
        if (sign < 0) {
          events.remove(row.getLong(0), row.getLong(1));
        } else {
          events.add(row.getLong(0), row.getLong(1), row.isNullAt(2) ? Double.NaN : row.getDouble(2));
        }
      }
    }
    events.end();
  }

  /** Version to commit time (epoch ms) as Delta reports it, the same time the change data feed carries. */
  private Map<Long, Long> commitTimes(TableLog log) {
    Map<Long, Long> times = new HashMap<>();
    for (Row row : spark.sql("DESCRIBE HISTORY " + "delta.`" + log.table().replace("`", "``") + "`")
        .selectExpr("version", "CAST(unix_micros(timestamp) DIV 1000 AS BIGINT)").collectAsList()) {
      times.put(row.getLong(0), row.getLong(1));
    }
    return times;
  }

  private static String firstLine(Exception e) {
    return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
  }

  private static String quote(String column) {
    return "`" + column.replace("`", "``") + "`";
  }
}
