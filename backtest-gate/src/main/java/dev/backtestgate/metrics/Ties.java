package dev.backtestgate.metrics;

/**
 * Resolves the pairs inside one bucket, whose positives are {@code keys[s..ns)} and negatives {@code
 * keys[ns..e)}: hands every row's placement in half-units (see {@link Placements}) to a {@link Sink}
 * and returns the sum over the positives, which is the bucket's share of {@code 2U}.
 *
 * <p>A positive's placement is {@code positiveBase + 2 * (bucket negatives below it) + (bucket
 * negatives tied with it)}, where {@code positiveBase = 2 * (negatives in lower buckets)}; a
 * negative's is {@code negativeBase - 2 * (bucket positives below it) - (bucket positives tied with
 * it)}, where {@code negativeBase = 2 * (positives in this and higher buckets)}.
 *
 * <p>Small buckets compare every pair without branches; a bucket of one repeated score is all ties;
 * otherwise both classes are sorted (carrying a payload along) and walked together, tie group by tie
 * group.
 */
final class Ties {
  /** Up to this many (positive, negative) pairs, comparing them all beats sorting. */
  static final int ALL_PAIRS_MAX = 256;

  /** Receives each row's placement, by its index in {@code keys}. */
  interface Sink {
    void put(int index, long placement, boolean positive);

    /** The same placement for indices {@code [from, to)}. */
    default void putRun(int from, int to, long placement, boolean positive) {
      for (int k = from; k < to; k++) {
        put(k, placement, positive);
      }
    }
  }

  private Ties() {}

  /**
   * @param payload carried along when sorting (null when there is nothing to carry)
   * @param sink null when only the sum is wanted (then negatives are not placed at all)
   */
  static long resolve(
      double[] keys, int[] payload, int s, int ns, int e, long positiveBase, long negativeBase, Sink sink) {
    long p = ns - s;
    long q = e - ns;
    if (p == 0 || q == 0) {
      putRun(sink, s, ns, positiveBase, true);
      putRun(sink, ns, e, negativeBase, false);
      return p * positiveBase;
    }
    if (p * q <= ALL_PAIRS_MAX) {
      long sum = 0;
      for (int i = s; i < ns; i++) {
        long placement = positiveBase + against(keys[i], keys, ns, e);
        sum += placement;
        if (sink != null) {
          sink.put(i, placement, true);
        }
      }
      for (int j = ns; sink != null && j < e; j++) {
        sink.put(j, negativeBase - against(keys[j], keys, s, ns), false);
      }
      return sum;
    }
    if (allEqual(keys, s, e)) {
      putRun(sink, s, ns, positiveBase + q, true);
      putRun(sink, ns, e, negativeBase - p, false);
      return p * (positiveBase + q);
    }
    PairSort.sort(keys, payload, s, ns);
    PairSort.sort(keys, payload, ns, e);
    return walk(keys, s, ns, e, positiveBase, negativeBase, sink);
  }

  /** {@code 2 * #(others below x) + #(others equal to x)} over {@code keys[from..to)}, branch-free. */
  static long against(double x, double[] keys, int from, int to) {
    long sum = 0;
    for (int j = from; j < to; j++) {
      double y = keys[j];
      sum += (x > y ? 2 : 0) + (x == y ? 1 : 0);
    }
    return sum;
  }

  private static boolean allEqual(double[] keys, int from, int to) {
    double first = keys[from];
    for (int i = from + 1; i < to; i++) {
      if (keys[i] != first) {
        return false;
      }
    }
    return true;
  }

  /** Both classes sorted: one pass over their tie groups in ascending order. */
  private static long walk(
      double[] keys, int s, int ns, int e, long positiveBase, long negativeBase, Sink sink) {
    long sum = 0;
    int i = s;
    int j = ns;
    while (i < ns || j < e) {
      double x = i == ns ? keys[j] : j == e ? keys[i] : Math.min(keys[i], keys[j]);
      int iEnd = i;
      while (iEnd < ns && keys[iEnd] == x) {
        iEnd++;
      }
      int jEnd = j;
      while (jEnd < e && keys[jEnd] == x) {
        jEnd++;
      }
      long positive = positiveBase + 2L * (j - ns) + (jEnd - j);
      long negative = negativeBase - 2L * (i - s) - (iEnd - i);
      sum += positive * (iEnd - i);
      putRun(sink, i, iEnd, positive, true);
      putRun(sink, j, jEnd, negative, false);
      i = iEnd;
      j = jEnd;
    }
    return sum;
  }

  private static void putRun(Sink sink, int from, int to, long placement, boolean positive) {
    if (sink != null && from < to) {
      sink.putRun(from, to, placement, positive);
    }
  }
}
