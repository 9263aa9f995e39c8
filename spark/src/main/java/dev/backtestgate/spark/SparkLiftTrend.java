package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.udf;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.lifttrend.LiftPeriods;
import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.lifttrend.PeriodLift;
import dev.backtestgate.metrics.AucComparison;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataTypes;
import org.apiguardian.api.API;

/**
 * The lift-trend test over a DataFrame, equal to the in-memory {@link LiftTrend#measure} on the same rows: the same
 * periods, each measured period's comparison from {@link SparkDeLong#compare} on its rows (bit for bit the in-memory
 * {@code DeLong.compare}), and the same statistics ({@link LiftTrend#test}), so the same finding.
 *
 * <p>One aggregation finds the first and last decision and one counts each period's classes; then all periods'
 * comparisons come from one pass of {@link SparkDeLong}'s lookup over the (cached) rows, the placements counted per
 * (period, score). With more distinct (period, score) pairs than a lookup holds, each measured period is one paired
 * comparison over the rows of that period instead.
 *
 * <pre>{@code
 * LiftTrend t = SparkLiftTrend.measure(scored, "defaulted", "candidate", "baseline", "decisionTime",
 *     LiftTrendSettings.defaults(), 0.95);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class SparkLiftTrend {
  private static final String OWNER = "lift trend";
  private static final String TIME = "__t";
  private static final String PERIOD = "__p";

  private SparkLiftTrend() {}

  /**
   * Splits the rows by decision-time period, compares the candidate with the baseline per period and tests the lifts.
   *
   * @param decisionTime a column of epoch milliseconds (bigint) or timestamps
   * @throws IllegalArgumentException for invalid labels or scores (as {@link SparkDeLong#compare} says), and when the
   *     periods would be more than {@link LiftTrendSettings#MAX_PERIODS}
   */
  public static LiftTrend measure(Dataset<Row> data, String label, String candidate, String baseline,
      String decisionTime, LiftTrendSettings settings, double confidenceLevel) {
    return measure(data, label, candidate, baseline, decisionTime, settings, confidenceLevel,
        ScoreTable.COLLECT_BOUND);
  }

  /**
   * As the public {@code measure}, the periods' placements looked up when there are at most {@code maxLookupScores}
   * distinct (period, score) pairs per model, one {@link SparkDeLong#compare} per measured period otherwise; both give
   * the same trend.
   */
  static LiftTrend measure(Dataset<Row> data, String label, String candidate, String baseline,
      String decisionTime, LiftTrendSettings settings, double confidenceLevel, long maxLookupScores) {
    SparkDeLong.requireConfidenceLevel(confidenceLevel);
    SparkColumns.requireColumns(data, "the data", decisionTime);
    LabelledScores scores = LabelledScores.of(data, label, List.of(candidate, baseline),
        List.of(SparkColumns.millis(data, decisionTime, OWNER).as(TIME)), 0, "a lift trend");
    if (scores.positives + scores.negatives == 0) {
      return LiftTrend.measure(new boolean[0], new double[0], new double[0], new long[0], settings, confidenceLevel);
    }
    Row range = scores.rows.agg(min(col(TIME)), max(col(TIME))).first();
    if (range.isNullAt(0)) {
      throw new IllegalArgumentException(OWNER + ": decision-time column '" + decisionTime + "' is null in every row;"
          + " every row needs its decision time");
    }
    List<LiftPeriods.Span> spans = settings.periods().spans(range.getLong(0), range.getLong(1));
    long[] starts = new long[spans.size()];
    for (int k = 0; k < starts.length; k++) {
      starts[k] = spans.get(k).start().toEpochMilli();
    }
    UserDefinedFunction periodOf = udf((UDF1<Long, Integer>) t -> {
      int found = Arrays.binarySearch(starts, t);
      return found >= 0 ? found : -found - 2;
    }, DataTypes.IntegerType);
    Dataset<Row> rows = scores.rows.withColumn(PERIOD, periodOf.apply(col(TIME))).persist();
    try {
      long[] positives = new long[spans.size()];
      long[] negatives = new long[spans.size()];
      for (Row r : rows.groupBy(PERIOD, LabelledScores.LABEL).count().collectAsList()) {
        (r.getBoolean(1) ? positives : negatives)[r.getInt(0)] = r.getLong(2);
      }
      Optional<SparkDeLong.Sums[]> byPeriod =
          SparkDeLong.byLookup(rows, col(PERIOD), positives, candidate, baseline, maxLookupScores);
      List<PeriodLift> periods = new ArrayList<>(spans.size());
      for (LiftPeriods.Span span : spans) {
        int k = span.index();
        Optional<AucComparison> comparison = Optional.empty();
        if (positives[k] >= settings.minClass() && negatives[k] >= settings.minClass()) {
          comparison = Optional.of(byPeriod.isPresent()
              ? byPeriod.get()[k].comparison(positives[k], negatives[k], confidenceLevel)
              : SparkDeLong.compare(rows.filter(col(PERIOD).equalTo(k)), LabelledScores.LABEL, "s0", "s1",
                  confidenceLevel));
        }
        periods.add(new PeriodLift(k, span.name(), span.start(), span.end(), positives[k], negatives[k],
            comparison));
      }
      return LiftTrend.test(periods, settings);
    } finally {
      rows.unpersist();
    }
  }
}
