package dev.backtestgate.metrics;

import java.util.Arrays;

/**
 * The whole ROC curve of scores that take only a few distinct values: positives and negatives are counted per
 * value in a small open-addressing table (one pass, stopped as soon as there are too many values), then the
 * values alone are sorted and walked from the highest down. Same points and AUC as {@link RocCurve#walk}, bit
 * for bit; memory proportional to the number of values, not of rows.
 */
final class FewScores {
  private final double[] keys;
  /** {@code [2s]} positives, {@code [2s + 1]} negatives scoring {@code keys[s]}; a slot is used when either is set. */
  private final int[] counts;
  private final int shift;
  private int distinct;

  private FewScores(int limit) {
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(2 * limit - 1, 1)); // room for twice the limit
    this.keys = new double[1 << bits];
    this.counts = new int[2 << bits];
    this.shift = 64 - bits;
  }

  /**
   * The whole curve of validated scores, or {@code null} as soon as they take more than {@code limit} distinct
   * values ({@code -0.0} and {@code 0.0} are one value).
   */
  static RocCurve curve(boolean[] labels, double[] scores, int positives, int limit) {
    FewScores table = new FewScores(limit);
    for (int i = 0; i < scores.length; i++) {
      int slot = table.slot(scores[i] + 0.0);
      if (slot < 0) {
        if (table.distinct == limit) {
          return null;
        }
        slot = ~slot;
        table.keys[slot] = scores[i] + 0.0;
        table.distinct++;
      }
      table.counts[2 * slot + (labels[i] ? 0 : 1)]++;
    }
    return table.walk(positives, scores.length - positives);
  }

  /** The slot holding {@code x}, or {@code ~slot} of the free slot where it belongs. */
  private int slot(double x) {
    int mask = keys.length - 1;
    int s = (int) ((Double.doubleToRawLongBits(x) * 0x9E3779B97F4A7C15L) >>> shift);
    while (counts[2 * s] + counts[2 * s + 1] > 0) {
      if (keys[s] == x) {
        return s;
      }
      s = (s + 1) & mask;
    }
    return ~s;
  }

  /** One point per value, from the highest down, and the exact {@code 2U}. */
  private RocCurve walk(int positives, int negatives) {
    double[] values = new double[distinct];
    for (int s = 0, d = 0; s < keys.length; s++) {
      if (counts[2 * s] + counts[2 * s + 1] > 0) {
        values[d++] = keys[s];
      }
    }
    Arrays.sort(values);
    double[] fpr = new double[distinct + 1];
    double[] tpr = new double[distinct + 1];
    int falsePositives = 0;
    int truePositives = 0;
    long twiceU = 0;
    for (int d = distinct - 1, point = 1; d >= 0; d--, point++) {
      int s = slot(values[d]);
      int tiedPositives = counts[2 * s];
      int tiedNegatives = counts[2 * s + 1];
      falsePositives += tiedNegatives;
      truePositives += tiedPositives;
      twiceU += tiedPositives * (2L * (negatives - falsePositives) + tiedNegatives);
      fpr[point] = (double) falsePositives / negatives;
      tpr[point] = (double) truePositives / positives;
    }
    return new RocCurve(fpr, tpr, Auc.fromTwiceU(twiceU, positives, negatives));
  }
}
