package dev.backtestgate.trials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.metrics.LiftCovariance;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The bootstrap reality check ({@link RealityCheck}): its covariance of the lifts against {@link DeLong#compare} (the
 * diagonal, bit for bit) and against per-row placements from a plain sort (the off-diagonals); duplicate and
 * zero-variance trials; one trial giving the gate's own p; calibrated by simulation on correlated null candidates; a
 * real lift still passing; and its answer against the approximation's ({@link Deflation}). The simulation draws
 * 1,999 replicates per check to keep the class fast, so a p near 0.05 carries a Monte-Carlo standard error of about
 * 0.007, and the false-alarm rates are checked against alpha plus three binomial standard errors of the
 * simulation's own repetitions.
 */
class RealityCheckTests {
  private static final double CONFIDENCE = 0.95;
  /** The rate at which the best null candidate may come out significant: two-sided p below 0.05, one side. */
  private static final double ALPHA = (1 - CONFIDENCE) / 2;
  private static final int REPLICATES = 1_999;
  /**
   * How far the bootstrap's p for the best trial may be from the approximation's deflated p, averaged over the
   * simulation's repetitions: the approximation assumes normal z values and the deflated-Sharpe form of the expected
   * maximum; the bootstrap measures the trials' joint spread on the rows. Observed with the multiplier bootstrap and
   * 1,999 replicates: 0.069 (best of 5) and 0.044 (best of 20); the false alarms: 4 and 3 of 200 (alone: 13 and 24
   * of 200).
   */
  static final double AGREEMENT = 0.12;

  @Property(tries = 200)
  void theCovarianceOfTheLiftsIsDeLongsOnTheDiagonalAndThePlacementsCovarianceOffIt(@ForAll long seed,
      @ForAll @IntRange(min = 4, max = 80) int n, @ForAll @IntRange(min = 1, max = 8) int distinctScores,
      @ForAll @IntRange(min = 1, max = 5) int trials) {
    Random random = new Random(seed);
    boolean[] labels = new boolean[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i < 4 ? i % 2 == 0 : random.nextBoolean();
    }
    List<double[]> vectors = new ArrayList<>();
    for (int v = 0; v <= trials; v++) {
      double[] scores = new double[n];
      for (int i = 0; i < n; i++) {
        scores[i] = random.nextInt(distinctScores) - distinctScores / 2 + (random.nextBoolean() ? -0.0 : 0.0)
            + (labels[i] && random.nextBoolean() ? 0.5 : 0);
      }
      vectors.add(scores);
    }
    int[] candidates = new int[trials];
    int[] baselines = new int[trials];
    for (int t = 0; t < trials; t++) {
      candidates[t] = t + 1;
      baselines[t] = random.nextInt(3) == 0 ? random.nextInt(trials + 1) : 0;   // mostly a shared baseline
    }
    LiftCovariance covariance = LiftCovariance.of(labels, vectors, candidates, baselines);
    double[][] reference = Placed.covariance(labels, vectors, candidates, baselines);
    for (int t = 0; t < trials; t++) {
      AucComparison c = DeLong.compare(labels, vectors.get(candidates[t]), vectors.get(baselines[t]), CONFIDENCE);
      double variance = c.standardError() * c.standardError();
      assertThat(covariance.lift(t)).isEqualTo(c.lift());
      assertThat(covariance.standardError(t)).isEqualTo(c.standardError());
      assertThat(covariance.covariance(t, t)).isCloseTo(Math.max(variance, 0), offset(1e-15));
      for (int u = 0; u < trials; u++) {
        assertThat(covariance.covariance(t, u)).as("covariance of lifts %d and %d", t, u)
            .isEqualTo(covariance.covariance(u, t)).isCloseTo(reference[t][u], offset(1e-12));
      }
    }
  }

  @Test
  void aDuplicateTrialAndATrialThatIsItsBaselineDoNotCrashTheFactor() {
    Sim sim = Sim.of(new Random(5L), 2_000, 4);
    List<RealityCheck.Trial> trials = new ArrayList<>(sim.trials);
    trials.add(new RealityCheck.Trial(sim.trials.get(0).candidate().clone(), sim.baseline.clone()));   // by content
    trials.add(new RealityCheck.Trial(sim.baseline, sim.baseline));   // standard error 0, no z
    RealityCheck withCopies = RealityCheck.of(sim.labels, trials, 0, REPLICATES, 1L, CONFIDENCE);
    RealityCheck without = RealityCheck.of(sim.labels, sim.trials, 0, REPLICATES, 1L, CONFIDENCE);
    assertThat(withCopies.trials()).isEqualTo(6);
    assertThat(withCopies.pValue()).isBetween(0.0, 1.0);
    // a copy moves exactly with its original, so it adds no chance of a higher best: the same p to Monte-Carlo error
    assertThat(withCopies.pValue()).isCloseTo(without.pValue(), offset(4 * 2 * Math.sqrt(0.25 / REPLICATES)));
    double[][] singular = {{1, 1, 0}, {1, 1, 0}, {0, 0, 1}};
    double[][] factor = RealityCheck.factor(singular);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        double product = 0;
        for (int m = 0; m < 3; m++) {
          product += factor[i][m] * factor[j][m];
        }
        assertThat(product).isCloseTo(singular[i][j], offset(1e-12));
      }
    }
  }

  @Test
  void withOneTrialThePIsTheGatesOwnTwoSidedP() {
    Sim sim = Sim.of(new Random(9L), 3_000, 12);
    for (RealityCheck.Trial trial : sim.trials) {
      AucComparison c = DeLong.compare(sim.labels, trial.candidate(), trial.baseline(), CONFIDENCE);
      if (c.z() <= 0) {
        continue;   // one-sided: a lift below its baseline has p 1 here, as no replicate's max(0, .) falls short
      }
      RealityCheck one = RealityCheck.of(sim.labels, List.of(trial), 0, RealityCheck.REPLICATES, 3L, CONFIDENCE);
      assertThat(one.z()).isEqualTo(c.z());
      double error = 2 * Math.sqrt(c.pValue() / 2 * (1 - c.pValue() / 2) / RealityCheck.REPLICATES);
      assertThat(one.pValue()).as("z %.3f", c.z()).isCloseTo(c.pValue(), offset(4 * error + 2.0 / RealityCheck.REPLICATES));
    }
  }

  @Test
  void theBestOfFiveOrTwentyCorrelatedNullCandidatesIsSignificantNoMoreOftenThanAlpha() {
    int reps = 200;
    int rows = 600;
    int[] sizes = {5, 20};
    int[] alone = new int[sizes.length];
    int[] exact = new int[sizes.length];
    double[] gap = new double[sizes.length];
    Random random = new Random(20261207L);
    for (int rep = 0; rep < reps; rep++) {
      Sim sim = Sim.of(random, rows, 20);
      for (int s = 0; s < sizes.length; s++) {
        Result r = sim.judgeBest(sizes[s], rep);
        alone[s] += r.deflation.significantAlone() ? 1 : 0;
        exact[s] += r.exact.significant() ? 1 : 0;
        gap[s] += Math.abs(r.exact.pValue() - r.deflation.deflatedP()) / reps;
      }
    }
    double margin = 3 * Math.sqrt(ALPHA * (1 - ALPHA) / reps);
    for (int s = 0; s < sizes.length; s++) {
      assertThat((double) exact[s] / reps).as("best of %d: alone %d of %d, bootstrap %d", sizes[s], alone[s], reps,
          exact[s]).isLessThanOrEqualTo(ALPHA + margin);
      assertThat(gap[s]).as("best of %d: mean |bootstrap p - deflated p|", sizes[s]).isLessThanOrEqualTo(AGREEMENT);
    }
    assertThat((double) alone[1] / reps).as("alone, the best of 20 is significant far more often").isGreaterThan(0.1);
  }

  @Test
  void aRealLiftOfFivePointsOnTwentyThousandRowsStillPassesAfterTwentyTrials() {
    Random random = new Random(7L);
    Sim sim = Sim.of(random, 20_000, 19);
    double[] better = new double[sim.labels.length];
    for (int i = 0; i < better.length; i++) {
      better[i] = sim.signal[i] + (sim.labels[i] ? 0.29 : 0) + random.nextGaussian();
    }
    List<RealityCheck.Trial> trials = new ArrayList<>(sim.trials);
    trials.add(new RealityCheck.Trial(better, sim.baseline));
    var real = DeLong.compare(sim.labels, better, sim.baseline, CONFIDENCE);
    RealityCheck check = RealityCheck.of(sim.labels, trials, 19, REPLICATES, 7L, CONFIDENCE);
    assertThat(real.lift()).isBetween(0.04, 0.06);
    assertThat(check.trials()).isEqualTo(20);
    assertThat(check.significant()).as("%s", check).isTrue();
    assertThat(check.pValue()).isEqualTo(2.0 / (REPLICATES + 1));   // no replicate's best reaches a z near 8
  }

  @Test
  void theSameSeedGivesTheSamePAndATrialWithNoSpreadCannotBeTheBest() {
    Sim sim = Sim.of(new Random(3L), 1_000, 6);
    List<RealityCheck.Trial> trials = new ArrayList<>(sim.trials);
    trials.add(new RealityCheck.Trial(sim.baseline, sim.baseline));   // the baseline itself: standard error 0
    RealityCheck a = RealityCheck.of(sim.labels, trials, 0, REPLICATES, 11L, CONFIDENCE);
    assertThat(RealityCheck.of(sim.labels, trials, 0, REPLICATES, 11L, CONFIDENCE)).isEqualTo(a);
    RealityCheck none = RealityCheck.of(sim.labels, trials, 6, REPLICATES, 11L, CONFIDENCE);
    assertThat(none.z()).isNaN();
    assertThat(none.pValue()).isEqualTo(1.0);
    assertThat(none.significant()).isFalse();
  }

  private record Result(Deflation deflation, RealityCheck exact) {}

  /** The reference: each vector's per-row placements from a plain sort, and plain two-pass sample covariances. */
  private static final class Placed {
    static double[][] covariance(boolean[] labels, List<double[]> vectors, int[] candidates, int[] baselines) {
      int n = labels.length;
      int positives = 0;
      for (boolean label : labels) {
        positives += label ? 1 : 0;
      }
      int negatives = n - positives;
      List<double[]> placed = new ArrayList<>();
      for (double[] scores : vectors) {
        placed.add(placements(labels, scores, positives, negatives));
      }
      int k = candidates.length;
      double[][] d = new double[k][n];
      for (int t = 0; t < k; t++) {
        for (int i = 0; i < n; i++) {
          d[t][i] = placed.get(candidates[t])[i] - placed.get(baselines[t])[i];
        }
      }
      double[][] covariance = new double[k][k];
      for (int t = 0; t < k; t++) {
        for (int u = 0; u < k; u++) {
          covariance[t][u] = sampleCovariance(d[t], d[u], labels, true) / positives
              + sampleCovariance(d[t], d[u], labels, false) / negatives;
        }
      }
      return covariance;
    }

    /** V10 for a positive (the share of negatives below it, ties half), V01 for a negative (of positives above). */
    private static double[] placements(boolean[] labels, double[] scores, int positives, int negatives) {
      int n = labels.length;
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      java.util.Arrays.sort(order, (a, b) -> Double.compare(scores[a] + 0.0, scores[b] + 0.0));
      double[] placement = new double[n];
      int positivesBelow = 0;
      int negativesBelow = 0;
      for (int start = 0; start < n; ) {
        int end = start;
        int tiedPositives = 0;
        while (end < n && scores[order[end]] + 0.0 == scores[order[start]] + 0.0) {
          tiedPositives += labels[order[end]] ? 1 : 0;
          end++;
        }
        int tiedNegatives = end - start - tiedPositives;
        for (int j = start; j < end; j++) {
          int row = order[j];
          placement[row] = labels[row] ? (negativesBelow + tiedNegatives / 2.0) / negatives
              : (positives - positivesBelow - tiedPositives + tiedPositives / 2.0) / positives;
        }
        positivesBelow += tiedPositives;
        negativesBelow += tiedNegatives;
        start = end;
      }
      return placement;
    }

    private static double sampleCovariance(double[] a, double[] b, boolean[] labels, boolean positive) {
      double meanA = 0;
      double meanB = 0;
      int count = 0;
      for (int i = 0; i < labels.length; i++) {
        if (labels[i] == positive) {
          meanA += a[i];
          meanB += b[i];
          count++;
        }
      }
      meanA /= count;
      meanB /= count;
      double sum = 0;
      for (int i = 0; i < labels.length; i++) {
        if (labels[i] == positive) {
          sum += (a[i] - meanA) * (b[i] - meanB);
        }
      }
      return sum / (count - 1);
    }
  }

  /** Rows, a baseline, and null candidates sharing half their noise (as in {@link TrialsCalibrationTests}). */
  private record Sim(boolean[] labels, double[] signal, double[] baseline, List<RealityCheck.Trial> trials) {
    static Sim of(Random random, int n, int candidates) {
      boolean[] labels = new boolean[n];
      double[] signal = new double[n];
      double[] baseline = new double[n];
      double[] shared = new double[n];
      for (int i = 0; i < n; i++) {
        labels[i] = random.nextDouble() < 0.3;
        signal[i] = (labels[i] ? 1.0 : 0) + random.nextGaussian();
        baseline[i] = signal[i] + random.nextGaussian();
        shared[i] = random.nextGaussian();
      }
      List<RealityCheck.Trial> trials = new ArrayList<>();
      double w = Math.sqrt(0.5);
      for (int k = 0; k < candidates; k++) {
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) {
          scores[i] = signal[i] + w * shared[i] + w * random.nextGaussian();
        }
        trials.add(new RealityCheck.Trial(scores, baseline));
      }
      return new Sim(labels, signal, baseline, trials);
    }

    /** The best of the first {@code size} candidates, judged by both. */
    Result judgeBest(int size, long seed) {
      List<RealityCheck.Trial> some = trials.subList(0, size);
      List<Double> zs = new ArrayList<>();
      int best = 0;
      for (int k = 0; k < size; k++) {
        zs.add(DeLong.compare(labels, some.get(k).candidate(), baseline, CONFIDENCE).z());
        best = zs.get(k) > zs.get(best) ? k : best;
      }
      return new Result(Deflation.of(zs, zs.get(best), CONFIDENCE),
          RealityCheck.of(labels, some, best, REPLICATES, seed, CONFIDENCE));
    }
  }
}
