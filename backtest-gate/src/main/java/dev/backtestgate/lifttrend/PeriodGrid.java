package dev.backtestgate.lifttrend;

import java.time.Instant;
import java.util.Arrays;

/**
 * Consecutive periods: period {@code k} holds the decision times in {@code [starts[k], starts[k + 1])} and is
 * called {@code labels[k]}. Fixed-length periods are found by division, calendar ones by binary search.
 */
final class PeriodGrid {
  private final long[] starts;
  private final String[] labels;
  private final long origin;
  /** The length of every period in milliseconds, or 0 for calendar periods. */
  private final long step;

  PeriodGrid(long[] starts, String[] labels, long origin, long step) {
    this.starts = starts;
    this.labels = labels;
    this.origin = origin;
    this.step = step;
  }

  int count() {
    return labels.length;
  }

  String label(int period) {
    return labels[period];
  }

  Instant start(int period) {
    return Instant.ofEpochMilli(starts[period]);
  }

  /** The end of the period, exclusive. */
  Instant end(int period) {
    return Instant.ofEpochMilli(starts[period + 1]);
  }

  /** The period holding {@code time}, which lies inside the grid. */
  int periodOf(long time) {
    if (step > 0) {
      return (int) ((time - origin) / step);
    }
    int found = Arrays.binarySearch(starts, 0, starts.length, time);
    return found >= 0 ? found : -found - 2;
  }
}
