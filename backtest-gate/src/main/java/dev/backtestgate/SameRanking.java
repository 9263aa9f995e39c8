package dev.backtestgate;

import java.util.Arrays;

/**
 * Whether a candidate ranks every row exactly as the baseline does: for every two rows, the candidate orders
 * them as the baseline does and ties exactly where the baseline ties. That holds for identical scores and for
 * any strictly increasing transform of them (a rescaling, a logit, a rank); such a candidate measures nothing,
 * its lift is zero by construction. Scores compare by value: {@code -0.0} equals {@code 0.0}.
 *
 * <p>Cost: one pass over consecutive rows, which ends at the first pair ordered differently (at once for any
 * real candidate); only when every consecutive pair agrees, O(n log n) with primitive arrays: both columns'
 * distinct values are sorted, and each row's dense rank (the index of its value among the distinct values)
 * must be the same in both. Dense ranks equal row by row is exactly "same order, same ties".
 */
final class SameRanking {
  private SameRanking() {}

  /** Finite scores of equal length, at least one row. */
  static boolean of(double[] candidate, double[] baseline) {
    int n = candidate.length;
    for (int i = 1; i < n; i++) {
      if (order(candidate[i - 1], candidate[i]) != order(baseline[i - 1], baseline[i])) {
        return false;
      }
    }
    double[] c = distinctSorted(candidate);
    double[] b = distinctSorted(baseline);
    if (c.length != b.length) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (Arrays.binarySearch(c, candidate[i] + 0.0) != Arrays.binarySearch(b, baseline[i] + 0.0)) {
        return false;
      }
    }
    return true;
  }

  /** Whether the scores are equal by value in every row ({@code -0.0 == 0.0}). */
  static boolean identical(double[] candidate, double[] baseline) {
    for (int i = 0; i < candidate.length; i++) {
      if (candidate[i] != baseline[i]) {
        return false;
      }
    }
    return true;
  }

  private static int order(double x, double y) {
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** The distinct values, ascending; {@code -0.0} becomes {@code 0.0} so that it equals it. */
  private static double[] distinctSorted(double[] scores) {
    double[] sorted = new double[scores.length];
    for (int i = 0; i < sorted.length; i++) {
      sorted[i] = scores[i] + 0.0;
    }
    Arrays.sort(sorted);
    int distinct = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[distinct - 1]) {
        sorted[distinct++] = sorted[i];
      }
    }
    return Arrays.copyOf(sorted, distinct);
  }
}
