package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.time.EventLog;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apiguardian.api.API;

/**
 * A Delta table with only valid time made bitemporal by its log: each value's {@code recordedAt} is the commit
 * time that first made it visible, read from the change data feed ({@code delta.enableChangeDataFeed = true} since
 * the first version read). Inserted and updated rows become events (entity, validFrom = the valid-time column,
 * recordedAt = commit time, value); commits that change no data (OPTIMIZE, Z-order) add none. The result feeds the
 * in-memory {@code PointInTimeJoin}, which then sees, at each decision time, what the table held at that time.
 *
 * <pre>{@code
 * EventLog balance = DeltaEvents.of(spark, "/lake/balances").entityColumn("account_id")
 *     .validTimeColumn("day").numeric("balance");
 * FeatureTable features = PointInTimeJoin.builder().build().join(spine, balance);
 * }</pre>
 *
 * <p>Deleted rows are not modelled: a value stays known after a commit deleted it. Read a table whose history is
 * appended and updated, never deleted (the tables the history check passes).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DeltaEvents {
  private final SparkSession spark;
  private final String path;
  private final String entityColumn;
  private final String validTimeColumn;
  private final long atVersion;

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

  /** The numeric feature {@code valueColumn} as an event log named after it; a NULL value is missing. */
  public EventLog numeric(String valueColumn) {
    if (entityColumn == null || validTimeColumn == null) {
      throw new IllegalArgumentException("the events of the Delta table '" + path + "' need an entity column and a "
          + "valid-time column named: call .entityColumn(\"account_id\").validTimeColumn(\"day\") first.");
    }
    TableLog log = DeltaLogFiles.read(spark, path, atVersion, null);
    if (!log.fromStart() || !"true".equalsIgnoreCase(log.properties().get(DeltaChangeFeed.ENABLED))) {
      throw new IllegalArgumentException("the Delta table '" + log.table() + "' cannot give each value the commit "
          + "time that made it visible: " + (log.fromStart() ? DeltaChangeFeed.ENABLED + " is not true"
          : "its log no longer starts at version 0") + ". Turn the change data feed on when the table is created "
          + "(TBLPROPERTIES ('" + DeltaChangeFeed.ENABLED + "' = 'true')) and keep its log.");
    }
    Dataset<Row> changes = spark.read().format("delta").option("readChangeFeed", "true")
        .option("startingVersion", 0).option("endingVersion", log.version()).load(log.table())
        .where("_change_type IN ('insert', 'update_postimage')")
        .selectExpr("CAST(" + quote(entityColumn) + " AS BIGINT)",
            "CAST(unix_micros(CAST(" + quote(validTimeColumn) + " AS TIMESTAMP)) DIV 1000 AS BIGINT)",
            "CAST(unix_micros(_commit_timestamp) DIV 1000 AS BIGINT)", "CAST(" + quote(valueColumn) + " AS DOUBLE)",
            "_commit_version")
        .orderBy("_commit_version");
    EventLog.NumericBuilder events = EventLog.numericBuilder(valueColumn)
        .missingValues(dev.backtestgate.time.MissingValues.KEEP);
    for (Row row : changes.collectAsList()) {
      if (row.isNullAt(0) || row.isNullAt(1)) {
        throw new IllegalArgumentException("the Delta table '" + log.table() + "' has a row with no "
            + (row.isNullAt(0) ? entityColumn : validTimeColumn) + " in commit " + row.getLong(4)
            + ": every event needs an entity and a valid time.");
      }
      events.add(row.getLong(0), row.getLong(1), row.getLong(2), row.isNullAt(3) ? Double.NaN : row.getDouble(3));
    }
    return events.build();
  }

  private static String quote(String column) {
    return "`" + column.replace("`", "``") + "`";
  }
}
