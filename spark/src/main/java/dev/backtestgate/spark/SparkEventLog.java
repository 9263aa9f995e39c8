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
 * <p>A log whose events declare corrections names two more columns with {@link #withCorrections}: the id of
 * the event a row corrects (integral, {@code null} when it corrects nothing; default {@value #CORRECTS}) and the
 * reason code ({@code null} exactly when the pointer is; default {@value #REASON}). The late-write detector
 * then lists declared corrections by reason code; the join never reads them.
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
 * @param corrects the column with the id of the corrected event, or {@code null} when the log declares none
 * @param reason the reason-code column, or {@code null} when the log declares none
 */
@API(status = STABLE, since = "0.1")
public record SparkEventLog(String name, Dataset<Row> events, String corrects, String reason) {
  public static final String ENTITY = "entity";
  public static final String VALID_FROM = "validFrom";
  public static final String RECORDED_AT = "recordedAt";
  public static final String EVENT_ID = "eventId";
  public static final String VALUE = "value";
  /** The default column of the corrected event's id. */
  public static final String CORRECTS = "corrects";
  /** The default reason-code column. */
  public static final String REASON = "reason";

  public SparkEventLog {
    Objects.requireNonNull(name, "event log name must not be null");
    if (name.isBlank()) {
      throw new IllegalArgumentException("event log name must not be blank");
    }
    Objects.requireNonNull(events, () -> "the events of '" + name + "' must not be null");
    SparkColumns.requireColumns(
        events, "event log '" + name + "'", ENTITY, VALID_FROM, RECORDED_AT, EVENT_ID, VALUE);
    if ((corrects == null) != (reason == null)) {
      throw new IllegalArgumentException("event log '" + name + "': name both correction columns or neither "
          + "(corrects " + corrects + ", reason " + reason + "); use withCorrections()");
    }
    if (corrects != null) {
      SparkColumns.requireColumns(events, "event log '" + name + "'", corrects, reason);
    }
  }

  /** A log that declares no corrections. */
  public SparkEventLog(String name, Dataset<Row> events) {
    this(name, events, null, null);
  }

  /** Whether the log names correction columns. */
  public boolean declaresCorrections() {
    return corrects != null;
  }

  /** This log with the correction columns {@value #CORRECTS} and {@value #REASON}. */
  public SparkEventLog withCorrections() {
    return withCorrections(CORRECTS, REASON);
  }

  /** This log with correction columns of other names. */
  public SparkEventLog withCorrections(String correctsColumn, String reasonColumn) {
    Objects.requireNonNull(correctsColumn, "corrects column");
    Objects.requireNonNull(reasonColumn, "reason column");
    return new SparkEventLog(name, events, correctsColumn, reasonColumn);
  }

  /** The log named {@code name} over {@code events}; see the class description for the columns. */
  public static SparkEventLog of(String name, Dataset<Row> events) {
    return new SparkEventLog(name, events);
  }
}
