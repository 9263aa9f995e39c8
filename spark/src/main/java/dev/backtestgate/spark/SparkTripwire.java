package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.tripwire.OutcomeColumns;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StringType;
import org.apiguardian.api.API;

/**
 * The tripwire ({@link Tripwire}) on production outcomes held in a Spark DataFrame: the columns named by the rule of
 * {@link OutcomeColumns} ({@code decidedAt}, {@code candidateScore}, {@code label}, {@code labelKnownAt}, optionally
 * {@code baselineScore}, {@code decisionId}, {@code entity}), times as timestamps or epoch milliseconds
 * ({@link SparkColumns#millis}: a timestamp without a time zone as UTC). One scan, streamed to the driver a
 * partition at a time, collects only those columns (served features stay in Spark); the statistic and its boundary
 * are then the in-memory tripwire's, so both judge alike.
 *
 * <pre>{@code
 * TripwireResult result = SparkTripwire.check(claim, spark.table("prod.churn_decisions"), Instant.now(),
 *     TripwireSettings.defaults());
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class SparkTripwire {
  private static final String OWNER = "SparkTripwire";

  private SparkTripwire() {}

  /**
   * One look at {@code checkTime}.
   *
   * @throws IllegalArgumentException when a column or a value breaks the outcomes' rule, or the outcomes cannot be
   *     held to the claim ({@link Tripwire#check}); each message names the value and the fix
   */
  public static TripwireResult check(Claim claim, Dataset<Row> outcomes, Instant checkTime,
      TripwireSettings settings) {
    return Tripwire.check(claim, outcomes(outcomes), checkTime, settings);
  }

  /**
   * The outcomes the frame holds, without its served features: the rule's columns only, read in one scan.
   *
   * @throws IllegalArgumentException naming the column, the row and the fix
   */
  public static Outcomes outcomes(Dataset<Row> frame) {
    List<String> columns = Arrays.asList(frame.columns());
    OutcomeColumns.rows("the DataFrame", columns);   // the rule's header checks: missing, twice, misspelt
    List<String> header = new ArrayList<>(OutcomeColumns.REQUIRED);
    OutcomeColumns.OPTIONAL.stream().filter(columns::contains).forEach(header::add);
    List<Column> selected = new ArrayList<>();
    for (String name : header) {
      selected.add(column(frame, name).as(name));
    }
    OutcomeColumns.Rows rows = OutcomeColumns.rows("the DataFrame", header);
    long index = 0;
    Iterator<Row> scan = frame.select(selected.toArray(Column[]::new)).toLocalIterator();
    while (scan.hasNext()) {
      Row row = scan.next();
      rows.add("row " + index++, row::get);   // typed values, read by the rule without a round trip through text
    }
    return rows.build();
  }

  /** One rule column, typed as the rule reads it: times as epoch milliseconds, text ids as text. */
  private static Column column(Dataset<Row> frame, String name) {
    DataType type = SparkColumns.type(frame, name);
    return switch (name) {
      case "decidedAt", "labelKnownAt" -> type instanceof StringType ? col(name) : SparkColumns.millis(frame, name,
          OWNER);
      case "candidateScore", "baselineScore" -> type instanceof StringType ? col(name)
          : col(name).cast(DataTypes.DoubleType);
      case "label" -> SparkColumns.integral(type) ? col(name).cast(DataTypes.LongType) : col(name);
      default -> col(name).cast(DataTypes.StringType);
    };
  }
}
