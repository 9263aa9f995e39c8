package dev.backtestgate.time;

import dev.backtestgate.internal.LongIntSort;
import java.time.Duration;
import java.time.Instant;

/**
 * A spine prepared once per join: dense entity ids, and its rows grouped by entity and sorted by effective
 * time e = decision time - availability lag. {@code effective[p]} is the effective time of row
 * {@code order[p]}; entity group g spans positions {@code starts[g] .. starts[g + 1])}. O(s log s).
 */
final class SortedSpine {
  final EntityIndex entities;
  final int[] starts;
  final int[] order;
  final long[] effective;

  private SortedSpine(EntityIndex entities, int[] starts, int[] order, long[] effective) {
    this.entities = entities;
    this.starts = starts;
    this.order = order;
    this.effective = effective;
  }

  static SortedSpine of(Spine spine, long lagMillis, boolean parallel) {
    long[] decisionTime = spine.decisionTime();
    int[] dense = new int[spine.size()];
    EntityIndex entities = EntityIndex.of(spine.entity(), dense);
    DenseGroups groups = DenseGroups.of(dense, entities.size());
    int[] order = groups.order();
    long[] effective = new long[order.length];
    for (int p = 0; p < order.length; p++) {
      int row = order[p];
      long t = decisionTime[row];
      if (!AsOfRule.representable(t, lagMillis)) {
        throw new IllegalArgumentException(
            "spine row " + row + ": decision time " + Instant.ofEpochMilli(t) + " minus the availability "
                + "lag of " + Duration.ofMillis(lagMillis) + " is before the earliest time "
                + EpochMillis.EARLIEST + "; fix the decision time column or shorten the lag");
      }
      effective[p] = AsOfRule.effective(t, lagMillis);
    }
    int[] starts = groups.starts();
    Blocks.forEach(
        entities.size(),
        parallel,
        (from, to) -> {
          for (int g = from; g < to; g++) {
            LongIntSort.sort(effective, order, starts[g], starts[g + 1]);
          }
        });
    return new SortedSpine(entities, starts, order, effective);
  }

  int groups() {
    return starts.length - 1;
  }

  int rows() {
    return order.length;
  }
}
