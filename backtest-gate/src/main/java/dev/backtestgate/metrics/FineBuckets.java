package dev.backtestgate.metrics;

import java.util.Arrays;

/**
 * Working buffers that spread one coarse bucket over its {@value Buckets#FINE_PER_COARSE} fine
 * buckets, small enough to stay in cache. Fine bucket {@code f} then holds its positives in {@code
 * [start(f), negStart(f))} and its negatives in {@code [negStart(f), end(f))} of {@link #values}; with
 * positions, {@link #positions} holds where each value came from. One instance per thread.
 */
final class FineBuckets {
  /** Coarse buckets above this many rows are resolved in place instead (see {@link Ties}). */
  static final int CAPACITY = 1 << 16;

  private final Buckets buckets;
  /** Counts, then cursors; afterwards {@code [2f]} = negStart(f) and {@code [2f + 1]} = end(f). */
  private final int[] bounds = new int[2 * Buckets.FINE_PER_COARSE];

  private final int[] slotOf;
  final double[] values;
  final int[] payload;

  FineBuckets(Buckets buckets, int capacity, boolean withPayload) {
    this.buckets = buckets;
    this.slotOf = new int[capacity];
    this.values = new double[capacity];
    this.payload = withPayload ? new int[capacity] : null;
  }

  /**
   * Spreads coarse bucket {@code coarse}, whose positives are {@code source[from..negFrom)} and
   * negatives {@code source[negFrom..to)}, at most {@link #capacity()} values, with their payload from
   * {@code sourcePayload} when this instance keeps one.
   */
  void distribute(int coarse, double[] source, int[] sourcePayload, int from, int negFrom, int to) {
    count(coarse, source, from, negFrom, to);
    for (int k = from; k < to; k++) {
      int slot = bounds[slotOf[k - from]]++;
      values[slot] = source[k];
      if (payload != null) {
        payload[slot] = sourcePayload[k];
      }
    }
  }

  /** {@link #distribute}, with each value's index in {@code source} as its payload. */
  void distributeIndices(int coarse, double[] source, int from, int negFrom, int to) {
    count(coarse, source, from, negFrom, to);
    for (int k = from; k < to; k++) {
      int slot = bounds[slotOf[k - from]]++;
      values[slot] = source[k];
      payload[slot] = k;
    }
  }

  /** Each value's fine bucket and class, and each one's first slot in {@link #bounds}. */
  private void count(int coarse, double[] source, int from, int negFrom, int to) {
    int base = coarse << Buckets.FINE_BITS;
    int[] counts = bounds;
    Arrays.fill(counts, 0);
    for (int k = from; k < to; k++) {
      int slot = 2 * (buckets.fine(source[k]) - base) + (k < negFrom ? 0 : 1);
      slotOf[k - from] = slot;
      counts[slot]++;
    }
    int next = 0;
    for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
      int positives = counts[2 * f];
      int negatives = counts[2 * f + 1];
      counts[2 * f] = next;
      counts[2 * f + 1] = next + positives;
      next += positives + negatives;
    }
  }

  int capacity() {
    return values.length;
  }

  int start(int f) {
    return f == 0 ? 0 : bounds[2 * f - 1];
  }

  int negStart(int f) {
    return bounds[2 * f];
  }

  int end(int f) {
    return bounds[2 * f + 1];
  }
}
