package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_distinct;
import static org.apache.spark.sql.functions.isnan;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.udf;
import static org.apache.spark.sql.functions.when;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.screen.featurelabel.FeatureLabelScreen;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import java.util.List;
import java.util.Objects;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apiguardian.api.API;

/**
 * The feature–label screen over a DataFrame: one feature alone ranked against the labels, equal to the in-memory
 * {@link FeatureLabelScreen#screen} on the same rows (to the last bit: the same exact integer sums go into the same
 * floating-point steps), where the in-memory row {@code i} is the row whose row id is {@code i}.
 *
 * <ul>
 *   <li><b>Numeric</b> ({@link #numeric}): the values are the scores; null or NaN is missing, ranked as one group
 *       below every present value (as the in-memory {@code NaN}).
 *   <li><b>Categorical</b> ({@link #categorical}): a column of any type, null being a category of its own (the
 *       in-memory code {@code -1}); each row scores its category's positive rate in the other folds, {@code
 *       (positives + prior) / (rows + 1)}. The fold of a row is {@link FeatureLabelScreen#fold(long)} of its
 *       <em>row id</em>: the result equals the in-memory screen when the row ids number the rows {@code 0 .. n - 1}
 *       in the run's order (as {@code SparkGateEvidence}'s row ids do). Other distinct ids give a screen just as
 *       valid, with other folds. Row ids must be distinct and not null (checked in the feature's aggregation).
 * </ul>
 *
 * <p>Then, as in memory: the AUC of those scores from the exact pair count, with the DeLong interval when there are
 * at least 2 positives and 2 negatives, the direction taken out ({@code max(AUC, 1 - AUC)}, the interval mirrored
 * with it) and {@code perfect} when the AUC is exactly 1 or 0.
 *
 * <p>Cost per feature. <b>Numeric</b>: one aggregating scan of the rows, grouped by value, counts each distinct
 * value's positives and negatives and, in the same aggregation, the refusals (null row ids, infinite values, null or
 * bad labels) and the missing values; the counts per distinct value then reach the driver (as primitive arrays, a
 * few MB) where one sort and one scan give the exact sums. Above 5 million distinct values they stay on the cluster
 * instead ({@link ScoreTable}: a sort and two scans of the distinct values). An example row of a refusal is found by
 * a second scan, on that error path only. <b>Categorical</b>: one aggregation over the rows for the counts (missing
 * values, distinct categories and row ids, null or bad labels, positives), then a group-by per (category, fold),
 * whose totals per category are joined back to the cells, not to the rows; the counts per distinct score (at most 5
 * per category) are summed on the driver as above. Never the rows reach the driver.
 *
 * <pre>{@code
 * FeatureScore balance = SparkFeatureLabelScreen.numeric(scored, "defaulted", "rowId", "balance", "balance", 0.95);
 * FeatureScore branch = SparkFeatureLabelScreen.categorical(scored, "defaulted", "rowId", "branch", "branch_code",
 *     0.95);
 * if (balance.auc() >= 0.90 || balance.perfect()) ... // likely derived from the label
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SparkFeatureLabelScreen {
  private static final String SCORE = "__feature_score";
  /** Flags of a row in the numeric screen's aggregation. */
  private static final int ROW_NULL = 1;
  private static final int INFINITE = 2;
  private static final int MISSING = 4;
  private static final int LABEL_NULL = 8;
  private static final int LABEL_BAD = 16;
  private static final String CATEGORY = "c";
  private static final String FOLD = "f";
  /** The in-memory {@code FeatureColumn} type names. */
  private static final String NUMERIC = "numeric";
  private static final String CATEGORICAL = "categorical";

  private static final UserDefinedFunction FOLD_OF_ROW = udf(
      (UDF1<Long, Integer>) row -> row == null ? null : FeatureLabelScreen.fold(row), DataTypes.IntegerType);

  private SparkFeatureLabelScreen() {}

  /**
   * Screens the numeric column {@code valueColumn} as feature {@code feature}.
   *
   * @param label boolean, or integral 0/1 with 1 positive
   * @param rowId integral, not null: names the example row of a refusal
   * @param confidenceLevel strictly between 0 and 1, for example 0.95
   * @throws IllegalArgumentException naming the feature, with an example row id and the fix: a missing or
   *     non-numeric column, null row ids, an infinite value, missing values beside {@code -Double.MAX_VALUE},
   *     labels null, other than 0/1 or of one class
   */
  public static FeatureScore numeric(Dataset<Row> data, String label, String rowId, String feature,
      String valueColumn, double confidenceLevel) {
    return screen(data, label, rowId, feature, valueColumn, confidenceLevel, true, ScoreTable.COLLECT_BOUND);
  }

  /**
   * Screens column {@code valueColumn} (any type that Spark can group by; null is missing) as the categorical
   * feature {@code feature}, folds following {@code rowId} as the class comment says.
   *
   * @throws IllegalArgumentException as {@link #numeric} does, but for the refusals of values
   */
  public static FeatureScore categorical(Dataset<Row> data, String label, String rowId, String feature,
      String valueColumn, double confidenceLevel) {
    return screen(data, label, rowId, feature, valueColumn, confidenceLevel, false, ScoreTable.COLLECT_BOUND);
  }

  static FeatureScore screen(Dataset<Row> data, String label, String rowId, String feature,
      String valueColumn, double confidenceLevel, boolean numeric, long collectBound) {
    Objects.requireNonNull(data, "data must not be null");
    Objects.requireNonNull(feature, "feature must not be null");
    SparkDeLong.requireConfidenceLevel(confidenceLevel);
    try {
      SparkColumns.requireColumns(data, "the data", label, rowId, valueColumn);
      Column row = SparkColumns.longId(data, rowId, "row id");
      return numeric ? numeric(data, label, rowId, row, feature, valueColumn, confidenceLevel, collectBound)
          : categorical(data, label, rowId, row, feature, valueColumn, confidenceLevel, collectBound);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("feature '" + feature + "': " + e.getMessage(), e);
    }
  }

  private static FeatureScore numeric(Dataset<Row> data, String label, String rowId, Column row, String feature,
      String valueColumn, double confidenceLevel, long collectBound) {
    DataType type = SparkColumns.type(data, valueColumn);
    if (!(type instanceof NumericType)) {
      throw new IllegalArgumentException("column '" + valueColumn + "' has type " + type.simpleString()
          + "; a numeric feature must be numeric: cast it to double, or screen it as categorical.");
    }
    Column value = col("`" + valueColumn + "`").cast(DataTypes.DoubleType);
    Column missing = value.isNull().or(isnan(value));
    Column infinite = value.equalTo(Double.POSITIVE_INFINITY).or(value.equalTo(Double.NEGATIVE_INFINITY));
    // a label column of the wrong type is refused where the labels are checked, after the values
    Labels labels = Labels.of(data, label);
    IllegalArgumentException labelType = labels.typeError();
    Column positive = labels.positive();
    Column badLabel = labels.bad();
    Column flags = flag(row.isNull(), ROW_NULL).plus(flag(infinite, INFINITE)).plus(flag(missing, MISSING))
        .plus(when(positive.isNull(), lit(LABEL_NULL)).when(badLabel, lit(LABEL_BAD)).otherwise(lit(0)));
    // every present value keeps its key, flagged or not: the missing values rank below the smallest of them all
    Column key = when(missing.or(infinite).unary_$bang(), when(value.equalTo(0.0), lit(0.0)).otherwise(value));
    ScoreGroups groups = ScoreGroups.of(data, flags, key, positive);
    requireRowIds(groups.rowsFlagged(ROW_NULL), rowId);
    long infiniteRows = groups.rowsFlagged(INFINITE);
    if (infiniteRows > 0) {
      Row first = data.agg(min(when(infinite, struct(row, value)))).first().getStruct(0);
      throw new IllegalArgumentException("row id " + first.getLong(0) + " has the infinite value "
          + first.getDouble(1) + " (" + infiniteRows + " infinite value(s) in all): record null or NaN for a "
          + "missing value, or a finite number.");
    }
    long missingRows = groups.rowsFlagged(MISSING);
    double below = 0.0;
    if (missingRows > 0 && groups.anyKey()) {
      below = Math.nextDown(groups.smallestKey());
      if (Double.isInfinite(below)) {
        long example = data.agg(min(when(missing, row))).first().getLong(0);
        throw new IllegalArgumentException("its smallest value is -Double.MAX_VALUE and it has " + missingRows
            + " missing value(s) (for example row id " + example + "), which rank below every value: "
            + "record a finite sentinel as a value of its own, or rescale the feature.");
      }
    }
    if (labelType != null) {
      throw labelType;
    }
    LabelledScores.requireLabels(data.withColumn(SCORE, when(missing, lit(below)).otherwise(value)), label,
        groups.rowsFlagged(LABEL_NULL), groups.rowsFlagged(LABEL_BAD));
    long missingPositives = groups.positives(MISSING);
    long positives = groups.positives(0) + missingPositives;
    long negatives = groups.rows(0) + missingRows - positives;
    LabelledScores.requireClasses(positives, negatives, 1, "AUC");
    requireCountable(positives, negatives);
    List<ScoreGroups.ScoreCount> missingGroup = missingRows == 0 ? List.of()
        : List.of(new ScoreGroups.ScoreCount(below, missingPositives, missingRows - missingPositives));
    return score(feature, NUMERIC, groups.sums(missingGroup, positives, collectBound), positives, negatives,
        missingRows, 0, confidenceLevel);
  }

  /**
   * The label column as a positive flag and a bad-label flag, or, when its type is wrong, the error to throw where
   * the labels are checked (after the checks that come first) and placeholder columns until then.
   */
  private record Labels(Column positive, Column bad, IllegalArgumentException typeError) {
    static Labels of(Dataset<Row> data, String label) {
      try {
        return new Labels(LabelledScores.labelColumn(data, label), LabelledScores.badLabel(data, label), null);
      } catch (IllegalArgumentException e) {
        return new Labels(lit(true), lit(false), e);
      }
    }
  }

  private static Column flag(Column condition, int bit) {
    return when(condition, lit(bit)).otherwise(lit(0));
  }

  private static FeatureScore categorical(Dataset<Row> data, String label, String rowId, Column row, String feature,
      String valueColumn, double confidenceLevel, long collectBound) {
    Column value = col("`" + valueColumn + "`");
    // a label column of the wrong type is refused where the labels are checked, after the row ids
    Labels labels = Labels.of(data, label);
    IllegalArgumentException labelType = labels.typeError();
    Column positive = labels.positive();
    Column badLabel = labels.bad();
    Row counts = data.agg(count(when(row.isNull(), 1)), count(when(value.isNull(), 1)), count_distinct(value),
        count(lit(1)), count_distinct(row), count(when(positive.isNull(), 1)), count(when(badLabel, 1)),
        count(when(positive, 1))).first();
    requireRowIds(counts.getLong(0), rowId);
    long duplicates = counts.getLong(3) - counts.getLong(4);
    if (duplicates > 0) {
      throw new IllegalArgumentException("row id column '" + rowId + "' has " + counts.getLong(4) + " distinct ids "
          + "for " + counts.getLong(3) + " rows: a row's fold follows its id, so give every row its own (0 .. rows - 1 "
          + "in the run's order, for example with zipWithIndex), not an entity's id.");
    }
    if (labelType != null) {
      throw labelType;
    }
    LabelledScores.requireLabels(data, label, counts.getLong(5), counts.getLong(6));
    long positives = counts.getLong(7);
    long negatives = counts.getLong(3) - positives;
    LabelledScores.requireClasses(positives, negatives, 1, "AUC");
    requireCountable(positives, negatives);
    long missingRows = counts.getLong(1);
    long categories = counts.getLong(2) + (missingRows > 0 ? 1 : 0);
    double prior = (double) positives / (positives + negatives);
    // rows and positives per (category, fold), then per category; each cell's rows share one out-of-fold score
    Dataset<Row> cells = data
        .groupBy(value.as(CATEGORY), FOLD_OF_ROW.apply(row).as(FOLD))
        .agg(count(lit(1)).as("cellRows"), sum(when(positive, 1L).otherwise(0L)).as("cellPositives"));
    Dataset<Row> totals = cells.groupBy(col(CATEGORY).as("tc"))
        .agg(sum("cellRows").as("rows"), sum("cellPositives").as("positives"));
    // as in memory: (int - int + double) / (int - int + 1), in doubles
    Column score = col("positives").minus(col("cellPositives")).plus(lit(prior))
        .divide(col("rows").minus(col("cellRows")).plus(lit(1L)));
    Dataset<Row> scoreCounts = cells.join(totals, col(CATEGORY).eqNullSafe(col("tc")))
        .groupBy(score.as("score"))
        .agg(sum("cellPositives").as("positives"), sum(col("cellRows").minus(col("cellPositives"))).as("negatives"));
    // at most one distinct score per cell; counted only when that bound alone does not settle the collect
    JavaRDD<Row> scores = scoreCounts.javaRDD();
    long cellsAtMost = categories * FeatureLabelScreen.FOLDS;
    long distinct = cellsAtMost <= collectBound ? cellsAtMost : scores.count();
    SparkDeLong.ModelSums sums = ScoreTable.sums(data.sparkSession(), scores, distinct, positives, collectBound);
    return score(feature, CATEGORICAL, sums, positives, negatives, missingRows, categories, confidenceLevel);
  }

  /** As the in-memory {@code FeatureLabelScreen.score}, from the exact sums of the distinct scores. */
  private static FeatureScore score(String feature, String type, SparkDeLong.ModelSums sums, long positives,
      long negatives, long missing, long categories, double confidenceLevel) {
    double raw;
    double lower = Double.NaN;
    double upper = Double.NaN;
    if (positives >= 2 && negatives >= 2) {
      AucEstimate estimate = sums.estimate(positives, negatives, confidenceLevel);
      raw = estimate.auc();
      lower = estimate.ciLower();
      upper = estimate.ciUpper();
    } else {
      raw = SparkAuc.fromTwiceU(sums.twiceU, positives, negatives);
    }
    return FeatureScore.directionFree(feature, type, raw, lower, upper, confidenceLevel, (int) missing,
        (int) categories);
  }

  private static void requireRowIds(long nullRowIds, String rowId) {
    if (nullRowIds > 0) {
      throw new IllegalArgumentException("row id column '" + rowId + "' has " + nullRowIds + " null(s): number "
          + "every row (0 .. rows - 1 in the run's order, for example with zipWithIndex) before screening.");
    }
  }

  /** The counts fit a {@code FeatureScore} (and the exact sums' bounds) only up to 2^31 - 1 rows. */
  private static void requireCountable(long positives, long negatives) {
    long rows = positives + negatives;
    if (rows > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("the data has " + rows + " rows, more than a screen counts (2^31 - 1): "
          + "screen slices of it (for example one per month of decision time).");
    }
  }
}
