package dev.backtestgate.metrics;

/**
 * ROC curve points, from the strictest threshold (0, 0) to the loosest (1, 1), one point per distinct
 * score, plus the AUC computed in the same pass.
 *
 * <pre>{@code
 * RocCurve roc = Auc.curve(labels, scores);
 * for (int i = 0; i < roc.size(); i++) plot(roc.falsePositiveRate()[i], roc.truePositiveRate()[i]);
 * }</pre>
 *
 * @param falsePositiveRate x coordinates, non-decreasing, first 0, last 1
 * @param truePositiveRate y coordinates, non-decreasing, first 0, last 1
 * @param auc the exact AUC (area under these points, trapezoids for ties)
 */
public record RocCurve(double[] falsePositiveRate, double[] truePositiveRate, double auc) {
  /** Number of points. */
  public int size() {
    return falsePositiveRate.length;
  }
}
