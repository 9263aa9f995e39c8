package dev.backtestgate.lifttrend;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The straightforward split that {@link PeriodSplit} must agree with, bit for bit: the test rows split by
 * decision-time period, each period with enough rows of both classes compared by {@link DeLong#compare} on a copy of
 * its own rows. Rows are visited in period order once: when the decision times never decrease
 * (the usual order of a backtest), each period is a contiguous slice; otherwise a counting sort by period writes one
 * {@code int[rows]} order. Each period's rows are copied into arrays of its own size for the comparison, so beyond
 * that order the memory is that of the largest period (and DeLong's buffers for it), and O(periods) counts.
 */
final class PeriodSplitReference {
  private PeriodSplitReference() {}

  /**
   * The periods of {@code grid} with their counts and, where both classes reach {@code minClass}, their lift.
   *
   * @throws IllegalArgumentException as {@link DeLong#compare} does for invalid scores
   */
  static List<PeriodLift> measure(boolean[] labels, double[] candidate, double[] baseline, long[] times,
      PeriodGrid grid, int minClass, double confidenceLevel) {
    int periods = grid.count();
    int n = labels.length;
    int[] rows = new int[periods + 1];
    long[] positives = new long[periods];
    boolean ordered = true;
    int previous = 0;
    for (int i = 0; i < n; i++) {
      int p = grid.periodOf(times[i]);
      ordered &= p >= previous;
      previous = p;
      rows[p + 1]++;
      if (labels[i]) {
        positives[p]++;
      }
    }
    for (int p = 0; p < periods; p++) {
      rows[p + 1] += rows[p]; // now the start of each period in period order
    }
    int[] order = ordered ? null : countingSort(times, grid, rows);
    List<PeriodLift> result = new ArrayList<>(periods);
    for (int p = 0; p < periods; p++) {
      int from = rows[p];
      int to = rows[p + 1];
      long negatives = (to - from) - positives[p];
      Optional<AucComparison> comparison = Optional.empty();
      if (positives[p] >= minClass && negatives >= minClass) {
        comparison = Optional.of(ordered
            ? DeLong.compare(Arrays.copyOfRange(labels, from, to), Arrays.copyOfRange(candidate, from, to),
                Arrays.copyOfRange(baseline, from, to), confidenceLevel)
            : compareGathered(labels, candidate, baseline, order, from, to, confidenceLevel));
      }
      result.add(new PeriodLift(p, grid.label(p), grid.start(p), grid.end(p), positives[p], negatives, comparison));
    }
    return result;
  }

  /** The rows in period order (stable), given where each period starts. */
  private static int[] countingSort(long[] times, PeriodGrid grid, int[] starts) {
    int[] next = Arrays.copyOf(starts, starts.length - 1);
    int[] order = new int[times.length];
    for (int i = 0; i < times.length; i++) {
      order[next[grid.periodOf(times[i])]++] = i;
    }
    return order;
  }

  private static AucComparison compareGathered(boolean[] labels, double[] candidate, double[] baseline, int[] order,
      int from, int to, double confidenceLevel) {
    int size = to - from;
    boolean[] l = new boolean[size];
    double[] c = new double[size];
    double[] b = new double[size];
    for (int k = 0; k < size; k++) {
      int row = order[from + k];
      l[k] = labels[row];
      c[k] = candidate[row];
      b[k] = baseline[row];
    }
    return DeLong.compare(l, c, b, confidenceLevel);
  }
}
