package dev.backtestgate.metrics;

/**
 * DeLong placements of one model, per row, in half-units so they stay integers: for a positive row,
 * {@code 2 * (negatives scoring below it) + (negatives tied with it)}; for a negative row, {@code 2 *
 * (positives scoring above it) + (positives tied with it)}. Dividing by {@code 2 * negatives} (resp.
 * {@code 2 * positives}) gives pROC's {@code V10} (resp. {@code V01}). Both kinds sum to {@code 2U}, so
 * the mean placement of either class is the AUC itself.
 *
 * <p>Same bucketing as {@link PairCounts}, carrying row numbers along. Placements end up in the
 * caller's {@code double[n]} in scatter order (slot {@code k} belongs to row {@code order[k]}; the
 * scores scattered there are overwritten as they are used) and, optionally, in a second array in row
 * order. The layout, and so every result, is the same whether one thread or two do the work.
 */
final class Placements {
  private Placements() {}

  /**
   * Fills {@code order} and {@code placed} (slot k: row {@code order[k]}), and {@code byRow} when not
   * null; returns {@code 2U}.
   */
  static long fill(
      boolean[] labels,
      double[] scores,
      ScoreRange range,
      int positives,
      int[] order,
      double[] placed,
      double[] byRow) {
    Buckets buckets = new Buckets(range, scores.length);
    CoarseLayout layout = new CoarseLayout(labels, scores, buckets, placed, order);
    int[] split = layout.splitBuckets();
    long[] partial = new long[split.length - 1];
    int capacity = Math.min(FineBuckets.CAPACITY, layout.largestBucket());
    Parallel.run(
        partial.length,
        part -> {
          Resolver resolver = new Resolver(layout, positives, order, placed, byRow, capacity);
          partial[part] = resolver.resolve(split[part], split[part + 1]);
        });
    long twiceU = 0;
    for (long p : partial) {
      twiceU += p;
    }
    return twiceU;
  }

  /** One thread's share of the coarse buckets, with its own fine buffers. */
  private static final class Resolver {
    private final CoarseLayout layout;
    private final long positives;
    private final int[] order;
    private final double[] placed;
    private final FineBuckets fine;
    private final Ties.Sink inPlace;
    private final Ties.Sink fromFine;

    Resolver(
        CoarseLayout layout, int positives, int[] order, double[] placed, double[] byRow, int capacity) {
      this.layout = layout;
      this.positives = positives;
      this.order = order;
      this.placed = placed;
      this.fine = new FineBuckets(layout.buckets, capacity, true);
      this.inPlace = new Output(placed, byRow, order, null);
      this.fromFine = new Output(placed, byRow, order, fine.positions);
    }

    long resolve(int first, int last) {
      long negativesBelow = layout.negativesBelow(first);
      long positivesBelow = layout.positivesBelow(first);
      long twiceU = 0;
      for (int c = first; c < last; c++) {
        int s = layout.start(c);
        int ns = layout.negStart(c);
        int e = layout.start(c + 1);
        if (e - s > fine.capacity() || s == ns || ns == e) {
          twiceU +=
              Ties.resolve(
                  placed,
                  order,
                  s,
                  ns,
                  e,
                  2 * negativesBelow,
                  2 * (positives - positivesBelow),
                  inPlace);
          negativesBelow += e - ns;
          positivesBelow += ns - s;
          continue;
        }
        fine.distribute(c, placed, s, ns, e);
        for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
          int fs = fine.start(f);
          int fns = fine.negStart(f);
          int fe = fine.end(f);
          twiceU +=
              Ties.resolve(
                  fine.values,
                  fine.positions,
                  fs,
                  fns,
                  fe,
                  2 * negativesBelow,
                  2 * (positives - positivesBelow),
                  fromFine);
          negativesBelow += fe - fns;
          positivesBelow += fns - fs;
        }
      }
      return twiceU;
    }
  }

  /** Writes a placement to its slot and, when wanted, to its row. */
  private static final class Output implements Ties.Sink {
    private final double[] placed;
    private final double[] byRow;
    private final int[] order;
    private final int[] positions;

    /** @param positions slot of each index, or null when indices are slots */
    Output(double[] placed, double[] byRow, int[] order, int[] positions) {
      this.placed = placed;
      this.byRow = byRow;
      this.order = order;
      this.positions = positions;
    }

    @Override
    public void put(int index, long placement) {
      int slot = positions == null ? index : positions[index];
      placed[slot] = placement;
      if (byRow != null) {
        byRow[order[slot]] = placement;
      }
    }
  }
}
