package dev.backtestgate.metrics;

/**
 * Exact ROC AUC: the probability that a random positive scores above a random negative, ties counted
 * one half. O(n log n), primitive arrays only.
 *
 * <pre>{@code
 * double auc = Auc.of(new boolean[] {true, false, true}, new double[] {0.9, 0.3, 0.4});  // 1.0
 * }</pre>
 */
public final class Auc {
  private Auc() {}

  /**
   * AUC of {@code scores} against {@code labels} ({@code true} = positive).
   *
   * @throws IllegalArgumentException on NaN or infinite scores, a length mismatch, or labels without at
   *     least one positive and one negative; the message names the count and the first bad index
   */
  public static double of(boolean[] labels, double[] scores) {
    throw new UnsupportedOperationException("not implemented yet (issue 2)");
  }

  /** As {@link #of(boolean[], double[])} with 0/1 labels; any other label value is rejected. */
  public static double of(int[] labels, double[] scores) {
    throw new UnsupportedOperationException("not implemented yet (issue 2)");
  }

  /** The ROC curve points and the AUC, from one sort of the scores. Validates like {@link #of}. */
  public static RocCurve curve(boolean[] labels, double[] scores) {
    throw new UnsupportedOperationException("not implemented yet (issue 2)");
  }
}
