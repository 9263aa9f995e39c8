package dev.backtestgate.metrics;

/**
 * A non-decreasing map from finite scores to fine bucket numbers, grouped {@value #FINE_PER_COARSE}
 * to a coarse bucket.
 *
 * <p>IEEE subtraction and multiplication are monotone, so {@code floor((x - min) * scale)} never
 * decreases as {@code x} grows: equal scores share a bucket, and any two scores in different buckets
 * are ordered by their bucket numbers alone. Only pairs inside one fine bucket need their scores
 * compared. When {@code max - min} overflows, both ends are halved first (still monotone); a scale
 * that would overflow is capped (still monotone, only coarser). About {@value #ROWS_PER_FINE_BUCKET}
 * rows share a fine bucket when scores are spread evenly.
 */
final class Buckets {
  static final int FINE_BITS = 10;
  static final int FINE_PER_COARSE = 1 << FINE_BITS;
  static final int ROWS_PER_FINE_BUCKET = 16;

  final int coarseCount;
  private final int lastFine;
  private final double factor;
  private final double low;
  private final double scale;

  Buckets(ScoreRange range, int rows) {
    double factor = 1.0;
    double span = range.max() - range.min();
    if (span == Double.POSITIVE_INFINITY) {
      factor = 0.5;
      span = range.max() * factor - range.min() * factor;
    }
    this.factor = factor;
    this.low = range.min() * factor;
    int fineWanted = rows / ROWS_PER_FINE_BUCKET;
    this.coarseCount = span > 0 ? Math.max(1, (fineWanted + FINE_PER_COARSE - 1) / FINE_PER_COARSE) : 1;
    int fineCount = coarseCount << FINE_BITS;
    this.scale = span > 0 ? Math.min(fineCount / span, Double.MAX_VALUE) : 0.0;
    this.lastFine = fineCount - 1;
  }

  /** The fine bucket of a finite score within the range. */
  int fine(double x) {
    return Math.min((int) ((x * factor - low) * scale), lastFine);
  }

  /** The number of fine buckets: {@link #fine} returns {@code 0} to {@code fineCount() - 1}. */
  int fineCount() {
    return lastFine + 1;
  }

  /** The coarse bucket of a finite score within the range. */
  int coarse(double x) {
    return fine(x) >>> FINE_BITS;
  }
}
