package dev.backtestgate.metrics;

import java.util.Arrays;

/**
 * The points {@code Auc.curve(labels, scores).downsample(maxPoints)} keeps, bit for bit, found without the full
 * curve: no sort of the rows and no point per distinct score.
 *
 * <p>The rows are counted per fine bucket of a monotone bucket map ({@link Buckets}: about 16 rows a bucket, at
 * most {@value #MAX_BUCKETS} buckets): every score in a higher bucket is higher, so the ROC point at each bucket
 * boundary is exact, from running sums of the counts taken from the top. Walking the buckets down, {@link
 * EvenPoints} sees those boundary points; a bucket inside which it could keep a point (a step of {@code fpr + tpr}
 * ends inside it: about {@code maxPoints} buckets in all) has its rows gathered and resolved exactly: sorted when
 * small, bucketed again over its own range when large (scores bunched in a few buckets), sorted whatever its size
 * after {@value #MAX_DEPTH} levels. Points that cannot be kept are never computed, so {@code downsample} keeps
 * exactly the same points from the full curve. Scores with fewer distinct values than {@code maxPoints} give the
 * whole curve ({@link FewScores}), as {@code downsample} returns it whole.
 *
 * <p>Cost, for typical scores: a pass that stops after about {@code maxPoints} distinct values, one pass counting
 * the rows per bucket and one gathering the rows of the marked buckets, and sorts of those few rows; memory at
 * most 12 bytes a bucket for the counts and marks (1.5 MB), plus the gathered rows. Only scores bunched so
 * tightly that bucketing three times does not spread them are sorted whole. One thread.
 */
final class DrawnCurve {
  /** Above this many points, the full curve is computed and down-sampled: the tables would no longer be small. */
  static final int MAX_POINTS = 1 << 16;

  /**
   * How far outside the bounds from the counts a given AUC may lie: room for an AUC rounded differently by another
   * tool. A wrong AUC (another model's, other rows') is refused when it lies further than that from every AUC the
   * counts allow.
   */
  static final double AUC_SLACK = 1e-9;

  /**
   * At most this many fine buckets: their counts (8 bytes each) and marks (4 bytes) stay near the cache, where the
   * counting pass, a random increment per row, runs fastest.
   */
  private static final int MAX_BUCKETS = 1 << 17;

  /** Gathered slices of at most this many rows are sorted rather than bucketed again. */
  private static final int SORTED_ROWS = 1 << 12;

  /** Bucketing levels before a gathered slice is sorted whatever its size. */
  private static final int MAX_DEPTH = 3;

  private final int positives;
  private final int negatives;
  private final EvenPoints kept;
  private int truePositives;
  private int falsePositives;

  private DrawnCurve(int positives, int negatives, int maxPoints) {
    this.positives = positives;
    this.negatives = negatives;
    this.kept = new EvenPoints(0.0, 0.0, 1.0, 1.0, maxPoints);
  }

  /**
   * The drawn curve of validated input, carrying {@code auc}. When {@code checkAuc}, {@code auc} must lie within
   * {@link #AUC_SLACK} of the range the bucket counts allow, else {@link IllegalArgumentException}.
   *
   * @param maxPoints at least 2
   */
  static RocCurve of(
      boolean[] labels,
      double[] scores,
      int positives,
      ScoreRange range,
      int maxPoints,
      double auc,
      boolean checkAuc) {
    int n = scores.length;
    int negatives = n - positives;
    if (maxPoints > MAX_POINTS) {
      return carrying(RocCurve.walk(labels, scores, positives, range).downsample(maxPoints), auc, checkAuc);
    }
    RocCurve whole = FewScores.curve(labels, scores, positives, Math.min(maxPoints - 1, n));
    if (whole != null) { // at most maxPoints points: downsample keeps them all
      return carrying(whole, auc, checkAuc);
    }
    Buckets buckets = buckets(range, n);
    int[] counts = count(buckets, scores, labels, 0, 0, n);
    if (checkAuc) {
      requireAuc(auc, positives, negatives, counts);
    }
    DrawnCurve drawn = new DrawnCurve(positives, negatives, maxPoints);
    drawn.walk(buckets, counts, scores, labels, 0, 0, n, 0);
    return drawn.kept.finish(auc);
  }

  /** {@code curve}, which carries the exact AUC, carrying {@code auc} instead (checked against it when asked). */
  private static RocCurve carrying(RocCurve curve, double auc, boolean checkAuc) {
    if (checkAuc) {
      requireAuc(auc, curve.auc(), curve.auc());
    }
    return new RocCurve(curve.falsePositiveRate(), curve.truePositiveRate(), auc);
  }

  /** About 16 rows a fine bucket, at most {@link #MAX_BUCKETS} buckets. */
  private static Buckets buckets(ScoreRange range, int rows) {
    return new Buckets(range, Math.min(rows, MAX_BUCKETS * Buckets.ROWS_PER_FINE_BUCKET));
  }

  /**
   * Rows per bucket: {@code [2b]} positives, {@code [2b + 1]} negatives. Rows are {@code [from, to)} of {@code
   * values}, labelled by {@code labels}, or when that is null positives in {@code [from, negFrom)} and negatives in
   * {@code [negFrom, to)}.
   */
  private static int[] count(
      Buckets buckets, double[] values, boolean[] labels, int from, int negFrom, int to) {
    int[] counts = new int[2 * buckets.fineCount()];
    if (labels != null) {
      for (int i = from; i < to; i++) {
        counts[2 * buckets.fine(values[i]) + (labels[i] ? 0 : 1)]++;
      }
    } else {
      for (int i = from; i < negFrom; i++) {
        counts[2 * buckets.fine(values[i])]++;
      }
      for (int i = negFrom; i < to; i++) {
        counts[2 * buckets.fine(values[i]) + 1]++;
      }
    }
    return counts;
  }

  /**
   * Refuses an AUC the counts rule out: a positive beats every negative in a lower bucket, loses to every
   * negative in a higher one, and against the negatives of its own bucket scores between 0 and 2 per pair in
   * {@code 2U}.
   */
  private static void requireAuc(double auc, int positives, int negatives, int[] counts) {
    long low = 0;
    long sameBucket = 0;
    long negativesBelow = negatives;
    for (int b = counts.length / 2 - 1; b >= 0; b--) {
      long p = counts[2 * b];
      long q = counts[2 * b + 1];
      negativesBelow -= q;
      low += 2 * p * negativesBelow;
      sameBucket += 2 * p * q;
    }
    requireAuc(
        auc,
        Auc.fromTwiceU(low, positives, negatives),
        Auc.fromTwiceU(low + sameBucket, positives, negatives));
  }

  private static void requireAuc(double auc, double lowest, double highest) {
    if (!(auc >= lowest - AUC_SLACK && auc <= highest + AUC_SLACK)) {
      throw new IllegalArgumentException(
          "the AUC given for this ROC curve, "
              + auc
              + ", is not the AUC of these labels and scores: they allow "
              + (lowest == highest ? "only " + lowest : lowest + " to " + highest)
              + ". Pass the AUC that Auc.of or DeLong computed for the same labels and scores, or call"
              + " Auc.curve(labels, scores, maxPoints) to have it computed.");
    }
  }

  /**
   * Walks the buckets of rows {@code [from, to)} (labelled as {@link #count} says) from the highest down, from the
   * point reached so far to the point after the last of them.
   */
  private void walk(
      Buckets buckets,
      int[] counts,
      double[] values,
      boolean[] labels,
      int from,
      int negFrom,
      int to,
      int depth) {
    Gathered gathered = gather(buckets, counts, values, labels, from, negFrom, to);
    for (int b = counts.length / 2 - 1; b >= 0 && !kept.full(); b--) {
      int p = counts[2 * b];
      int q = counts[2 * b + 1];
      if (p + q == 1 || p + q > 1 && !reaches(p, q)) { // nothing inside can be kept: the boundary point only
        advance(p, q);
      } else if (p + q > 1) {
        int g = gathered.mark[b] - 1;
        if (g < 0) {
          throw new IllegalStateException(
              "bug: a ROC bucket reaching the next drawn point was not gathered; please report it");
        }
        int start = gathered.bounds[2 * g];
        int negStart = gathered.bounds[2 * g + 1];
        int end = gathered.bounds[2 * g + 2];
        resolve(gathered.values, start, negStart, end, depth + 1);
      }
    }
  }

  /** Whether the point after {@code p} more positives and {@code q} more negatives reaches the next kept point. */
  private boolean reaches(int p, int q) {
    return position(truePositives + p, falsePositives + q) >= kept.next();
  }

  private double position(int truePositives, int falsePositives) {
    return (double) falsePositives / negatives + (double) truePositives / positives;
  }

  /** Passes one group of rows that no threshold splits and offers the point after it (not the last point). */
  private void advance(int p, int q) {
    truePositives += p;
    falsePositives += q;
    if (truePositives < positives || falsePositives < negatives) {
      kept.offer((double) falsePositives / negatives, (double) truePositives / positives);
    }
  }

  /** The rows of the buckets inside which a point may be kept, copied out bucket by bucket. */
  private record Gathered(double[] values, int[] mark, int[] bounds) {}

  /**
   * Copies out the rows of every bucket holding 2 rows or more inside which a point may be kept, the highest
   * bucket first: bucket {@code b} with {@code g = mark[b] - 1 >= 0} gets its positives in {@code [bounds[2g],
   * bounds[2g + 1])} and its negatives in {@code [bounds[2g + 1], bounds[2g + 2])} of {@code values}. {@code -0.0}
   * is copied as {@code 0.0}.
   */
  private Gathered gather(
      Buckets buckets, int[] counts, double[] values, boolean[] labels, int from, int negFrom, int to) {
    int fine = counts.length / 2;
    int[] mark = new int[fine];
    int marked = 0;
    int rows = 0;
    int tp = truePositives;
    int fp = falsePositives;
    double before = position(tp, fp);
    for (int b = fine - 1; b >= 0; b--) {
      int p = counts[2 * b];
      int q = counts[2 * b + 1];
      tp += p;
      fp += q;
      double after = position(tp, fp);
      if (p + q > 1 && kept.mayKeepBetween(before, after)) {
        mark[b] = ++marked;
        rows += p + q;
      }
      before = after;
    }
    int[] bounds = new int[2 * marked + 1];
    for (int b = fine - 1, offset = 0; b >= 0; b--) {
      if (mark[b] > 0) {
        int g = mark[b] - 1;
        bounds[2 * g] = offset;
        bounds[2 * g + 1] = offset + counts[2 * b];
        offset += counts[2 * b] + counts[2 * b + 1];
        bounds[2 * g + 2] = offset;
      }
    }
    double[] out = new double[rows];
    int[] cursor = Arrays.copyOf(bounds, 2 * marked);
    if (labels != null) {
      for (int i = from; i < to; i++) {
        double x = values[i];
        int m = mark[buckets.fine(x)];
        if (m > 0) {
          out[cursor[2 * (m - 1) + (labels[i] ? 0 : 1)]++] = x + 0.0;
        }
      }
    } else {
      for (int i = from; i < to; i++) {
        double x = values[i];
        int m = mark[buckets.fine(x)];
        if (m > 0) {
          out[cursor[2 * (m - 1) + (i < negFrom ? 0 : 1)]++] = x;
        }
      }
    }
    return new Gathered(out, mark, bounds);
  }

  /** Passes the gathered rows of one bucket: positives {@code [from, negFrom)}, negatives {@code [negFrom, to)}. */
  private void resolve(double[] values, int from, int negFrom, int to, int depth) {
    if (depth < MAX_DEPTH && to - from > SORTED_ROWS) {
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (int i = from; i < to; i++) {
        min = Math.min(min, values[i]);
        max = Math.max(max, values[i]);
      }
      if (min == max) {
        advance(negFrom - from, to - negFrom);
        return;
      }
      Buckets buckets = buckets(new ScoreRange(min, max), to - from);
      walk(buckets, count(buckets, values, null, from, negFrom, to), values, null, from, negFrom, to, depth);
      return;
    }
    Arrays.sort(values, from, negFrom);
    Arrays.sort(values, negFrom, to);
    int p = negFrom; // positives above index p are passed
    int q = to; // negatives above index q are passed
    while ((p > from || q > negFrom) && !kept.full()) {
      double threshold =
          p == from ? values[q - 1] : q == negFrom ? values[p - 1] : Math.max(values[p - 1], values[q - 1]);
      int tiedPositives = 0;
      while (p > from && values[p - 1] == threshold) {
        p--;
        tiedPositives++;
      }
      int tiedNegatives = 0;
      while (q > negFrom && values[q - 1] == threshold) {
        q--;
        tiedNegatives++;
      }
      advance(tiedPositives, tiedNegatives);
    }
  }
}
