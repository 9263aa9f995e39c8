package dev.backtestgate.metrics;

import java.util.Arrays;

/**
 * The rule {@link RocCurve#downsample} keeps points by, for points offered one at a time in curve order:
 * the first and the last point always, and in between the first point to reach each of {@code maxPoints - 1}
 * even steps of {@code fpr + tpr} (which grows along any ROC curve) beyond the last point kept. Whoever offers
 * the same points in the same order gets the same result, bit for bit; a point that cannot reach {@link #next()}
 * may be left out without changing it.
 */
final class EvenPoints {
  private final double first;
  private final double step;
  private final double lastFpr;
  private final double lastTpr;
  private final double[] fpr;
  private final double[] tpr;
  private int kept;
  private double next;

  /** Starts with the first point; the last is only added by {@link #finish}. {@code maxPoints} is at least 2. */
  EvenPoints(double firstFpr, double firstTpr, double lastFpr, double lastTpr, int maxPoints) {
    this.first = firstFpr + firstTpr;
    this.step = (lastFpr + lastTpr - first) / (maxPoints - 1);
    this.lastFpr = lastFpr;
    this.lastTpr = lastTpr;
    this.fpr = new double[maxPoints];
    this.tpr = new double[maxPoints];
    fpr[0] = firstFpr;
    tpr[0] = firstTpr;
    kept = 1;
    next = first + step;
  }

  /** Refuses fewer than 2 points: the first and last are always kept. {@code what} needs them, for the message. */
  static void requireAtLeastTwo(int maxPoints, String what) {
    if (maxPoints < 2) {
      throw new IllegalArgumentException(
          what
              + " needs maxPoints >= 2 (the first and last points are always kept), got "
              + maxPoints
              + ".");
    }
  }

  /** True when only the last point fits: nothing more can be kept. */
  boolean full() {
    return kept >= fpr.length - 1;
  }

  /** The {@code fpr + tpr} the next point kept must reach. */
  double next() {
    return next;
  }

  /**
   * Whether a point kept could lie after a point at {@code before} and at or before one at {@code after} (both
   * {@code fpr + tpr}), whatever was kept before: a step boundary lies between them, with a margin of a millionth of
   * a step on both sides, far wider than the rounding of {@link #next()}. Never false when such a point could be
   * kept; sometimes true when none can.
   */
  boolean mayKeepBetween(double before, double after) {
    return Math.floor((after - first) / step + 1e-6) > Math.floor((before - first) / step - 1e-6);
  }

  /** Keeps the point when it reaches {@link #next()} and there is room (an interior point, in curve order). */
  void offer(double falsePositiveRate, double truePositiveRate) {
    double position = falsePositiveRate + truePositiveRate;
    if (position >= next && !full()) {
      fpr[kept] = falsePositiveRate;
      tpr[kept] = truePositiveRate;
      kept++;
      next = first + step * (Math.floor((position - first) / step) + 1);
    }
  }

  /** The points kept, then the last point, with {@code auc}. */
  RocCurve finish(double auc) {
    fpr[kept] = lastFpr;
    tpr[kept] = lastTpr;
    int size = kept + 1;
    return new RocCurve(Arrays.copyOf(fpr, size), Arrays.copyOf(tpr, size), auc);
  }
}
