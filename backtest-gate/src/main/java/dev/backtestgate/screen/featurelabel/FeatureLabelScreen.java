package dev.backtestgate.screen.featurelabel;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.FeatureColumn;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.metrics.DeLong;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apiguardian.api.API;

/**
 * The feature–label screen: each feature alone, ranked against the labels. A single feature that separates the
 * classes almost as well as (or better than) a whole model is usually derived from the label, even when its
 * timestamps look honest.
 *
 * <p>Definitions:
 *
 * <ul>
 *   <li><b>Numeric</b>: the AUC of the values as scores; missing values ({@code NaN}) form one group ranked
 *       below every present value (so "missing goes with the positives" is seen too). The direction-free AUC is
 *       {@code max(AUC, 1 - AUC)}, its DeLong interval mirrored with it.
 *   <li><b>Categorical</b>: each row is scored by its category's positive rate in the <em>other</em> folds,
 *       {@code (positives + prior) / (rows + 1)} with {@code prior} = the run's positive rate (one pseudo-row of
 *       the prior, so a category never seen in the other folds scores exactly the prior); missing ({@code -1}) is
 *       a category of its own. Rows go to {@value #FOLDS} folds by a fixed hash of the row index ({@link
 *       #fold(long)}), so the result is the same on every run. An identifier unique to each row is never seen
 *       out of fold: every row scores the prior and the AUC is exactly 0.5. Then the AUC of that score, as for a
 *       numeric feature.
 *   <li><b>Perfect</b>: the AUC (before taking the direction out) is exactly 1 or exactly 0.
 * </ul>
 *
 * <p>Cost per feature: one {@link DeLong#estimate} (O(n log n), one {@code double[n]}), plus one {@code
 * double[n]} copy for a numeric feature with missing values, or for a categorical one two passes with a table of
 * counts per category and fold (or, with more than n / 5 categories, a counting sort: {@code int[n]} and one {@code
 * int} per category). {@link #screenAll} screens features in parallel on the common pool;
 * results do not depend on the thread count.
 *
 * <pre>{@code
 * List<FeatureScore> scores = FeatureLabelScreen.screenAll(labels, List.of(
 *     new FeatureColumn.Numeric("balance", balances),
 *     new FeatureColumn.Categorical("branch", branchCodes)), 0.95);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FeatureLabelScreen {
  /** Number of folds of the out-of-fold category encoding. */
  public static final int FOLDS = 5;
  /** Seed of the row-to-fold hash: fixed, so folds are the same on every run and machine. */
  static final long FOLD_SEED = 0x5EED_FEA7_0B5EL;

  private FeatureLabelScreen() {}

  /**
   * The screen of {@code run}'s recorded feature values ({@link #screenAll}), in recording order; computed once per
   * run and confidence level and kept, so the gate and the report share it.
   *
   * @throws IllegalArgumentException when a feature cannot be screened
   */
  public static List<FeatureScore> of(BacktestRun run, double confidenceLevel) {
    return run.derived(new Screened(confidenceLevel),
        () -> screenAll(run.labels(), run.featureValues(), confidenceLevel));
  }

  /** The key of a run's kept screen. */
  private record Screened(double confidenceLevel) {}

  /**
   * Screens every column, in parallel over columns; the result is in the columns' order.
   *
   * @throws IllegalArgumentException when a column cannot be screened (its length differs from the labels', an
   *     infinite value, a category code below -1), naming the feature
   */
  public static List<FeatureScore> screenAll(boolean[] labels, List<? extends FeatureColumn> columns,
      double confidenceLevel) {
    FeatureScore[] scores = new FeatureScore[columns.size()];
    IntStream.range(0, scores.length).parallel()
        .forEach(i -> scores[i] = screen(labels, columns.get(i), confidenceLevel));
    return List.of(scores);
  }

  /**
   * Screens one column.
   *
   * @throws IllegalArgumentException as {@link #screenAll} says
   */
  public static FeatureScore screen(boolean[] labels, FeatureColumn column, double confidenceLevel) {
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(column, "column");
    if (column.rows() != labels.length) {
      throw new IllegalArgumentException("feature '" + column.name() + "' has " + Wording.count(column.rows())
          + " values but the "
          + "run has " + Wording.count(labels.length) + " rows: record one value per row, in the rows' order.");
    }
    try {
      Optional<double[]> values = column.numericValues();
      if (values.isPresent()) {
        double[] scores = numericScores(values.get());
        return score(labels, column, scores, countMissing(values.get()), 0, confidenceLevel);
      }
      Encoding encoding = outOfFold(labels, column.categoryCodes().orElseThrow());
      return score(labels, column, encoding.scores, encoding.missing, encoding.categories, confidenceLevel);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("feature '" + column.name() + "': " + e.getMessage(), e);
    }
  }

  private static FeatureScore score(boolean[] labels, FeatureColumn column, double[] scores, int missing,
      int categories, double confidenceLevel) {
    int positives = 0;
    for (boolean label : labels) {
      positives += label ? 1 : 0;
    }
    double raw;
    double lower = Double.NaN;
    double upper = Double.NaN;
    if (positives >= 2 && labels.length - positives >= 2) {
      AucEstimate estimate = DeLong.estimate(labels, scores, confidenceLevel);
      raw = estimate.auc();
      lower = estimate.ciLower();
      upper = estimate.ciUpper();
    } else {
      raw = Auc.of(labels, scores);
    }
    return FeatureScore.directionFree(column.name(), column.type(), raw, lower, upper, confidenceLevel, missing,
        categories);
  }

  /**
   * The scores a numeric feature is ranked by: its values, with each missing value ({@code NaN}) replaced by one
   * number below every present value. The values themselves when none is missing (no copy).
   *
   * @throws IllegalArgumentException on an infinite value, or on missing values beside {@code -Double.MAX_VALUE}
   *     (nothing finite ranks below it)
   */
  static double[] numericScores(double[] values) {
    double min = Double.POSITIVE_INFINITY;
    int missing = 0;
    for (int i = 0; i < values.length; i++) {
      double v = values[i];
      if (v != v) {
        missing++;
      } else if (Double.isInfinite(v)) {
        throw new IllegalArgumentException("row " + i + " has the infinite value " + v + ": record NaN for a "
            + "missing value, or a finite number.");
      } else if (v < min) {
        min = v;
      }
    }
    if (missing == 0) {
      return values;
    }
    double below = min == Double.POSITIVE_INFINITY ? 0.0 : Math.nextDown(min);
    if (Double.isInfinite(below)) {
      throw new IllegalArgumentException("its smallest value is -Double.MAX_VALUE and it has missing values, which "
          + "rank below every value: record a finite sentinel as a value of its own, or rescale the feature.");
    }
    double[] scores = values.clone();
    for (int i = 0; i < scores.length; i++) {
      if (scores[i] != scores[i]) {
        scores[i] = below;
      }
    }
    return scores;
  }

  private static int countMissing(double[] values) {
    int missing = 0;
    for (double v : values) {
      missing += v != v ? 1 : 0;
    }
    return missing;
  }

  /**
   * The fold of {@code row}, in {@code [0, FOLDS)}: a fixed hash (SplitMix64's finaliser) of the row index. An
   * engine that numbers its rows as the run does ({@code 0} to {@code n - 1}, in the run's order) gets the same
   * folds from a {@code long} row id.
   */
  public static int fold(long row) {
    long z = row + FOLD_SEED;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z = z ^ (z >>> 31);
    return (int) ((z >>> 1) % FOLDS);
  }

  /**
   * The out-of-fold positive rate of each row's category, as the class Javadoc defines it.
   *
   * @throws IllegalArgumentException on a code below -1
   */
  static double[] outOfFoldRates(boolean[] labels, int[] codes) {
    return outOfFold(labels, codes).scores;
  }

  /** As {@link #outOfFoldRates(boolean[], int[])}, by the counting table or by sorting, whatever the size. */
  static double[] outOfFoldRates(boolean[] labels, int[] codes, boolean sorted) {
    int[] group = denseGroups(codes);
    int groups = 0;
    for (int g : group) {
      groups = Math.max(groups, g + 1);
    }
    double prior = prior(labels);
    return sorted ? bySorting(labels, group, groups, prior) : byTable(labels, group, groups, prior);
  }

  /** The encoded scores, the rows with a missing code and the number of distinct categories (missing is one). */
  private record Encoding(double[] scores, int missing, int categories) {}

  private static Encoding outOfFold(boolean[] labels, int[] codes) {
    int n = codes.length;
    int[] group = denseGroups(codes);
    int groups = 0;
    int missing = 0;
    for (int i = 0; i < n; i++) {
      groups = Math.max(groups, group[i] + 1);
      missing += codes[i] == FeatureColumn.MISSING_CODE ? 1 : 0;
    }
    double prior = prior(labels);
    // a table of counts per (category, fold) when it is small beside the rows; else sort the rows by category
    double[] scores = (long) groups * FOLDS <= n ? byTable(labels, group, groups, prior)
        : bySorting(labels, group, groups, prior);
    boolean[] seen = new boolean[groups];
    int categories = 0;
    for (int g : group) {
      if (!seen[g]) {
        seen[g] = true;
        categories++;
      }
    }
    return new Encoding(scores, missing, categories);
  }

  private static double prior(boolean[] labels) {
    int positives = 0;
    for (boolean label : labels) {
      positives += label ? 1 : 0;
    }
    return labels.length == 0 ? 0 : (double) positives / labels.length;
  }

  /** Two passes over the rows with a table of rows and positives per (group, fold): no sort, sequential reads. */
  private static double[] byTable(boolean[] labels, int[] group, int groups, double prior) {
    int[] rowsIn = new int[groups * FOLDS];
    int[] positivesIn = new int[groups * FOLDS];
    for (int i = 0; i < group.length; i++) {
      int cell = group[i] * FOLDS + fold(i);
      rowsIn[cell]++;
      positivesIn[cell] += labels[i] ? 1 : 0;
    }
    int[] rows = new int[groups];
    int[] positives = new int[groups];
    for (int g = 0; g < groups; g++) {
      for (int f = 0; f < FOLDS; f++) {
        rows[g] += rowsIn[g * FOLDS + f];
        positives[g] += positivesIn[g * FOLDS + f];
      }
    }
    double[] scores = new double[group.length];
    for (int i = 0; i < group.length; i++) {
      int g = group[i];
      int cell = g * FOLDS + fold(i);
      scores[i] = (positives[g] - positivesIn[cell] + prior) / (rows[g] - rowsIn[cell] + 1);
    }
    return scores;
  }

  /** Counting sort of the rows by group, then each group's fold counts on the stack: for many categories. */
  private static double[] bySorting(boolean[] labels, int[] group, int groups, double prior) {
    int n = group.length;
    // start[g] .. start[g + 1] are group g's rows in `order`
    int[] start = new int[groups + 1];
    for (int g : group) {
      start[g + 1]++;
    }
    for (int g = 0; g < groups; g++) {
      start[g + 1] += start[g];
    }
    int[] next = Arrays.copyOf(start, groups);
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[next[group[i]]++] = i;
    }
    double[] scores = new double[n];
    int[] rowsInFold = new int[FOLDS];
    int[] positivesInFold = new int[FOLDS];
    for (int g = 0; g < groups; g++) {
      Arrays.fill(rowsInFold, 0);
      Arrays.fill(positivesInFold, 0);
      int rows = 0;
      int pos = 0;
      for (int k = start[g]; k < start[g + 1]; k++) {
        int row = order[k];
        int f = fold(row);
        rowsInFold[f]++;
        rows++;
        if (labels[row]) {
          positivesInFold[f]++;
          pos++;
        }
      }
      for (int k = start[g]; k < start[g + 1]; k++) {
        int row = order[k];
        scores[row] = (pos - positivesInFold[fold(row)] + prior) / (rows - rowsInFold[fold(row)] + 1);
      }
    }
    return scores;
  }

  /**
   * Codes mapped to dense group numbers {@code 0 .. groups - 1} (missing is a group of its own): {@code code + 1}
   * when the codes are small, else the rank among the distinct codes.
   */
  private static int[] denseGroups(int[] codes) {
    int max = FeatureColumn.MISSING_CODE;
    for (int i = 0; i < codes.length; i++) {
      int code = codes[i];
      if (code < FeatureColumn.MISSING_CODE) {
        throw new IllegalArgumentException("row " + i + " has the category code " + code + ": codes are 0 or more, "
            + "with -1 for a missing value.");
      }
      max = Math.max(max, code);
    }
    int[] group = new int[codes.length];
    if ((long) max + 1 <= 2L * codes.length + 16) {
      for (int i = 0; i < codes.length; i++) {
        group[i] = codes[i] + 1;
      }
      return group;
    }
    int[] distinct = codes.clone();
    Arrays.sort(distinct);
    int size = 0;
    for (int i = 0; i < distinct.length; i++) {
      if (i == 0 || distinct[i] != distinct[i - 1]) {
        distinct[size++] = distinct[i];
      }
    }
    for (int i = 0; i < codes.length; i++) {
      group[i] = Arrays.binarySearch(distinct, 0, size, codes[i]);
    }
    return group;
  }
}
