package dev.backtestgate.metrics;

/**
 * Sorts a range of row indices by the rows' scores, in place: three-way quicksort (runs of tied scores
 * cost one pass), insertion sort for short ranges and heapsort past a depth limit, so O(k log k) for
 * any input. Scores compare with {@code <}, so {@code -0.0} and {@code 0.0} tie.
 */
final class IndexSort {
  private static final int INSERTION_MAX = 24;

  private IndexSort() {}

  /** Sorts {@code rows[from..to)} so that {@code keys[rows[k]]} is non-decreasing. */
  static void sort(int[] rows, int from, int to, double[] keys) {
    int depthLimit = 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, to - from)));
    quicksort(rows, from, to, keys, depthLimit);
  }

  private static void quicksort(int[] rows, int from, int to, double[] keys, int depthLimit) {
    while (to - from > INSERTION_MAX) {
      if (depthLimit-- == 0) {
        heapSort(rows, from, to, keys);
        return;
      }
      double pivot = medianOfThree(keys[rows[from]], keys[rows[(from + to) >>> 1]], keys[rows[to - 1]]);
      int lt = from;
      int i = from;
      int gt = to - 1;
      while (i <= gt) {
        double v = keys[rows[i]];
        if (v < pivot) {
          swap(rows, lt++, i++);
        } else if (v > pivot) {
          swap(rows, i, gt--);
        } else {
          i++;
        }
      }
      // rows[lt..gt] hold the pivot's ties: recurse into the smaller side, loop on the larger.
      if (lt - from < to - gt - 1) {
        quicksort(rows, from, lt, keys, depthLimit);
        from = gt + 1;
      } else {
        quicksort(rows, gt + 1, to, keys, depthLimit);
        to = lt;
      }
    }
    insertionSort(rows, from, to, keys);
  }

  private static void insertionSort(int[] rows, int from, int to, double[] keys) {
    for (int i = from + 1; i < to; i++) {
      int row = rows[i];
      double key = keys[row];
      int j = i - 1;
      while (j >= from && keys[rows[j]] > key) {
        rows[j + 1] = rows[j];
        j--;
      }
      rows[j + 1] = row;
    }
  }

  /** Guaranteed O(k log k); package-private so tests can reach it directly. */
  static void heapSort(int[] rows, int from, int to, double[] keys) {
    int n = to - from;
    for (int i = n / 2 - 1; i >= 0; i--) {
      siftDown(rows, from, i, n, keys);
    }
    for (int end = n - 1; end > 0; end--) {
      swap(rows, from, from + end);
      siftDown(rows, from, 0, end, keys);
    }
  }

  private static void siftDown(int[] rows, int base, int i, int n, double[] keys) {
    int row = rows[base + i];
    double key = keys[row];
    while (true) {
      int child = 2 * i + 1;
      if (child >= n) {
        break;
      }
      if (child + 1 < n && keys[rows[base + child + 1]] > keys[rows[base + child]]) {
        child++;
      }
      if (!(keys[rows[base + child]] > key)) {
        break;
      }
      rows[base + i] = rows[base + child];
      i = child;
    }
    rows[base + i] = row;
  }

  private static double medianOfThree(double a, double b, double c) {
    return a < b ? (b < c ? b : Math.max(a, c)) : (a < c ? a : Math.max(b, c));
  }

  private static void swap(int[] rows, int i, int j) {
    int t = rows[i];
    rows[i] = rows[j];
    rows[j] = t;
  }
}
