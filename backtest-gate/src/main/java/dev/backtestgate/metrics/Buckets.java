package dev.backtestgate.metrics;

/**
 * A non-decreasing map from finite scores to bucket numbers {@code 0..count-1}, and the per-bucket
 * class counts of one model.
 *
 * <p>IEEE subtraction and multiplication are monotone, so {@code floor((x - min) * scale)} never
 * decreases as {@code x} grows: equal scores share a bucket, and any two scores in different buckets
 * are ordered by their bucket numbers alone. Only pairs inside one bucket need their scores compared.
 * When {@code max - min} overflows, both ends are halved first (still monotone); a scale that would
 * overflow is capped (still monotone, only coarser).
 */
final class Buckets {
  /** Rows per bucket aimed at: small enough for insertion sort, large enough for few counters. */
  static final int TARGET_ROWS_PER_BUCKET = 16;

  final int count;
  private final double factor;
  private final double low;
  private final double scale;

  /** Per-bucket counts of positives and negatives, filled by {@link #countClasses}. */
  final int[] positives;

  final int[] negatives;

  Buckets(ScoreRange range, int rows) {
    double factor = 1.0;
    double span = range.max() - range.min();
    if (span == Double.POSITIVE_INFINITY) {
      factor = 0.5;
      span = range.max() * factor - range.min() * factor;
    }
    this.factor = factor;
    this.low = range.min() * factor;
    this.count = span > 0 ? Math.max(1, rows / TARGET_ROWS_PER_BUCKET) : 1;
    this.scale = span > 0 ? Math.min(count / span, Double.MAX_VALUE) : 0.0;
    this.positives = new int[count];
    this.negatives = new int[count];
  }

  /** The bucket of a finite score within the range. */
  int of(double x) {
    int b = (int) ((x * factor - low) * scale);
    return b < count ? b : count - 1;
  }

  /** Fills {@link #positives} and {@link #negatives}. */
  void countClasses(boolean[] labels, double[] scores) {
    int[] pos = positives;
    int[] neg = negatives;
    for (int i = 0; i < scores.length; i++) {
      int b = of(scores[i]);
      if (labels[i]) {
        pos[b]++;
      } else {
        neg[b]++;
      }
    }
  }

  /**
   * Turns the counts into scatter cursors: {@code positives[b]} becomes the first slot of bucket b
   * (its positives go first) and {@code negatives[b]} the first slot after its positives. After the
   * scatter, {@code positives[b]} is where the bucket's negatives start and {@code negatives[b]} where
   * the bucket ends.
   */
  void toCursors() {
    int start = 0;
    for (int b = 0; b < count; b++) {
      int p = positives[b];
      int q = negatives[b];
      positives[b] = start;
      negatives[b] = start + p;
      start += p + q;
    }
  }
}
