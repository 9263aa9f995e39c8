package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apiguardian.api.API;

/**
 * One feature's bitemporal event log as a Spark DataFrame: the distributed counterpart of the in-memory
 * {@code EventLog}. The DataFrame has the columns
 *
 * <ul>
 *   <li>{@value #ENTITY}: the entity (integral or string; the same type as the spine's entity column);
 *   <li>{@value #VALID_FROM}, {@value #RECORDED_AT}: epoch milliseconds (integral) or timestamps;
 *   <li>{@value #EVENT_ID}: an integral id, unique within the log. It names the event in the join's
 *       output and plays the part of the in-memory log's position: of two events with equal validFrom and
 *       recordedAt, the one with the greater id wins;
 *   <li>{@value #VALUE}: the value, of any type; {@code null} (and NaN) is a missing value.
 * </ul>
 *
 * Other columns are ignored. Rename columns with {@code withColumnRenamed} first if yours differ.
 *
 * <pre>{@code
 * SparkEventLog balance = SparkEventLog.of("balance",
 *     spark.table("balance_events").selectExpr(
 *         "customer AS entity", "valid_from AS validFrom", "recorded_at AS recordedAt",
 *         "event_id AS eventId", "amount AS value"));
 * }</pre>
 *
 * @param name the feature name the log is joined as
 * @param events the events
 */
@API(status = STABLE, since = "0.1")
public record SparkEventLog(String name, Dataset<Row> events) {
  public static final String ENTITY = "entity";
  public static final String VALID_FROM = "validFrom";
  public static final String RECORDED_AT = "recordedAt";
  public static final String EVENT_ID = "eventId";
  public static final String VALUE = "value";

  public SparkEventLog {
    Objects.requireNonNull(name, "event log name must not be null");
    if (name.isBlank()) {
      throw new IllegalArgumentException("event log name must not be blank");
    }
    Objects.requireNonNull(events, () -> "the events of '" + name + "' must not be null");
    SparkColumns.requireColumns(
        events, "event log '" + name + "'", ENTITY, VALID_FROM, RECORDED_AT, EVENT_ID, VALUE);
  }

  /** The log named {@code name} over {@code events}; see the class description for the columns. */
  public static SparkEventLog of(String name, Dataset<Row> events) {
    return new SparkEventLog(name, events);
  }
}
