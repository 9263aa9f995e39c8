package dev.backtestgate.metrics;

import dev.backtestgate.metrics.PlacementSums.Mode;

/**
 * DeLong placements of one model, per row, in half-units so they stay integers: for a positive row,
 * {@code 2 * (negatives scoring below it) + (negatives tied with it)}; for a negative row, {@code 2 *
 * (positives scoring above it) + (positives tied with it)}. Dividing by {@code 2 * negatives} (resp.
 * {@code 2 * positives}) gives pROC's {@code V10} (resp. {@code V01}). Both kinds sum to {@code 2U}, so
 * the mean placement of either class is the AUC itself.
 *
 * <p>Same bucketing as {@link PairCounts}, with an {@code int} payload carried along each score when
 * needed. The placements are written by row (the baseline of a comparison, payload: the row number)
 * or summed exactly as they are found ({@link PlacementSums}; payload, for a comparison: the row's
 * baseline placement, so no row-ordered array is read at random). The scores are scattered into a
 * caller-supplied {@code double[n]} scratch array. The result is the same on one thread or two.
 */
final class Placements {
  private Placements() {}

  /** One model's validated scores, with the labels and the number of positives. */
  record Scored(boolean[] labels, double[] scores, ScoreRange range, int positives) {}

  /**
   * Writes every row's placement into {@code byRow} (as an unsigned {@code int}); returns {@code 2U} and the
   * model's own placement sums.
   * {@code scratch} and {@code payload} (both {@code n} long) are overwritten.
   */
  static PlacementSums writeByRow(Scored model, double[] scratch, int[] payload, int[] byRow) {
    return run(model, scratch, payload, null, Mode.WRITE_BY_ROW, byRow);
  }

  /**
   * Sums each class's placements exactly, minus the row's {@code subtract} placement when that is not
   * null (then {@code payload}, {@code n} long, is needed as scratch; otherwise it may be null).
   * {@code scratch} is overwritten.
   */
  static PlacementSums sum(Scored model, double[] scratch, int[] payload, int[] subtract) {
    return run(model, scratch, payload, subtract, subtract == null ? Mode.SUM : Mode.SUBTRACT, null);
  }

  private static PlacementSums run(
      Scored model, double[] scratch, int[] payload, int[] payloadByRow, Mode mode, int[] byRow) {
    int[] carried = mode == Mode.SUM ? null : payload;
    int positives = model.positives();
    Buckets buckets = new Buckets(model.range(), model.scores().length);
    CoarseLayout layout =
        new CoarseLayout(model.labels(), model.scores(), buckets, scratch, carried, payloadByRow);
    int[] split = layout.splitBuckets();
    PlacementSums[] partial = new PlacementSums[split.length - 1];
    int capacity = Math.min(FineBuckets.CAPACITY, layout.largestBucket());
    Parallel.run(
        partial.length,
        part -> {
          PlacementSums sink = new PlacementSums(mode, byRow, capacity);
          resolve(layout, scratch, carried, positives, split[part], split[part + 1], capacity, sink);
          partial[part] = sink;
        });
    for (int part = 1; part < partial.length; part++) {
      partial[0].add(partial[part]);
    }
    return partial[0];
  }

  /** Places the rows of coarse buckets {@code [first, last)}. */
  private static void resolve(
      CoarseLayout layout,
      double[] scratch,
      int[] payload,
      long positives,
      int first,
      int last,
      int capacity,
      PlacementSums sink) {
    FineBuckets fine = new FineBuckets(layout.buckets, capacity, sink.needsPayload());
    long negativesBelow = layout.negativesBelow(first);
    long positivesBelow = layout.positivesBelow(first);
    for (int c = first; c < last; c++) {
      int s = layout.start(c);
      int ns = layout.negStart(c);
      int e = layout.start(c + 1);
      if (e - s > fine.capacity() || s == ns || ns == e) {
        sink.direct(payload);
        sink.twiceU +=
            Ties.resolve(
                scratch, payload, s, ns, e, 2 * negativesBelow, 2 * (positives - positivesBelow), sink);
        negativesBelow += e - ns;
        positivesBelow += ns - s;
        continue;
      }
      fine.distribute(c, scratch, payload, s, ns, e);
      sink.collect(fine.payload);
      for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
        int fs = fine.start(f);
        int fns = fine.negStart(f);
        int fe = fine.end(f);
        sink.twiceU +=
            Ties.resolve(
                fine.values,
                fine.payload,
                fs,
                fns,
                fe,
                2 * negativesBelow,
                2 * (positives - positivesBelow),
                sink);
        negativesBelow += fe - fns;
        positivesBelow += fns - fs;
      }
      sink.flush(e - s);
    }
  }
}
