package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** Counting in an ascending {@code double[]} by binary search: O(log n) per question. */
@API(status = INTERNAL, since = "0.1")
public final class SortedDoubles {
  private SortedDoubles() {}

  /** The number of values of {@code sorted} (ascending, no NaN) at or below {@code x}: the empirical CDF times n. */
  public static int atOrBelow(double[] sorted, double x) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] <= x) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
