package dev.backtestgate.time;

import dev.backtestgate.internal.LongIntSort;
import java.util.stream.IntStream;

/**
 * The join kernel: for each spine row, the index of the event the as-of rule picks (below, and
 * docs/point-in-time-semantics.md), or -1.
 *
 * <p>Rule ({@link AsOfRule}, its one home): with e the row's effective time, take the event with the greatest
 * validFrom among the entity's events with validFrom &le; e and recordedAt &le; e; ties go to the greatest
 * recordedAt, then to the greatest index. With a time-to-live, the chosen event must also have validFrom &ge; e -
 * ttl.
 *
 * <p>The two bounds collapse to one: an event qualifies at e exactly when its availability time
 * a = max(validFrom, recordedAt) is &le; e. So per entity the events are ordered by a, the spine rows by
 * e, and one merge keeps a running maximum of (validFrom, recordedAt, index) over the events made
 * available so far; each row reads the maximum after all events with a &le; e are in. Taking the
 * maximum before applying the time-to-live is right because the time-to-live only looks at the winner:
 * if the greatest validFrom is too old, every other candidate is older still.
 *
 * <p>Cost: O(n) to group events by entity (counting sort on dense ids), O(k log k) to order the k events
 * of each entity (one pass when they already arrive in time order, as logs usually do), O(n + s) for
 * the merges; O((s + n) log n) overall with primitive arrays only. Entity groups are split into chunks of
 * similar size that run on the common fork-join pool.
 */
final class BitemporalAsOf {
  /** Marks "no time-to-live". */
  static final long NO_TTL = AsOfRule.NO_TTL;

  private BitemporalAsOf() {}

  static int[] choose(
      SortedSpine spine, long[] entity, long[] validFrom, long[] recordedAt, long ttlMillis, boolean parallel) {
    int[] dense = new int[entity.length];
    EntityIndex index = spine.entities;
    Blocks.forEach(
        entity.length,
        parallel,
        (from, to) -> {
          for (int i = from; i < to; i++) {
            dense[i] = index.get(entity[i]);
          }
        });
    DenseGroups events = DenseGroups.of(dense, spine.groups());
    int[] chosen = new int[spine.rows()];
    int[] bounds = chunkBounds(spine, events, parallel);
    IntStream chunks = IntStream.range(0, bounds.length - 1);
    (bounds.length > 2 ? chunks.parallel() : chunks)
        .forEach(
            c -> new Merge(spine, events, validFrom, recordedAt, ttlMillis, chosen)
                .run(bounds[c], bounds[c + 1]));
    return chosen;
  }

  /** Group boundaries of chunks with about equal work (spine rows plus events). */
  private static int[] chunkBounds(SortedSpine spine, DenseGroups events, boolean parallel) {
    int groups = spine.groups();
    long total = (long) spine.rows() + events.order().length;
    int chunks = parallel ? (int) Math.min(groups, Math.min(8L * Blocks.parallelism(), total / Blocks.MIN_BLOCK)) : 1;
    if (chunks <= 1) {
      return new int[] {0, groups};
    }
    int[] bounds = new int[chunks + 1];
    int chunk = 1;
    long work = 0;
    for (int g = 0; g < groups && chunk < chunks; g++) {
      work += spine.starts[g + 1] - spine.starts[g] + events.size(g);
      if (work * chunks >= total * chunk) {
        bounds[chunk++] = g + 1;
      }
    }
    while (chunk <= chunks) {
      bounds[chunk++] = groups;
    }
    return bounds;
  }

  /** The merge over a range of entity groups, with its own scratch buffers. */
  private static final class Merge {
    private final SortedSpine spine;
    private final DenseGroups events;
    private final long[] validFrom;
    private final long[] recordedAt;
    private final long ttl;
    private final int[] chosen;

    Merge(SortedSpine spine, DenseGroups events, long[] validFrom, long[] recordedAt, long ttl, int[] chosen) {
      this.spine = spine;
      this.events = events;
      this.validFrom = validFrom;
      this.recordedAt = recordedAt;
      this.ttl = ttl;
      this.chosen = chosen;
    }

    void run(int fromGroup, int toGroup) {
      int longest = 0;
      for (int g = fromGroup; g < toGroup; g++) {
        longest = Math.max(longest, events.size(g));
      }
      long[] available = new long[longest];
      int[] index = new int[longest];
      for (int g = fromGroup; g < toGroup; g++) {
        int count = gather(g, available, index);
        sweep(g, available, index, count);
      }
    }

    /** Copies group g's events and availability times into the scratch buffers, sorted by the latter. */
    private int gather(int g, long[] available, int[] index) {
      int[] order = events.order();
      int from = events.starts()[g];
      int count = events.size(g);
      boolean sorted = true;
      long previous = Long.MIN_VALUE;
      for (int j = 0; j < count; j++) {
        int event = order[from + j];
        long a = AsOfRule.availableAt(validFrom[event], recordedAt[event]);
        available[j] = a;
        index[j] = event;
        sorted &= a >= previous;
        previous = a;
      }
      if (!sorted) {
        LongIntSort.sort(available, index, 0, count);
      }
      return count;
    }

    private void sweep(int g, long[] available, int[] index, int count) {
      long[] effective = spine.effective;
      int[] rows = spine.order;
      int next = 0;
      int best = -1;
      long bestValidFrom = 0;
      long bestRecordedAt = 0;
      for (int p = spine.starts[g], end = spine.starts[g + 1]; p < end; p++) {
        long e = effective[p];
        while (next < count && AsOfRule.qualifies(available[next], e)) {
          int event = index[next++];
          long v = validFrom[event];
          long r = recordedAt[event];
          if (best < 0 || AsOfRule.beats(v, r, event, bestValidFrom, bestRecordedAt, best)) {
            best = event;
            bestValidFrom = v;
            bestRecordedAt = r;
          }
        }
        int pick = best;
        if (pick >= 0 && !AsOfRule.fresh(bestValidFrom, e, ttl)) {
          pick = -1;
        }
        chosen[rows[p]] = pick;
      }
    }
  }
}
