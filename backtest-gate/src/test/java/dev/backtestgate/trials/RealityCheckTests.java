package dev.backtestgate.trials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.DeLong;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The bootstrap reality check ({@link RealityCheck}): each replicate's AUC against a brute-force pair count and a
 * re-sorted resample; calibrated by simulation on correlated null candidates; a real lift still passing; and its
 * answer against the approximation's ({@link Deflation}). Replicates are few to keep the class fast: 199 per check,
 * so each p-value carries a Monte-Carlo standard error of at most 0.035 (0.5 / sqrt(199)), and the false-alarm rates
 * are checked against alpha plus three binomial standard errors of the simulation's own repetitions.
 */
class RealityCheckTests {
  private static final double CONFIDENCE = 0.95;
  /** The rate at which the best null candidate may come out significant: two-sided p below 0.05, one side. */
  private static final double ALPHA = (1 - CONFIDENCE) / 2;
  private static final int REPLICATES = 199;
  /**
   * How far the bootstrap's p for the best trial may be from the approximation's deflated p, averaged over the
   * simulation's repetitions: the approximation assumes normal z values and the deflated-Sharpe form of the expected
   * maximum; the bootstrap measures the trials' joint spread on the rows. Observed: 0.067 (best of 5) and 0.046 (best
   * of 20); the false alarms: 5 of 200 for both sizes (alone: 13 and 24 of 200).
   */
  static final double AGREEMENT = 0.12;

  @Property(tries = 300)
  void aReplicatesAucEqualsTheBruteForcePairCountOfTheResample(@ForAll long seed,
      @ForAll @IntRange(min = 2, max = 60) int n, @ForAll @IntRange(min = 1, max = 8) int distinctScores) {
    Random random = new Random(seed);
    boolean[] labels = new boolean[n];
    double[] scores = new double[n];
    int[] weights = new int[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i < 2 ? i == 0 : random.nextBoolean();
      scores[i] = random.nextInt(distinctScores) - distinctScores / 2 + (random.nextBoolean() ? -0.0 : 0.0);
      weights[i] = random.nextInt(4);
    }
    long brute = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (labels[i] && !labels[j]) {
          int c = Double.compare(scores[i] + 0.0, scores[j] + 0.0);
          brute += (long) weights[i] * weights[j] * (c > 0 ? 2 : c == 0 ? 1 : 0);
        }
      }
    }
    assertThat(RankedScores.of(labels, scores).twiceU(weights)).isEqualTo(brute);
  }

  @Property(tries = 100)
  void aReplicatesAucEqualsTheAucOfTheResampleReSorted(@ForAll long seed,
      @ForAll @IntRange(min = 4, max = 400) int n) {
    Random random = new Random(seed);
    boolean[] labels = new boolean[n];
    double[] scores = new double[n];
    int[] weights = new int[n];
    List<Boolean> drawnLabels = new ArrayList<>();
    List<Double> drawnScores = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      labels[i] = i < 2 ? i == 0 : random.nextDouble() < 0.3;
      scores[i] = Math.round(random.nextGaussian() * 20) / 10.0 + (labels[i] ? 0.5 : 0);
      weights[i] = i < 2 ? 1 : random.nextInt(3);
      for (int w = 0; w < weights[i]; w++) {
        drawnLabels.add(labels[i]);
        drawnScores.add(scores[i]);
      }
    }
    boolean[] l = new boolean[drawnLabels.size()];
    double[] s = new double[l.length];
    long positives = 0;
    for (int i = 0; i < l.length; i++) {
      l[i] = drawnLabels.get(i);
      s[i] = drawnScores.get(i);
      positives += l[i] ? 1 : 0;
    }
    double resorted = Auc.of(l, s);
    double ours = RankedScores.of(labels, scores).twiceU(weights) / (2.0 * positives * (l.length - positives));
    assertThat(ours).isCloseTo(resorted, offset(1e-12));
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
