package dev.backtestgate.lifttrend;

import java.time.Instant;
import java.util.Arrays;

/**
 * Consecutive periods: period {@code k} holds the decision times in {@code [starts[k], starts[k + 1])} and is
 * called {@code labels[k]}. Fixed-length periods are found by division. Calendar periods start at midnight UTC, so
 * they are found by the day: a table of each day's period (at most 92 days a period, so O(periods) memory), one
 * division and one lookup per row instead of a binary search.
 */
final class PeriodGrid {
  private static final long DAY = 86_400_000L;
  /** Beyond this many days (about 1,000 quarters) calendar periods are found by binary search instead. */
  private static final long MAX_TABLE_DAYS = 100_000;
  private final long[] starts;
  private final String[] labels;
  private final long origin;
  /** The length of every period in milliseconds, or 0 for calendar periods. */
  private final long step;
  /** For calendar periods: the period of each day from {@code starts[0]}; null for fixed-length periods. */
  private final int[] dayPeriods;

  PeriodGrid(long[] starts, String[] labels, long origin, long step) {
    this.starts = starts;
    this.labels = labels;
    this.origin = origin;
    this.step = step;
    this.dayPeriods = step > 0 || !startsAtMidnight(starts)
        || (starts[starts.length - 1] - starts[0]) / DAY > MAX_TABLE_DAYS ? null : dayPeriods(starts);
  }

  private static boolean startsAtMidnight(long[] starts) {
    for (long start : starts) {
      if (Math.floorMod(start, DAY) != 0) {
        return false;
      }
    }
    return true;
  }

  private static int[] dayPeriods(long[] starts) {
    int[] periods = new int[Math.toIntExact((starts[starts.length - 1] - starts[0]) / DAY)];
    for (int k = 0, day = 0; k < starts.length - 1; k++) {
      for (long end = (starts[k + 1] - starts[0]) / DAY; day < end; day++) {
        periods[day] = k;
      }
    }
    return periods;
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
    if (dayPeriods != null) {
      return dayPeriods[(int) ((time - starts[0]) / DAY)];
    }
    int found = Arrays.binarySearch(starts, 0, starts.length, time);
    return found >= 0 ? found : -found - 2;
  }
}
