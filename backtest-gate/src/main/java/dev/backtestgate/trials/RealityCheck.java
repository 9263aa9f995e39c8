package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.metrics.LiftCovariance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apiguardian.api.API;

/**
 * The check where every trial's scores are kept: Hansen's test for superior predictive ability (Hansen 2005,
 * "A Test for Superior Predictive Ability", J. Business &amp; Economic Statistics 23(4)), studentized, with the
 * consistent p-value, over the AUC lift of each trial against its baseline, all paired on the same rows, its null
 * law drawn by the Gaussian multiplier bootstrap for the maximum of studentized statistics (Chernozhukov, Chetverikov
 * and Kato 2013, "Gaussian approximations and multiplier bootstrap for maxima of sums of high-dimensional random
 * vectors", Annals of Statistics 41(6), 2786-2819).
 *
 * <p>Each trial k has its lift {@code d_k} and DeLong standard error {@code s_k} on the rows, so its z is
 * {@code d_k / s_k}. The lifts are (asymptotically) sums over rows of each row's placements (structural
 * components), and a multiplier replicate weighs each row's centred contribution by a standard normal: given the
 * rows, the replicate's vector of lift deviations is exactly normal, {@code N(0, Σ)}, where Σ is the trials' DeLong
 * covariance matrix of the lifts ({@link LiftCovariance}: every score vector placed once on the same rows, so the
 * correlation between trials is the rows' own, paired, not approximated, and {@code Σ_kk = s_k^2} bit for bit). So a
 * replicate never touches the rows: it is drawn from that law directly, {@code X = L e}, e a vector of independent
 * standard normals and {@code L L' = R} the correlation matrix's factor (an eigen decomposition, its negative
 * rounding-error eigenvalues set to 0, so duplicate trials and a singular R are fine). Its statistic is the best
 * recentred z, {@code max(0, max_k X_k + (d_k - g(d_k)) / s_k)}, with Hansen's consistent recentring {@code g(d) = d}
 * when {@code d / s >= -sqrt(2 ln ln n)}, else 0 (a trial clearly worse than its baseline stays worse and is not made
 * a contender); a trial with {@code s_k = 0} has no z and is left out. This run's p-value is the share of replicates
 * whose statistic reaches its z (Hansen's p for the best trial, the single-step max-t adjusted p for the others),
 * doubled to be two-sided like the gate's own p: {@code min(1, 2 (1 + #{T* >= z}) / (B + 1))}.
 *
 * <p>Exact: the lifts, the standard errors, the correlations (the rows' own). Asymptotic: the normal law of the
 * lifts, the same large-sample normality the gate's own z relies on; with one trial the p is the gate's own two-sided
 * p up to Monte-Carlo error. Cost: one placement pass per distinct score vector (about half a {@link DeLong#compare}
 * each), {@code k (k + 1) / 2} multiply-adds per row, then B draws of k normals; nothing per replicate grows with
 * the rows.
 *
 * @param trials the trials compared (their scores kept), this run's included
 * @param replicates B
 * @param z this run's z
 * @param pValue this run's two-sided p-value against the best of the trials
 * @param confidence the gate's confidence level
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record RealityCheck(int trials, int replicates, double z, double pValue, double confidence) {
  /**
   * The replicates the gate draws. The p-value is twice a share of B, so its Monte-Carlo standard error is
   * {@code 2 sqrt(q (1 - q) / B)} for the share q: at most 0.01 (at p = 1), and 0.003 where the verdict turns
   * (p = 0.05).
   */
  public static final int REPLICATES = 10_000;

  /**
   * One trial's scores on the test set's rows, in the rows' order.
   *
   * @param candidate the trial's candidate scores
   * @param baseline its baseline's scores (trials that share a baseline share its scores, which are placed once:
   *     score vectors are told apart by content, not by identity)
   */
  public record Trial(double[] candidate, double[] baseline) {
    /** Checks both are there. */
    public Trial {
      Objects.requireNonNull(candidate, "candidate");
      Objects.requireNonNull(baseline, "baseline");
    }
  }

  /** True when this run's lift stays significant against the best of the trials. */
  public boolean significant() {
    return pValue < 1 - confidence;
  }

  /**
   * The check of {@code trials.get(thisRun)} among {@code trials}, {@code replicates} replicates drawn from
   * {@code seed}.
   *
   * @throws IllegalArgumentException when the trials are not scored on {@code labels}' rows, or as
   *     {@link DeLong#compare} says
   */
  public static RealityCheck of(boolean[] labels, List<Trial> trials, int thisRun, int replicates, long seed,
      double confidence) {
    if (replicates < 1 || thisRun < 0 || thisRun >= trials.size()) {
      throw new IllegalArgumentException("replicates " + replicates + " must be at least 1 and this run's index "
          + thisRun + " one of the " + trials.size() + " trials.");
    }
    int n = labels.length;
    int k = trials.size();
    // each distinct score vector placed once, told apart by content (a shared baseline read from disk is one)
    Map<Content, Integer> index = new HashMap<>();
    List<double[]> vectors = new ArrayList<>();
    int[] candidate = new int[k];
    int[] baseline = new int[k];
    for (int t = 0; t < k; t++) {
      candidate[t] = indexOf(trials.get(t).candidate(), index, vectors);
      baseline[t] = indexOf(trials.get(t).baseline(), index, vectors);
    }
    LiftCovariance covariance = LiftCovariance.of(labels, vectors, candidate, baseline);
    double[] se = new double[k];
    for (int t = 0; t < k; t++) {
      se[t] = covariance.standardError(t);
    }
    double z = se[thisRun] > 0 ? covariance.lift(thisRun) / se[thisRun] : Double.NaN;
    if (Double.isNaN(z)) {
      return new RealityCheck(k, replicates, z, 1, confidence);
    }
    // the trials with a z: their correlation matrix's factor, and each one's recentring in z units
    int[] live = java.util.stream.IntStream.range(0, k).filter(t -> se[t] > 0).toArray();
    double threshold = -Math.sqrt(2 * Math.log(Math.log(Math.max(n, 16))));
    double[] shift = new double[live.length];
    double[][] correlation = new double[live.length][live.length];
    for (int a = 0; a < live.length; a++) {
      int t = live[a];
      double zt = covariance.lift(t) / se[t];
      shift[a] = zt >= threshold ? 0 : zt;
      for (int b = 0; b < live.length; b++) {
        correlation[a][b] = a == b ? 1 : covariance.covariance(t, live[b]) / (se[t] * se[live[b]]);
      }
    }
    double[][] factor = factor(correlation);
    Random random = new Random(seed);
    double[] e = new double[live.length];
    int reached = 0;
    for (int b = 0; b < replicates; b++) {
      for (int j = 0; j < e.length; j++) {
        e[j] = random.nextGaussian();
      }
      double best = 0;
      for (int a = 0; a < live.length; a++) {
        double x = shift[a];
        double[] row = factor[a];
        for (int j = 0; j < e.length; j++) {
          x += row[j] * e[j];
        }
        best = Math.max(best, x);
      }
      reached += best >= z ? 1 : 0;
    }
    double p = Math.min(1, 2.0 * (1 + reached) / (replicates + 1));
    return new RealityCheck(k, replicates, z, p, confidence);
  }

  /**
   * A factor {@code L} with {@code L L' = r} for a symmetric positive semi-definite {@code r}: {@code V sqrt(Λ)} from
   * its eigen decomposition, eigenvalues below 0 (rounding error of a singular r) taken as 0.
   */
  static double[][] factor(double[][] r) {
    EigenDecomposition eigen = new EigenDecomposition(new Array2DRowRealMatrix(r, false));
    double[] values = eigen.getRealEigenvalues();
    org.apache.commons.math3.linear.RealMatrix v = eigen.getV();
    int k = r.length;
    double[][] factor = new double[k][k];
    for (int j = 0; j < k; j++) {
      double root = Math.sqrt(Math.max(values[j], 0));
      for (int i = 0; i < k; i++) {
        factor[i][j] = v.getEntry(i, j) * root;
      }
    }
    return factor;
  }

  private static int indexOf(double[] scores, Map<Content, Integer> index, List<double[]> vectors) {
    return index.computeIfAbsent(new Content(scores), c -> {
      vectors.add(scores);
      return vectors.size() - 1;
    });
  }

  /** A score vector compared by its values ({@link Arrays#equals(double[], double[])}), its hash computed once. */
  private static final class Content {
    private final double[] scores;
    private final int hash;

    Content(double[] scores) {
      this.scores = scores;
      this.hash = Arrays.hashCode(scores);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Content c && c.hash == hash && Arrays.equals(c.scores, scores);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
