package dev.backtestgate.metrics;

import java.util.Arrays;

/**
 * The exact Mann-Whitney count {@code 2U}: over all (positive, negative) pairs, 2 when the positive
 * scores higher, 1 on a tie. {@code AUC = 2U / (2 * positives * negatives)}.
 *
 * <p>Scores are scattered by {@link Buckets} into one {@code double[n]} (each bucket's positives first,
 * then its negatives); pairs in different buckets are counted from the bucket counts alone, and only
 * buckets holding both classes are sorted. Extra memory: one {@code double[n]} plus two {@code int}
 * counters per bucket (one bucket per {@value Buckets#TARGET_ROWS_PER_BUCKET} rows).
 */
final class PairCounts {
  private static final int INSERTION_MAX = 32;

  private PairCounts() {}

  /** {@code 2U} of validated input. */
  static long twiceU(boolean[] labels, double[] scores, ScoreRange range) {
    Buckets buckets = new Buckets(range, scores.length);
    buckets.countClasses(labels, scores);
    buckets.toCursors();
    int[] posCursor = buckets.positives;
    int[] negCursor = buckets.negatives;
    double[] grouped = new double[scores.length];
    for (int i = 0; i < scores.length; i++) {
      double x = scores[i] + 0.0; // -0.0 becomes 0.0
      int b = buckets.of(x);
      if (labels[i]) {
        grouped[posCursor[b]++] = x;
      } else {
        grouped[negCursor[b]++] = x;
      }
    }
    long twiceU = 0;
    long negativesBelow = 0;
    int start = 0;
    for (int b = 0; b < buckets.count; b++) {
      int negStart = posCursor[b];
      int end = negCursor[b];
      if (negStart > start) {
        twiceU += 2 * negativesBelow * (negStart - start);
        if (end > negStart) {
          twiceU += withinBucket(grouped, start, negStart, end);
        }
      }
      negativesBelow += end - negStart;
      start = end;
    }
    return twiceU;
  }

  /**
   * {@code 2U} of the pairs inside one bucket: positives in {@code a[from..negFrom)}, negatives in
   * {@code a[negFrom..to)}.
   */
  private static long withinBucket(double[] a, int from, int negFrom, int to) {
    sort(a, from, negFrom);
    sort(a, negFrom, to);
    long twiceU = 0;
    int below = negFrom; // first negative not below the current positive score
    int i = from;
    while (i < negFrom) {
      double x = a[i];
      int tiedPositives = i;
      while (tiedPositives < negFrom && a[tiedPositives] == x) {
        tiedPositives++;
      }
      while (below < to && a[below] < x) {
        below++;
      }
      int notAbove = below;
      while (notAbove < to && a[notAbove] == x) {
        notAbove++;
      }
      twiceU += (long) (tiedPositives - i) * (2L * (below - negFrom) + (notAbove - below));
      i = tiedPositives;
    }
    return twiceU;
  }

  private static void sort(double[] a, int from, int to) {
    if (to - from > INSERTION_MAX) {
      Arrays.sort(a, from, to);
      return;
    }
    for (int i = from + 1; i < to; i++) {
      double x = a[i];
      int j = i - 1;
      while (j >= from && a[j] > x) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = x;
    }
  }
}
