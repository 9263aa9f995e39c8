package dev.backtestgate.time;

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
      long e = t - lagMillis;
      if (e > t) {
        throw new IllegalArgumentException(
            "spine row " + row + ": decision time " + t + " minus the availability lag of " + lagMillis
                + " ms is before the earliest representable time; check the decision time column");
      }
      effective[p] = e;
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
