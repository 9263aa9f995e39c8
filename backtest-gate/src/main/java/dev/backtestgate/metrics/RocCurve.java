package dev.backtestgate.metrics;

import static org.apiguardian.api.API.Status.STABLE;


import java.util.Arrays;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * ROC curve points, from the strictest threshold (0, 0) to the loosest (1, 1), one point per distinct
 * score, plus the AUC computed in the same pass.
 *
 * <pre>{@code
 * RocCurve roc = Auc.curve(labels, scores);
 * for (int i = 0; i < roc.size(); i++) plot(roc.falsePositiveRate()[i], roc.truePositiveRate()[i]);
 * RocCurve forReport = roc.downsample(2000);  // same shape, at most 2000 points, same auc
 * RocCurve same = Auc.curve(labels, scores, 2000);  // the same points, without the full curve
 * }</pre>
 *
 * <p>The arrays are not copied: do not modify them.
 *
 * @param falsePositiveRate x coordinates, non-decreasing, first 0, last 1
 * @param truePositiveRate y coordinates, non-decreasing, first 0, last 1
 * @param auc the exact AUC (area under these points, trapezoids for ties)
 */
@API(status = STABLE, since = "0.1")
public record RocCurve(double[] falsePositiveRate, double[] truePositiveRate, double auc) {

  /** Checks that both coordinate arrays exist, have the same length and hold at least 2 points. */
  public RocCurve {
    Objects.requireNonNull(falsePositiveRate, "falsePositiveRate");
    Objects.requireNonNull(truePositiveRate, "truePositiveRate");
    if (falsePositiveRate.length != truePositiveRate.length || falsePositiveRate.length < 2) {
      throw new IllegalArgumentException(
          "a ROC curve needs as many false positive rates as true positive rates, at least 2 (from"
              + " (0, 0) to (1, 1)); got "
              + falsePositiveRate.length
              + " and "
              + truePositiveRate.length
              + ". Build curves with Auc.curve(labels, scores).");
    }
  }

  /** Number of points. */
  public int size() {
    return falsePositiveRate.length;
  }

  /**
   * At most {@code maxPoints} of these points, keeping the first and the last and spreading the rest
   * evenly along the curve (by {@code fpr + tpr}, which grows along any ROC curve), so its shape
   * survives; {@link #auc()} stays the exact AUC of the full curve. Returns this curve when it is
   * already small enough.
   *
   * @param maxPoints at least 2
   */
  public RocCurve downsample(int maxPoints) {
    EvenPoints.requireAtLeastTwo(maxPoints, "downsample");
    int n = size();
    if (n <= maxPoints) {
      return this;
    }
    EvenPoints kept =
        new EvenPoints(
            falsePositiveRate[0],
            truePositiveRate[0],
            falsePositiveRate[n - 1],
            truePositiveRate[n - 1],
            maxPoints);
    for (int i = 1; i < n - 1 && !kept.full(); i++) {
      kept.offer(falsePositiveRate[i], truePositiveRate[i]);
    }
    return kept.finish(auc);
  }

  /** Equal points (compared as arrays) and equal AUC. */
  @Override
  public boolean equals(Object other) {
    return other instanceof RocCurve that
        && Double.compare(auc, that.auc) == 0
        && Arrays.equals(falsePositiveRate, that.falsePositiveRate)
        && Arrays.equals(truePositiveRate, that.truePositiveRate);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Arrays.hashCode(falsePositiveRate) + Arrays.hashCode(truePositiveRate))
        + Double.hashCode(auc);
  }

  /** The size and the AUC (not the points, which may be millions). */
  @Override
  public String toString() {
    return "RocCurve[" + size() + " points, auc=" + auc + "]";
  }

  /**
   * Builds the curve of validated input: sorts each class's scores, then walks the distinct scores
   * from the highest down, adding one point per score and counting {@code 2U} exactly.
   *
   * <p>The sort is a bucket sort over the monotone bucket map that AUC uses: the scores are scattered by
   * coarse bucket ({@link CoarseLayout}; {@code -0.0} becomes {@code 0.0}), each coarse bucket is spread
   * over its fine buckets in cache ({@link FineBuckets}), and only the few scores inside one fine bucket
   * are sorted by comparison, the two halves of the buckets on two threads for large inputs. A coarse
   * bucket too large for the fine buffers is sorted where it lies. Same result as sorting each class
   * whole, several times faster on millions of rows.
   */
  static RocCurve walk(boolean[] labels, double[] scores, int positives, ScoreRange range) {
    int negatives = labels.length - positives;
    double[] pos = new double[positives];
    double[] neg = new double[negatives];
    sortedByClass(labels, scores, range, pos, neg);
    int p = positives;
    int q = negatives;
    double[] fpr = new double[labels.length + 1];
    double[] tpr = new double[labels.length + 1];
    int points = 1; // (0, 0)
    long twiceU = 0;
    // p and q: positives and negatives not yet passed, i.e. scoring at most the current threshold
    while (p > 0 || q > 0) {
      double threshold = p == 0 ? neg[q - 1] : q == 0 ? pos[p - 1] : Math.max(pos[p - 1], neg[q - 1]);
      int tiedPositives = 0;
      while (p > 0 && pos[p - 1] == threshold) {
        p--;
        tiedPositives++;
      }
      int tiedNegatives = 0;
      while (q > 0 && neg[q - 1] == threshold) {
        q--;
        tiedNegatives++;
      }
      twiceU += tiedPositives * (2L * q + tiedNegatives);
      fpr[points] = (double) (negatives - q) / negatives;
      tpr[points] = (double) (positives - p) / positives;
      points++;
    }
    boolean full = points == fpr.length; // every score distinct: no copy of two n-row arrays
    return new RocCurve(
        full ? fpr : Arrays.copyOf(fpr, points),
        full ? tpr : Arrays.copyOf(tpr, points),
        Auc.fromTwiceU(twiceU, positives, negatives));
  }

  /** Fills {@code pos} and {@code neg} with each class's scores, ascending. */
  private static void sortedByClass(
      boolean[] labels, double[] scores, ScoreRange range, double[] pos, double[] neg) {
    double[] values = new double[scores.length];
    CoarseLayout layout =
        new CoarseLayout(labels, scores, new Buckets(range, scores.length), values, null, null);
    int[] split = layout.splitBuckets();
    int capacity = Math.min(FineBuckets.CAPACITY, layout.largestBucket());
    Parallel.run(split.length - 1, part -> {
      FineBuckets fine = new FineBuckets(layout.buckets, capacity, false);
      int p = (int) layout.positivesBelow(split[part]);
      int q = (int) layout.negativesBelow(split[part]);
      for (int c = split[part]; c < split[part + 1]; c++) {
        int s = layout.start(c);
        int ns = layout.negStart(c);
        int e = layout.start(c + 1);
        if (e - s > capacity) { // too large for the fine buffers (a heap of ties or skewed scores)
          p = sortedCopy(values, s, ns, pos, p);
          q = sortedCopy(values, ns, e, neg, q);
          continue;
        }
        fine.distribute(c, values, null, s, ns, e);
        for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
          p = sortedCopy(fine.values, fine.start(f), fine.negStart(f), pos, p);
          q = sortedCopy(fine.values, fine.negStart(f), fine.end(f), neg, q);
        }
      }
    });
  }

  /** Sorts {@code source[from..to)} where it lies and appends it to {@code target} at {@code at}. */
  private static int sortedCopy(double[] source, int from, int to, double[] target, int at) {
    int length = to - from;
    if (length > 1) {
      Arrays.sort(source, from, to);
    }
    System.arraycopy(source, from, target, at, length);
    return at + length;
  }
}
