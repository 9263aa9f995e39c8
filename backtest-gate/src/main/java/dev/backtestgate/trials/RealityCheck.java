package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.apiguardian.api.API;

/**
 * The exact check where every trial's scores are kept: Hansen's test for superior predictive ability (Hansen 2005,
 * "A Test for Superior Predictive Ability", J. Business &amp; Economic Statistics 23(4)), studentized, with the
 * consistent p-value, over the AUC lift of each trial against its baseline, all paired on the same rows.
 *
 * <p>Each trial k has its lift {@code d_k} and DeLong standard error {@code s_k} on the rows, so its z is
 * {@code d_k / s_k}. A replicate resamples the positives and the negatives apart (stratified, so every replicate has
 * the test set's class counts) and recomputes every trial's lift on the same resample, so the correlation between
 * trials is the one the rows carry, not an approximation. Its statistic is the best recentred z,
 * {@code max(0, max_k (d*_k - g(d_k)) / s_k)} with Hansen's consistent recentring {@code g(d) = d} when
 * {@code d / s >= -sqrt(2 ln ln n)}, else 0 (a trial clearly worse than its baseline stays worse and is not made a
 * contender). This run's p-value is the share of replicates whose statistic reaches its z (Hansen's p for the best
 * trial, the single-step max-t adjusted p for the others), doubled to be two-sided like the gate's own p:
 * {@code min(1, 2 (1 + #{T* >= z}) / (B + 1))}. A replicate costs O(n) per trial ({@link RankedScores}).
 *
 * @param trials the trials compared (their scores kept), this run's included
 * @param replicates B
 * @param z this run's z
 * @param pValue this run's two-sided p-value against the best of the trials
 * @param confidence the gate's confidence level
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record RealityCheck(int trials, int replicates, double z, double pValue, double confidence) {
  /** The replicates the gate draws: the p-value's Monte-Carlo standard error is at most 0.016 (0.5 / sqrt(B)). */
  public static final int REPLICATES = 1_000;

  /**
   * One trial's scores on the test set's rows, in the rows' order.
   *
   * @param candidate the trial's candidate scores
   * @param baseline its baseline's scores (trials that share a baseline may pass the same array: it is ranked once)
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
    double[] lift = new double[k];
    double[] se = new double[k];
    // each distinct score array ranked once (trials sharing a baseline share its array), by index
    Map<double[], Integer> index = new IdentityHashMap<>();
    List<RankedScores> ranked = new ArrayList<>();
    int[] candidate = new int[k];
    int[] baseline = new int[k];
    for (int t = 0; t < k; t++) {
      Trial trial = trials.get(t);
      AucComparison c = DeLong.compare(labels, trial.candidate(), trial.baseline(), confidence);
      lift[t] = c.lift();
      se[t] = c.standardError();
      candidate[t] = indexOf(trial.candidate(), labels, index, ranked);
      baseline[t] = indexOf(trial.baseline(), labels, index, ranked);
    }
    double z = se[thisRun] > 0 ? lift[thisRun] / se[thisRun] : Double.NaN;
    double threshold = -Math.sqrt(2 * Math.log(Math.log(Math.max(n, 16))));
    double[] centre = new double[k];
    for (int t = 0; t < k; t++) {
      centre[t] = se[t] > 0 && lift[t] / se[t] >= threshold ? lift[t] : 0;
    }
    Resampler resampler = new Resampler(labels, seed);
    double pairs = 2.0 * resampler.positives * resampler.negatives;
    int reached = 0;
    int[] weights = new int[n];
    double[] auc = new double[ranked.size()];
    for (int b = 0; b < replicates; b++) {
      resampler.next(weights);
      for (int r = 0; r < auc.length; r++) {
        auc[r] = ranked.get(r).twiceU(weights) / pairs;
      }
      double best = 0;
      for (int t = 0; t < k; t++) {
        if (se[t] > 0) {
          best = Math.max(best, (auc[candidate[t]] - auc[baseline[t]] - centre[t]) / se[t]);
        }
      }
      reached += best >= z ? 1 : 0;
    }
    double p = Double.isNaN(z) ? 1 : Math.min(1, 2.0 * (1 + reached) / (replicates + 1));
    return new RealityCheck(k, replicates, z, p, confidence);
  }

  private static int indexOf(double[] scores, boolean[] labels, Map<double[], Integer> index,
      List<RankedScores> ranked) {
    return index.computeIfAbsent(scores, s -> {
      ranked.add(RankedScores.of(labels, s));
      return ranked.size() - 1;
    });
  }

  /** The stratified resample: as many positives and negatives as the rows have, each drawn with replacement. */
  private static final class Resampler {
    private final int[] positiveRows;
    private final int[] negativeRows;
    private final int positives;
    private final int negatives;
    private final SplittableRandom random;

    Resampler(boolean[] labels, long seed) {
      int p = 0;
      for (boolean label : labels) {
        p += label ? 1 : 0;
      }
      positiveRows = new int[p];
      negativeRows = new int[labels.length - p];
      int a = 0;
      int c = 0;
      for (int i = 0; i < labels.length; i++) {
        if (labels[i]) {
          positiveRows[a++] = i;
        } else {
          negativeRows[c++] = i;
        }
      }
      positives = positiveRows.length;
      negatives = negativeRows.length;
      random = new SplittableRandom(seed);
    }

    void next(int[] weights) {
      java.util.Arrays.fill(weights, 0);
      for (int i = 0; i < positives; i++) {
        weights[positiveRows[random.nextInt(positives)]]++;
      }
      for (int i = 0; i < negatives; i++) {
        weights[negativeRows[random.nextInt(negatives)]]++;
      }
    }
  }
}
