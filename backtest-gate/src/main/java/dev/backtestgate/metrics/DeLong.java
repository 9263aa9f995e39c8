package dev.backtestgate.metrics;

/**
 * DeLong et al. (1988) variance of the AUC and the paired test between two models scored on the same
 * rows, in the O(n log n) midrank form of Sun and Xu (2014). Agrees with pROC's
 * {@code roc.test(method = "delong", paired = TRUE)}.
 *
 * <pre>{@code
 * AucComparison c = DeLong.compare(labels, candidate, baseline, 0.95);
 * AucEstimate one = DeLong.estimate(labels, candidate, 0.95);
 * }</pre>
 */
public final class DeLong {
  private DeLong() {}

  /**
   * Paired comparison of {@code candidate} against {@code baseline} on the same rows.
   *
   * @param confidenceLevel strictly between 0 and 1, for example 0.95
   * @throws IllegalArgumentException on invalid input, as {@link Auc#of(boolean[], double[])} says
   */
  public static AucComparison compare(
      boolean[] labels, double[] candidate, double[] baseline, double confidenceLevel) {
    throw new UnsupportedOperationException("not implemented yet (issue 2)");
  }

  /** One model's AUC with its DeLong variance and interval. */
  public static AucEstimate estimate(boolean[] labels, double[] scores, double confidenceLevel) {
    throw new UnsupportedOperationException("not implemented yet (issue 2)");
  }
}
