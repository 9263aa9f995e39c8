package dev.backtestgate.metrics;

import java.util.Arrays;

/**
 * Sorts a range of scores ascending, carrying an {@code int} per score along: three-way quicksort
 * (runs of tied scores cost one pass), insertion sort for short ranges and heapsort past a depth
 * limit, so O(k log k) for any input. Scores compare with {@code <}, so {@code -0.0} and {@code 0.0}
 * tie.
 */
final class PairSort {
  private static final int INSERTION_MAX = 24;

  private PairSort() {}

  /** Sorts {@code keys[from..to)} and permutes {@code payload} alike (when not null). */
  static void sort(double[] keys, int[] payload, int from, int to) {
    if (payload == null) {
      Arrays.sort(keys, from, to);
      return;
    }
    int depthLimit = 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, to - from)));
    quicksort(keys, payload, from, to, depthLimit);
  }

  private static void quicksort(double[] keys, int[] payload, int from, int to, int depthLimit) {
    while (to - from > INSERTION_MAX) {
      if (depthLimit-- == 0) {
        heapSort(keys, payload, from, to);
        return;
      }
      double pivot = medianOfThree(keys[from], keys[(from + to) >>> 1], keys[to - 1]);
      int lt = from;
      int i = from;
      int gt = to - 1;
      while (i <= gt) {
        double v = keys[i];
        if (v < pivot) {
          swap(keys, payload, lt++, i++);
        } else if (v > pivot) {
          swap(keys, payload, i, gt--);
        } else {
          i++;
        }
      }
      // [lt, gt] holds the pivot's ties: recurse into the smaller side, loop on the larger.
      if (lt - from < to - gt - 1) {
        quicksort(keys, payload, from, lt, depthLimit);
        from = gt + 1;
      } else {
        quicksort(keys, payload, gt + 1, to, depthLimit);
        to = lt;
      }
    }
    for (int i = from + 1; i < to; i++) {
      double key = keys[i];
      int carried = payload[i];
      int j = i - 1;
      while (j >= from && keys[j] > key) {
        keys[j + 1] = keys[j];
        payload[j + 1] = payload[j];
        j--;
      }
      keys[j + 1] = key;
      payload[j + 1] = carried;
    }
  }

  /** Guaranteed O(k log k); package-private so tests can reach it directly. */
  static void heapSort(double[] keys, int[] payload, int from, int to) {
    int n = to - from;
    for (int i = n / 2 - 1; i >= 0; i--) {
      siftDown(keys, payload, from, i, n);
    }
    for (int end = n - 1; end > 0; end--) {
      swap(keys, payload, from, from + end);
      siftDown(keys, payload, from, 0, end);
    }
  }

  private static void siftDown(double[] keys, int[] payload, int base, int i, int n) {
    while (true) {
      int child = 2 * i + 1;
      if (child >= n) {
        return;
      }
      if (child + 1 < n && keys[base + child + 1] > keys[base + child]) {
        child++;
      }
      if (!(keys[base + child] > keys[base + i])) {
        return;
      }
      swap(keys, payload, base + i, base + child);
      i = child;
    }
  }

  private static double medianOfThree(double a, double b, double c) {
    return a < b ? (b < c ? b : Math.max(a, c)) : (a < c ? a : Math.max(b, c));
  }

  private static void swap(double[] keys, int[] payload, int i, int j) {
    double k = keys[i];
    keys[i] = keys[j];
    keys[j] = k;
    int p = payload[i];
    payload[i] = payload[j];
    payload[j] = p;
  }
}
