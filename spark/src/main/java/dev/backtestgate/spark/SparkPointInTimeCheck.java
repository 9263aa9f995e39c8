package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.pointintime.PointInTimeCheck;
import dev.backtestgate.pointintime.PointInTimeViolation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apiguardian.api.API;

/**
 * The in-memory {@link PointInTimeCheck} over a DataFrame: a value may be used for a decision at time t only
 * if {@code knownAt + lag <= t}. Returns the same {@link PointInTimeViolation} (counts, largest lead and the
 * first {@value PointInTimeCheck#MAX_EXAMPLES} affected rows by row number) as the in-memory check on the
 * same rows, numbered by a row-number column. One aggregation and one bounded top-k query per feature.
 * Times are assumed within about ±2^62 ms, where {@code knownAt + lag - t} cannot overflow.
 *
 * <pre>{@code
 * Optional<PointInTimeViolation> leak = SparkPointInTimeCheck.check(training, "rowId", "decisionTime",
 *     "balance", "balance_knownAt", Duration.ZERO);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SparkPointInTimeCheck {
  private SparkPointInTimeCheck() {}

  /**
   * Checks one feature.
   *
   * @param rowId an integral row number (0 .. rows - 1), used to order and name the examples
   * @param knownAt the knowledge time in epoch ms, null where the row has no value
   * @throws IllegalArgumentException if a column is missing or not integral, or there are more than
   *     2^31 - 1 rows (the violation's counts are ints)
   */
  public static Optional<PointInTimeViolation> check(
      Dataset<Row> data, String rowId, String decisionTime, String feature, String knownAt, Duration lag) {
    SparkColumns.requireColumns(data, "the data", rowId, decisionTime, knownAt);
    long lagMillis = SparkColumns.nonNegativeMillis(lag, "availability lag");
    String owner = "feature '" + feature + "'";
    Column lead = SparkColumns.millis(data, knownAt, owner).plus(lit(lagMillis))
        .minus(SparkColumns.millis(data, decisionTime, owner));
    Dataset<Row> rows = data.select(
        SparkColumns.longId(data, rowId, owner).as("row"),
        SparkColumns.millis(data, decisionTime, owner).as("t"),
        SparkColumns.millis(data, knownAt, owner).as("k"),
        lead.as("lead"));
    Row totals = rows.agg(count(lit(1)), count(col("k")),
        sum(when(col("lead").gt(0), 1L).otherwise(0L)), max(when(col("lead").gt(0), col("lead")))).first();
    long all = totals.getLong(0);
    if (all > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(owner + ": " + all + " rows, more than a PointInTimeViolation counts"
          + " (2^31 - 1); check slices of the data (for example per month of decision time)");
    }
    long affected = totals.isNullAt(2) ? 0 : totals.getLong(2);
    if (affected == 0) {
      return Optional.empty();
    }
    List<PointInTimeViolation.ExampleRow> examples = new ArrayList<>();
    for (Row r : rows.filter(col("lead").gt(0)).orderBy("row").limit(PointInTimeCheck.MAX_EXAMPLES)
        .collectAsList()) {
      examples.add(new PointInTimeViolation.ExampleRow(
          Math.toIntExact(r.getLong(0)), Instant.ofEpochMilli(r.getLong(1)), Instant.ofEpochMilli(r.getLong(2))));
    }
    return Optional.of(new PointInTimeViolation(feature, (int) affected, (int) totals.getLong(1), (int) all,
        Duration.ofMillis(totals.getLong(3)), lag, examples));
  }
}
