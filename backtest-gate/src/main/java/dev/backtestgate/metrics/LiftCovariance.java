package dev.backtestgate.metrics;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.metrics.Placements.Scored;
import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The paired DeLong covariance matrix of many AUC lifts on the same rows: lift t is the AUC of score vector
 * {@code candidates[t]} minus that of {@code baselines[t]}, and the covariance of lifts t and u is
 * {@code cov(D_t, D_u) over the positives / positives + cov(D_t, D_u) over the negatives / negatives}, where
 * {@code D_t} is each row's placement (structural component) under t's candidate minus under its baseline: the
 * covariance DeLong's variance of one lift generalises to, on the rows' own pairing.
 *
 * <p>Each distinct score vector is placed once ({@link Placements#writeByRow}, the bucketing of {@link DeLong}), and
 * the sums of products are exact integers, so each entry carries a single rounding and the diagonal equals
 * {@link DeLong#compare}'s variance of each lift bit for bit (so do the lifts, and the standard errors and z values
 * derived from them). Cost: one placement pass per distinct vector, then {@code k (k + 1) / 2} integer
 * multiply-adds per row for k lifts, on two threads for large inputs. Memory: one {@code int[n]} per distinct vector.
 */
@API(status = INTERNAL, since = "0.3")
public final class LiftCovariance {
  private static final String NEEDS = "a DeLong covariance (it divides by positives - 1 and negatives - 1)";
  /** The most rows: placements stay below 2^31, and a product of two differences below 2^62. */
  static final int MAX_ROWS = 1 << 30;
  private final double[] lifts;
  private final double[][] covariance;

  private LiftCovariance(double[] lifts, double[][] covariance) {
    this.lifts = lifts;
    this.covariance = covariance;
  }

  /**
   * The lifts {@code scores[candidates[t]] - scores[baselines[t]]} on {@code labels}' rows and their covariance.
   *
   * @param scores distinct score vectors, one score per row each (a vector repeated is placed twice, not wrongly)
   * @throws IllegalArgumentException as {@link DeLong#compare} does, for indices out of range, or over
   *     {@value #MAX_ROWS} rows
   */
  public static LiftCovariance of(boolean[] labels, List<double[]> scores, int[] candidates, int[] baselines) {
    Objects.requireNonNull(scores, "scores");
    if (candidates.length != baselines.length) {
      throw new IllegalArgumentException(candidates.length + " candidates but " + baselines.length
          + " baselines: pass one of each per lift.");
    }
    for (int t = 0; t < candidates.length; t++) {
      if (candidates[t] < 0 || candidates[t] >= scores.size() || baselines[t] < 0 || baselines[t] >= scores.size()) {
        throw new IllegalArgumentException("lift " + t + " compares score vectors " + candidates[t] + " and "
            + baselines[t] + ", but there are " + scores.size() + ": pass indices into the score vectors.");
      }
    }
    int n = labels.length;
    for (int v = 0; v < scores.size(); v++) {
      Checks.sameRows(labels, scores.get(v), "score vector " + v);
    }
    if (n > MAX_ROWS) {
      throw new IllegalArgumentException(String.format("%,d rows are more than the %,d a lift covariance takes: "
          + "compare the lifts one at a time with DeLong.compare.", n, MAX_ROWS));
    }
    int positives = Checks.positives(labels, 2, NEEDS);
    int negatives = n - positives;
    int[][] byRow = new int[scores.size()][];
    long[] twiceU = new long[scores.size()];
    Scratch arrays = Scratch.take();
    try {
      double[] scratch = arrays.doubles(n);
      int[] payload = arrays.firstInts(n);
      for (int v = 0; v < byRow.length; v++) {
        double[] s = scores.get(v);
        byRow[v] = new int[n];
        twiceU[v] = Placements.writeByRow(new Scored(labels, s, ScoreRange.of(s, "score vector " + v), positives),
            scratch, payload, byRow[v]).twiceU;
      }
    } finally {
      arrays.giveBack();
    }
    int k = candidates.length;
    int parts = Parallel.parts(n);
    BigInteger[][][] partial = new BigInteger[parts][][];
    Parallel.run(parts, part -> partial[part] = products(labels, byRow, candidates, baselines,
        Parallel.from(part, parts, n), Parallel.from(part + 1, parts, n)));
    BigInteger[][] products = partial[0];
    for (int part = 1; part < parts; part++) {
      for (int kind = 0; kind < 2; kind++) {
        for (int pair = 0; pair < products[kind].length; pair++) {
          products[kind][pair] = products[kind][pair].add(partial[part][kind][pair]);
        }
      }
    }
    double[] lifts = new double[k];
    long[][] sums = new long[k][];
    for (int t = 0; t < k; t++) {
      long difference = twiceU[candidates[t]] - twiceU[baselines[t]];   // each class's placements sum to 2U
      sums[t] = new long[] {difference, difference};
      lifts[t] = Auc.fromTwiceU(twiceU[candidates[t]], positives, negatives)
          - Auc.fromTwiceU(twiceU[baselines[t]], positives, negatives);
    }
    double[][] covariance = new double[k][k];
    int pair = 0;
    for (int t = 0; t < k; t++) {
      for (int u = t; u < k; u++, pair++) {
        double c = PlacementSums.covariance(sums[t], sums[u],
            new BigInteger[] {products[PlacementSums.POSITIVE][pair], products[PlacementSums.NEGATIVE][pair]},
            positives, negatives);
        covariance[t][u] = c;
        covariance[u][t] = c;
      }
    }
    return new LiftCovariance(lifts, covariance);
  }

  /**
   * Per class, the exact sum over rows {@code [from, to)} of {@code D_t * D_u} for each pair {@code t <= u} (in
   * row-major order of the upper triangle): in {@code long}s, carried into {@link BigInteger}s before they could
   * overflow ({@code |D| <= 2n}, so a product is at most {@code 4n^2}).
   */
  private static BigInteger[][] products(boolean[] labels, int[][] byRow, int[] candidates, int[] baselines, int from,
      int to) {
    int k = candidates.length;
    int pairs = k * (k + 1) / 2;
    long n = labels.length;
    long block = Long.MAX_VALUE / (4 * n * n);
    long[][] sums = new long[2][pairs];
    BigInteger[][] total = new BigInteger[2][pairs];
    for (BigInteger[] kind : total) {
      java.util.Arrays.fill(kind, BigInteger.ZERO);
    }
    long[] d = new long[k];
    long inBlock = 0;
    for (int i = from; i < to; i++) {
      for (int t = 0; t < k; t++) {
        d[t] = (long) byRow[candidates[t]][i] - byRow[baselines[t]][i];
      }
      long[] s = sums[labels[i] ? PlacementSums.POSITIVE : PlacementSums.NEGATIVE];
      int pair = 0;
      for (int t = 0; t < k; t++) {
        long dt = d[t];
        for (int u = t; u < k; u++) {
          s[pair++] += dt * d[u];
        }
      }
      if (++inBlock == block) {
        carry(sums, total);
        inBlock = 0;
      }
    }
    carry(sums, total);
    return total;
  }

  private static void carry(long[][] sums, BigInteger[][] total) {
    for (int kind = 0; kind < 2; kind++) {
      for (int pair = 0; pair < sums[kind].length; pair++) {
        if (sums[kind][pair] != 0) {
          total[kind][pair] = total[kind][pair].add(BigInteger.valueOf(sums[kind][pair]));
          sums[kind][pair] = 0;
        }
      }
    }
  }

  /** The number of lifts. */
  public int size() {
    return lifts.length;
  }

  /** Lift t, equal to {@link DeLong#compare}'s {@code lift()} bit for bit. */
  public double lift(int t) {
    return lifts[t];
  }

  /** The covariance of lifts t and u; {@code covariance(t, t)} is {@link DeLong#compare}'s variance bit for bit. */
  public double covariance(int t, int u) {
    return covariance[t][u];
  }

  /** Lift t's standard error, as {@link DeLong#compare} has it: {@code sqrt(max(variance, 0))}. */
  public double standardError(int t) {
    return Math.sqrt(Math.max(covariance[t][t], 0.0));
  }
}
