package dev.backtestgate.time;

import dev.backtestgate.internal.LongIntSort;
import java.util.Arrays;

/**
 * One event log grouped by entity, each entity's events ordered by the time they became available,
 * a = max(validFrom, recordedAt), then by position in the log. An event is visible at effective time e
 * exactly when a &le; e (validFrom &le; e and recordedAt &le; e), so the events visible at e are a prefix
 * of the entity's group, found by binary search: O(log k) per entity with k events, nothing copied.
 *
 * <p>Built once per log: O(n) to group (counting sort on dense ids), one pass per entity when the log
 * already arrives in time order, O(k log k) per entity otherwise. Primitive arrays only.
 */
final class LogIndex {
  final EventLog log;
  private final EntityIndex entities;
  /** Group g's events are {@code order[starts[g] .. starts[g + 1])}. */
  private final int[] starts;
  /** Event positions in the log, grouped by entity, each group in availability order. */
  final int[] order;
  /** The availability time of {@code order[p]}, per position p. */
  private final long[] available;

  private LogIndex(EventLog log, EntityIndex entities, int[] starts, int[] order, long[] available) {
    this.log = log;
    this.entities = entities;
    this.starts = starts;
    this.order = order;
    this.available = available;
  }

  static LogIndex of(EventLog log) {
    Columns.required(log, "event log");
    long[] validFrom = log.validFrom();
    long[] recordedAt = log.recordedAt();
    int[] dense = new int[log.size()];
    EntityIndex entities = EntityIndex.of(log.entity(), dense);
    DenseGroups groups = DenseGroups.of(dense, entities.size());
    int[] order = groups.order();
    long[] available = new long[order.length];
    for (int p = 0; p < order.length; p++) {
      available[p] = Math.max(validFrom[order[p]], recordedAt[order[p]]);
    }
    int[] starts = groups.starts();
    for (int g = 0; g < groups.groups(); g++) {
      int from = starts[g];
      int to = starts[g + 1];
      if (!LongIntSort.isSorted(available, from, to)) {
        LongIntSort.sort(available, order, from, to);
        orderTiesByPosition(available, order, from, to);
      }
    }
    return new LogIndex(log, entities, starts, order, available);
  }

  /** The sort is not stable: within equal availability times, restore log order so every run agrees. */
  private static void orderTiesByPosition(long[] available, int[] order, int from, int to) {
    int run = from;
    for (int p = from + 1; p <= to; p++) {
      if (p == to || available[p] != available[run]) {
        if (p - run > 1) {
          Arrays.sort(order, run, p);
        }
        run = p;
      }
    }
  }

  /** The first position of {@code entity}'s events; with {@link #end} the range of its visible events. */
  int start(long entity) {
    int g = entities.get(entity);
    return g < 0 ? 0 : starts[g];
  }

  /** One past the last position of {@code entity}'s events with availability time &le; {@code cutoff}. */
  int end(long entity, long cutoff) {
    int g = entities.get(entity);
    if (g < 0) {
      return 0;
    }
    int lo = starts[g];
    int hi = starts[g + 1];
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (available[mid] <= cutoff) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
