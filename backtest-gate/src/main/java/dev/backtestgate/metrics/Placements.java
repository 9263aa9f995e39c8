package dev.backtestgate.metrics;

import java.util.function.IntFunction;

/**
 * DeLong placements of one model, per row, in half-units so they stay integers: for a positive row,
 * {@code 2 * (negatives scoring below it) + (negatives tied with it)}; for a negative row, {@code 2 *
 * (positives scoring above it) + (positives tied with it)}. Dividing by {@code 2 * negatives} (resp.
 * {@code 2 * positives}) gives pROC's {@code V10} (resp. {@code V01}). Both kinds sum to {@code 2U}, so
 * the mean placement of either class is the AUC itself.
 *
 * <p>Same bucketing as {@link PairCounts}, carrying row numbers along when they are needed. The
 * placements are either written by row (the baseline of a comparison) or summed on the fly, exactly,
 * as they are found ({@link PlacementSums}); the scores are scattered into a caller-supplied {@code
 * double[n]} scratch array. The result is the same whether one thread or two do the work.
 */
final class Placements {
  private Placements() {}

  /**
   * Writes every row's placement into {@code byRow} (as an unsigned {@code int}); returns {@code 2U}.
   * {@code order} and {@code scratch} are overwritten.
   */
  static long writeByRow(
      boolean[] labels,
      double[] scores,
      ScoreRange range,
      int positives,
      int[] order,
      double[] scratch,
      int[] byRow) {
    return run(labels, scores, range, positives, order, scratch, capacity -> new PlacementSums(byRow, null, capacity))
        .twiceU;
  }

  /**
   * Sums each class's placements, minus the row's {@code subtract} placement when that is not null
   * ({@code order} must then be given for the rows; otherwise it may be null). {@code scratch} is
   * overwritten.
   */
  static PlacementSums sum(
      boolean[] labels,
      double[] scores,
      ScoreRange range,
      int positives,
      int[] order,
      double[] scratch,
      int[] subtract) {
    return run(labels, scores, range, positives, order, scratch, capacity -> new PlacementSums(null, subtract, capacity));
  }

  private static PlacementSums run(
      boolean[] labels,
      double[] scores,
      ScoreRange range,
      int positives,
      int[] order,
      double[] scratch,
      IntFunction<PlacementSums> sinks) {
    CoarseLayout layout =
        new CoarseLayout(labels, scores, new Buckets(range, scores.length), scratch, order);
    int[] split = layout.splitBuckets();
    PlacementSums[] partial = new PlacementSums[split.length - 1];
    int capacity = Math.min(FineBuckets.CAPACITY, layout.largestBucket());
    Parallel.run(
        partial.length,
        part -> {
          PlacementSums sink = sinks.apply(capacity);
          resolve(layout, scratch, order, positives, split[part], split[part + 1], capacity, sink);
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
      int[] order,
      long positives,
      int first,
      int last,
      int capacity,
      PlacementSums sink) {
    FineBuckets fine = new FineBuckets(layout.buckets, capacity, sink.needsRows());
    long negativesBelow = layout.negativesBelow(first);
    long positivesBelow = layout.positivesBelow(first);
    for (int c = first; c < last; c++) {
      int s = layout.start(c);
      int ns = layout.negStart(c);
      int e = layout.start(c + 1);
      if (e - s > fine.capacity() || s == ns || ns == e) {
        sink.direct(order);
        sink.twiceU +=
            Ties.resolve(
                scratch, order, s, ns, e, 2 * negativesBelow, 2 * (positives - positivesBelow), sink);
        negativesBelow += e - ns;
        positivesBelow += ns - s;
        continue;
      }
      fine.distribute(c, scratch, order, s, ns, e);
      sink.collect();
      for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
        int fs = fine.start(f);
        int fns = fine.negStart(f);
        int fe = fine.end(f);
        sink.twiceU +=
            Ties.resolve(
                fine.values,
                fine.rows,
                fs,
                fns,
                fe,
                2 * negativesBelow,
                2 * (positives - positivesBelow),
                sink);
        negativesBelow += fe - fns;
        positivesBelow += fns - fs;
      }
      sink.flush(fine.rows, e - s);
    }
  }
}
