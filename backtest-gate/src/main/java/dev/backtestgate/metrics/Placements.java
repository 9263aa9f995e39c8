package dev.backtestgate.metrics;

/**
 * DeLong placements of one model, per row, in half-units so they stay integers: for a positive row,
 * {@code 2 * (negatives scoring below it) + (negatives tied with it)}; for a negative row, {@code 2 *
 * (positives scoring above it) + (positives tied with it)}. Dividing by {@code 2 * negatives} (resp.
 * {@code 2 * positives}) gives pROC's {@code V10} (resp. {@code V01}). Both kinds sum to {@code 2U}, so
 * the mean placement of either class is the AUC itself.
 *
 * <p>Row indices are scattered by {@link Buckets} into a caller-supplied {@code int[n]} (shared by the
 * models of one comparison), each bucket holding both classes is sorted by score, and each row's
 * placement is written into a {@code double[n]} in row order.
 */
final class Placements {
  private Placements() {}

  /**
   * Writes every row's placement into {@code out} and returns {@code 2U}.
   *
   * @param order scratch, {@code scores.length} long; overwritten
   */
  static long fill(
      boolean[] labels, double[] scores, ScoreRange range, int positives, int[] order, double[] out) {
    Buckets buckets = new Buckets(range, scores.length);
    buckets.countClasses(labels, scores);
    buckets.toCursors();
    int[] posCursor = buckets.positives;
    int[] negCursor = buckets.negatives;
    for (int i = 0; i < scores.length; i++) {
      int b = buckets.of(scores[i]);
      if (labels[i]) {
        order[posCursor[b]++] = i;
      } else {
        order[negCursor[b]++] = i;
      }
    }
    long twiceU = 0;
    long negativesBelow = 0;
    long positivesBelow = 0;
    int start = 0;
    for (int b = 0; b < buckets.count; b++) {
      int negStart = posCursor[b];
      int end = negCursor[b];
      int p = negStart - start;
      long lowest = 2 * negativesBelow; // a positive's placement when no negative here is below it
      long highest = 2 * (positives - positivesBelow); // a negative's, when all positives here are above
      if (p == 0 || end == negStart) {
        fillConstant(order, start, negStart, out, lowest);
        fillConstant(order, negStart, end, out, highest);
        twiceU += lowest * p;
      } else {
        IndexSort.sort(order, start, negStart, scores);
        IndexSort.sort(order, negStart, end, scores);
        twiceU += place(order, start, negStart, negStart, end, scores, out, lowest, 1);
        place(order, negStart, end, start, negStart, scores, out, highest, -1);
      }
      negativesBelow += end - negStart;
      positivesBelow += p;
      start = end;
    }
    return twiceU;
  }

  private static void fillConstant(int[] order, int from, int to, double[] out, long value) {
    for (int k = from; k < to; k++) {
      out[order[k]] = value;
    }
  }

  /**
   * For each row of the sorted range {@code rows[from..to)}, with {@code below} and {@code tied} its
   * counts in the other class's sorted range {@code rows[otherFrom..otherTo)}, writes {@code base +
   * sign * (2 * below + tied)}; returns the sum written.
   */
  private static long place(
      int[] rows,
      int from,
      int to,
      int otherFrom,
      int otherTo,
      double[] keys,
      double[] out,
      long base,
      int sign) {
    long sum = 0;
    int below = otherFrom;
    int k = from;
    while (k < to) {
      double x = keys[rows[k]];
      int tied = k;
      while (tied < to && keys[rows[tied]] == x) {
        tied++;
      }
      while (below < otherTo && keys[rows[below]] < x) {
        below++;
      }
      int notAbove = below;
      while (notAbove < otherTo && keys[rows[notAbove]] == x) {
        notAbove++;
      }
      long value = base + sign * (2L * (below - otherFrom) + (notAbove - below));
      sum += value * (tied - k);
      for (; k < tied; k++) {
        out[rows[k]] = value;
      }
    }
    return sum;
  }
}
