package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Sorts a range of {@code long} keys ascending and applies the same permutation to an {@code int} payload.
 * Introsort: median-of-three quicksort, insertion sort below a small size, heapsort once the recursion
 * runs too deep, so O(n log n) in the worst case. Not stable. An already sorted range costs one pass.
 */
@API(status = INTERNAL, since = "0.1")
public final class LongIntSort {
  private static final int INSERTION_LIMIT = 24;

  private LongIntSort() {}

  /** Sorts {@code keys[from, to)} ascending, permuting {@code payload[from, to)} alongside. */
  public static void sort(long[] keys, int[] payload, int from, int to) {
    sort(keys, payload, from, to, 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, to - from))));
  }

  /** As {@link #sort(long[], int[], int, int)}, switching to heapsort after {@code depthLimit} levels. */
  public static void sort(long[] keys, int[] payload, int from, int to, int depthLimit) {
    if (!isSorted(keys, from, to)) {
      introSort(keys, payload, from, to - 1, depthLimit);
    }
  }

  public static boolean isSorted(long[] keys, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      if (keys[i] < keys[i - 1]) {
        return false;
      }
    }
    return true;
  }

  private static void introSort(long[] k, int[] p, int lo, int hi, int depth) {
    while (hi - lo >= INSERTION_LIMIT) {
      if (depth-- == 0) {
        heapSort(k, p, lo, hi + 1);
        return;
      }
      int mid = (lo + hi) >>> 1;
      if (k[mid] < k[lo]) {
        swap(k, p, lo, mid);
      }
      if (k[hi] < k[lo]) {
        swap(k, p, lo, hi);
      }
      if (k[hi] < k[mid]) {
        swap(k, p, mid, hi);
      }
      long pivot = k[mid];
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (k[i] < pivot) {
          i++;
        }
        while (k[j] > pivot) {
          j--;
        }
        if (i <= j) {
          swap(k, p, i, j);
          i++;
          j--;
        }
      }
      if (j - lo < hi - i) {
        introSort(k, p, lo, j, depth);
        lo = i;
      } else {
        introSort(k, p, i, hi, depth);
        hi = j;
      }
    }
    insertionSort(k, p, lo, hi + 1);
  }

  private static void insertionSort(long[] k, int[] p, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      long key = k[i];
      int value = p[i];
      int j = i - 1;
      while (j >= from && k[j] > key) {
        k[j + 1] = k[j];
        p[j + 1] = p[j];
        j--;
      }
      k[j + 1] = key;
      p[j + 1] = value;
    }
  }

  private static void heapSort(long[] k, int[] p, int from, int to) {
    int n = to - from;
    for (int i = n / 2 - 1; i >= 0; i--) {
      siftDown(k, p, from, i, n);
    }
    for (int end = n - 1; end > 0; end--) {
      swap(k, p, from, from + end);
      siftDown(k, p, from, 0, end);
    }
  }

  private static void siftDown(long[] k, int[] p, int base, int root, int n) {
    while (true) {
      int child = 2 * root + 1;
      if (child >= n) {
        return;
      }
      if (child + 1 < n && k[base + child + 1] > k[base + child]) {
        child++;
      }
      if (k[base + root] >= k[base + child]) {
        return;
      }
      swap(k, p, base + root, base + child);
      root = child;
    }
  }

  private static void swap(long[] k, int[] p, int a, int b) {
    long key = k[a];
    k[a] = k[b];
    k[b] = key;
    int value = p[a];
    p[a] = p[b];
    p[b] = value;
  }
}
