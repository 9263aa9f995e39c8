package dev.backtestgate.metrics;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;


/**
 * Exact ROC AUC: the probability that a random positive scores above a random negative, ties counted
 * one half. O(n log n) in the worst case, close to linear for typical scores; primitive arrays only.
 *
 * <p>The pair count {@code 2U} is accumulated as a {@code long}, so the result is the correctly
 * rounded value of the exact fraction {@code 2U / (2 * positives * negatives)}. {@code -0.0} and {@code
 * 0.0} are the same score. Extra memory: one {@code double} per row.
 *
 * <pre>{@code
 * double auc = Auc.of(new boolean[] {true, false, true}, new double[] {0.9, 0.3, 0.4});  // 1.0
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class Auc {
  private Auc() {}

  /**
   * AUC of {@code scores} against {@code labels} ({@code true} = positive).
   *
   * @throws IllegalArgumentException on NaN or infinite scores, a length mismatch, or labels without at
   *     least one positive and one negative; the message names the count and the first bad index
   */
  public static double of(boolean[] labels, double[] scores) {
    Checks.sameRows(labels, scores, "scores");
    int positives = Checks.positives(labels, 1, "AUC");
    long twiceU = PairCounts.twiceU(labels, scores, ScoreRange.of(scores, "scores"));
    return fromTwiceU(twiceU, positives, labels.length - positives);
  }

  /** As {@link #of(boolean[], double[])} with 0/1 labels; any other label value is rejected. */
  public static double of(int[] labels, double[] scores) {
    return of(Checks.booleanLabels(labels), scores);
  }

  /**
   * The ROC curve points and the AUC, from one sort of each class's scores (O(n log n); allocates one
   * {@code double} per row plus the points). Validates like {@link #of}. For reports, {@link
   * RocCurve#downsample} keeps the shape in a few thousand points.
   */
  public static RocCurve curve(boolean[] labels, double[] scores) {
    Checks.sameRows(labels, scores, "scores");
    int positives = Checks.positives(labels, 1, "a ROC curve");
    return RocCurve.walk(labels, scores, positives, ScoreRange.of(scores, "scores"));
  }

  /** The AUC from the exact pair count. */
  static double fromTwiceU(long twiceU, long positives, long negatives) {
    return twiceU / (2.0 * positives * negatives);
  }
}
