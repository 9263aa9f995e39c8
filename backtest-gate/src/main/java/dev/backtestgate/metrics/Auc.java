package dev.backtestgate.metrics;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;


/**
 * Exact ROC AUC: the probability that a random positive scores above a random negative, ties counted
 * one half. O(n log n) in the worst case, close to linear for typical scores; primitive arrays only.
 *
 * <p>The pair count {@code 2U} is accumulated as a {@code long}, so the result is the correctly
 * rounded value of the exact fraction {@code 2U / (2 * positives * negatives)}. {@code -0.0} and {@code
 * 0.0} are the same score. Extra memory: one {@code double} per row, kept for the next call (see {@link
 * #releaseScratch()}).
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
   * RocCurve#downsample} keeps the shape in a few thousand points, and {@link #curve(boolean[], double[], int)}
   * finds those points without the full curve.
   */
  public static RocCurve curve(boolean[] labels, double[] scores) {
    Checks.sameRows(labels, scores, "scores");
    int positives = Checks.positives(labels, 1, "a ROC curve");
    return RocCurve.walk(labels, scores, positives, ScoreRange.of(scores, "scores"));
  }

  /**
   * The ROC curve as a report draws it: exactly the points {@code curve(labels, scores).downsample(maxPoints)}
   * keeps, each a true (FPR, TPR) point of the full curve, from (0, 0) to (1, 1), with the exact AUC, found
   * without computing the full curve. The points come from counts of each class per bucket of the scores, sorting
   * only the rows of the few buckets a kept point lies in; scores with fewer than {@code maxPoints} distinct
   * values give the whole curve. The AUC costs as much as {@link #of(boolean[], double[])}: pass it in with {@link
   * #curve(boolean[], double[], int, double)} when it is already known. Above 65,536 points the full curve is
   * computed and down-sampled. Validates like {@link #of}.
   *
   * <pre>{@code
   * RocCurve drawn = Auc.curve(labels, scores, 2000);  // at most 2000 points, same as the full curve's downsample
   * }</pre>
   *
   * @param maxPoints at least 2
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static RocCurve curve(boolean[] labels, double[] scores, int maxPoints) {
    EvenPoints.requireAtLeastTwo(maxPoints, "a drawn ROC curve");
    Checks.sameRows(labels, scores, "scores");
    int positives = Checks.positives(labels, 1, "a ROC curve");
    ScoreRange range = ScoreRange.of(scores, "scores");
    double auc = fromTwiceU(PairCounts.twiceU(labels, scores, range), positives, labels.length - positives);
    return DrawnCurve.of(labels, scores, positives, range, maxPoints, auc, false);
  }

  /**
   * As {@link #curve(boolean[], double[], int)}, with the AUC already computed for these labels and scores (by
   * {@link #of(boolean[], double[])} or {@link DeLong}): the curve carries it, and only a few linear passes over
   * the rows remain for typical scores. It is checked, to within 1e-9, against the range the counts per bucket allow
   * (pairs in one bucket may go either way; a bucket holds about 16 rows, more beyond two million rows): the AUC of
   * another model or of other rows is refused unless it falls within that range.
   *
   * <pre>{@code
   * AucComparison c = DeLong.compare(labels, candidate, baseline, 0.95);
   * RocCurve drawn = Auc.curve(labels, candidate, 2000, c.candidateAuc());
   * }</pre>
   *
   * @param maxPoints at least 2
   * @param auc the exact AUC of {@code scores} against {@code labels}
   * @throws IllegalArgumentException as {@link #curve(boolean[], double[], int)} does, and when {@code auc} cannot
   *     be the AUC of these labels and scores
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static RocCurve curve(boolean[] labels, double[] scores, int maxPoints, double auc) {
    EvenPoints.requireAtLeastTwo(maxPoints, "a drawn ROC curve");
    Checks.sameRows(labels, scores, "scores");
    int positives = Checks.positives(labels, 1, "a ROC curve");
    return DrawnCurve.of(labels, scores, positives, ScoreRange.of(scores, "scores"), maxPoints, auc, true);
  }

  /**
   * Drops the scratch arrays that {@link #of}, {@link #curve(boolean[], double[], int)} and {@link DeLong} keep
   * between calls. Those arrays (8 bytes per row for an AUC, 16 for a {@link DeLong#compare}) are kept so that a
   * repeated call on many rows does not allocate and fault in hundreds of megabytes again. At most one set is
   * kept, sized for the largest recent call, never more than an eighth of the maximum heap, and only through a
   * soft reference: the garbage collector reclaims it before it would run out of memory. Call this after the
   * last large computation when the memory must be free at once (for example before a memory-hungry step in the
   * same JVM).
   *
   * <pre>{@code
   * double auc = Auc.of(labels, scores);  // 10 million rows: keeps an 80 MB array for the next call
   * Auc.releaseScratch();                 // gone, unless another thread is computing right now
   * }</pre>
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static void releaseScratch() {
    Scratch.release();
  }

  /** The AUC from the exact pair count. */
  static double fromTwiceU(long twiceU, long positives, long negatives) {
    return twiceU / (2.0 * positives * negatives);
  }
}
