package dev.backtestgate.trials;

import dev.backtestgate.internal.LongIntSort;

/**
 * One model's rows in score order, fixed once (one O(n log n) sort), so that the AUC of any resample of the rows is
 * one O(n) pass: a resample is a multiplicity per row, and each tie group of equal scores adds its resampled
 * positives times the resampled negatives below it, twice, plus the resampled negatives tied with them. These are the
 * DeLong placements (the structural components) recomputed under the resample's weights, so the result is the
 * resample's exact AUC, equal to re-sorting it (tested against that), not the linear approximation that fixed
 * placements give. Each row is packed into one {@code int}: bit 31 starts a tie group, bit 30 marks a positive, the
 * rest is the row number (so at most 2^30 rows).
 */
final class RankedScores {
  private static final int STARTS = 1 << 31;
  private static final int POSITIVE = 1 << 30;
  private static final int ROW = POSITIVE - 1;
  private final int[] packed;

  private RankedScores(int[] packed) {
    this.packed = packed;
  }

  /** {@code scores} (finite, one per row) ranked once. */
  static RankedScores of(boolean[] labels, double[] scores) {
    int n = labels.length;
    long[] keys = new long[n];
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      long bits = Double.doubleToLongBits(scores[i] + 0.0);   // + 0.0: -0.0 ties with 0.0, as the AUC has it
      keys[i] = bits ^ ((bits >> 63) & Long.MAX_VALUE);        // ascending as the scores are
      order[i] = i;
    }
    LongIntSort.sort(keys, order, 0, n);
    int[] packed = new int[n];
    for (int k = 0; k < n; k++) {
      int row = order[k];
      packed[k] = row | (labels[row] ? POSITIVE : 0) | (k == 0 || keys[k] != keys[k - 1] ? STARTS : 0);
    }
    return new RankedScores(packed);
  }

  /**
   * Twice the Mann–Whitney U of the resample that takes row {@code i} {@code weights[i]} times: the AUC is this over
   * {@code 2 * (resampled positives) * (resampled negatives)}.
   */
  long twiceU(int[] weights) {
    long twiceU = 0;
    long negativesBelow = 0;
    long positives = 0;
    long negatives = 0;
    for (int p : packed) {
      if (p < 0) {
        twiceU += positives * (2 * negativesBelow + negatives);
        negativesBelow += negatives;
        positives = 0;
        negatives = 0;
      }
      int w = weights[p & ROW];
      if ((p & POSITIVE) != 0) {
        positives += w;
      } else {
        negatives += w;
      }
    }
    return twiceU + positives * (2 * negativesBelow + negatives);
  }
}
