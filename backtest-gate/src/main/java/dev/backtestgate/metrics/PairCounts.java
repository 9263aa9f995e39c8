package dev.backtestgate.metrics;

/**
 * The exact Mann-Whitney count {@code 2U}: over all (positive, negative) pairs, 2 when the positive
 * scores higher, 1 on a tie. {@code AUC = 2U / (2 * positives * negatives)}.
 *
 * <p>Scores are scattered by coarse bucket ({@link CoarseLayout}), each coarse bucket is spread over
 * its fine buckets in cache ({@link FineBuckets}), pairs in different buckets are counted from bucket
 * counts alone and pairs inside a fine bucket by {@link Ties}. A coarse bucket too large for the fine
 * buffers, or holding one class only, is resolved where it lies (sorting it if it must). The two
 * halves of the work run on two threads for large inputs; the count is an integer, so the result does
 * not depend on that. Extra memory: one {@code double[n]} (a {@link Scratch} array, kept for the next call),
 * plus fixed-size buffers per thread.
 */
final class PairCounts {
  private PairCounts() {}

  /** {@code 2U} of validated input. */
  static long twiceU(boolean[] labels, double[] scores, ScoreRange range) {
    Scratch scratch = Scratch.take();
    try {
      return twiceU(labels, scores, range, scratch.doubles(scores.length));
    } finally {
      scratch.giveBack();
    }
  }

  private static long twiceU(boolean[] labels, double[] scores, ScoreRange range, double[] values) {
    Buckets buckets = new Buckets(range, scores.length);
    CoarseLayout layout = new CoarseLayout(labels, scores, buckets, values, null, null);
    int[] split = layout.splitBuckets();
    long[] partial = new long[split.length - 1];
    int capacity = Math.min(FineBuckets.CAPACITY, layout.largestBucket());
    Parallel.run(
        partial.length,
        part -> partial[part] = twiceU(layout, values, split[part], split[part + 1], capacity));
    long twiceU = 0;
    for (long p : partial) {
      twiceU += p;
    }
    return twiceU;
  }

  /** {@code 2U} of the positives in coarse buckets {@code [first, last)}. */
  private static long twiceU(CoarseLayout layout, double[] values, int first, int last, int capacity) {
    FineBuckets fine = new FineBuckets(layout.buckets, capacity, false);
    long negativesBelow = layout.negativesBelow(first);
    long twiceU = 0;
    for (int c = first; c < last; c++) {
      int s = layout.start(c);
      int ns = layout.negStart(c);
      int e = layout.start(c + 1);
      if (e - s > capacity || s == ns || ns == e) {
        twiceU += Ties.resolve(values, null, s, ns, e, 2 * negativesBelow, 0, null);
        negativesBelow += e - ns;
        continue;
      }
      fine.distribute(c, values, null, s, ns, e);
      for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
        int fs = fine.start(f);
        int fns = fine.negStart(f);
        int fe = fine.end(f);
        if (fns > fs) {
          twiceU += Ties.resolve(fine.values, null, fs, fns, fe, 2 * negativesBelow, 0, null);
        }
        negativesBelow += fe - fns;
      }
    }
    return twiceU;
  }
}
