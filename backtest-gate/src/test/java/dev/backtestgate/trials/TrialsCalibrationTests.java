package dev.backtestgate.trials;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.metrics.DeLong;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The deflated lift calibrated by simulation: candidates with no real lift, correlated through a shared feature, all
 * scored on the same rows against one baseline (paired DeLong z, as the gate computes it). Fixed seeds.
 */
class TrialsCalibrationTests {
  private static final double CONFIDENCE = 0.95;
  /** The one-sided rate at which a single null candidate's lift is significant at 95%: 0.025. */
  private static final double ALPHA = (1 - CONFIDENCE) / 2;

  @Test
  void theBestOfNCandidatesWithNoLiftPassesTheDeflatedTestNoMoreOftenThanASingleRunIsSignificant() {
    int reps = 300;
    int rows = 1_000;
    int[] sizes = {1, 5, 20, 100};
    int[] bestAlone = new int[sizes.length];
    int[] bestDeflated = new int[sizes.length];
    Random random = new Random(20261207L);
    for (int rep = 0; rep < reps; rep++) {
      Rows r = rows(random, rows);
      DeLong.Reference baseline = DeLong.reference(r.labels, r.baseline, CONFIDENCE);
      double[] shared = gaussians(random, rows);
      List<Double> zs = new ArrayList<>();
      for (int k = 0; k < 100; k++) {
        zs.add(baseline.compare(nullCandidate(random, r, shared)).z());
      }
      for (int s = 0; s < sizes.length; s++) {
        List<Double> trials = zs.subList(0, sizes[s]);
        double best = trials.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        Deflation d = Deflation.of(trials, best, CONFIDENCE);
        bestAlone[s] += d.significantAlone() ? 1 : 0;
        bestDeflated[s] += d.significantDeflated() ? 1 : 0;
      }
    }
    double slack = 3 * Math.sqrt(ALPHA * (1 - ALPHA) / reps);
    for (int s = 0; s < sizes.length; s++) {
      double rate = (double) bestDeflated[s] / reps;
      assertThat(rate).as("best of %d: significant alone %d of %d, after deflation %d", sizes[s], bestAlone[s], reps,
          bestDeflated[s]).isLessThanOrEqualTo(ALPHA + slack);
    }
    // without deflation the best of many null candidates is significant far more often than a single run
    assertThat((double) bestAlone[3] / reps).isGreaterThan(0.15);
    assertThat((double) bestAlone[0] / reps).isLessThanOrEqualTo(ALPHA + slack);
  }

  @Test
  void aRealLiftOfFivePointsOnTwentyThousandRowsStillPassesAfterTwentyTrials() {
    Random random = new Random(7L);
    Rows r = rows(random, 20_000);
    DeLong.Reference baseline = DeLong.reference(r.labels, r.baseline, CONFIDENCE);
    double[] shared = gaussians(random, r.labels.length);
    List<Double> zs = new ArrayList<>();
    for (int k = 0; k < 19; k++) {
      zs.add(baseline.compare(nullCandidate(random, r, shared)).z());
    }
    double[] better = new double[r.labels.length];
    for (int i = 0; i < better.length; i++) {
      better[i] = r.signal[i] + (r.labels[i] ? 0.29 : 0) + random.nextGaussian();
    }
    var real = baseline.compare(better);
    zs.add(real.z());
    Deflation d = Deflation.of(zs, real.z(), CONFIDENCE);
    assertThat(real.lift()).isBetween(0.04, 0.06);
    assertThat(d.trials()).isEqualTo(20);
    assertThat(d.significantDeflated()).as("%s", d).isTrue();
  }

  /** The expected maximum of N independent standard normals (Harter 1961's table) against the approximation. */
  @Test
  void theExpectedBestZMatchesTheExactExpectedMaximumOfIndependentNormals() {
    assertThat(Deflation.expectedBestZ(1, 1)).isZero();
    double[][] exact = {{2, 0.5642}, {5, 1.1630}, {10, 1.5388}, {20, 1.8675}, {100, 2.5076}, {1000, 3.2414}};
    for (double[] e : exact) {
      assertThat(Deflation.expectedBestZ((int) e[0], 1)).as("N = %d", (int) e[0]).isCloseTo(e[1],
          org.assertj.core.data.Offset.offset(0.05));
    }
    assertThat(Deflation.expectedBestZ(100, 4)).isCloseTo(2 * Deflation.expectedBestZ(100, 1),
        org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void oneTrialDeflatesNothingAndUndefinedSpreadDeflatesNothing() {
    Deflation one = Deflation.of(List.of(2.5), 2.5, CONFIDENCE);
    assertThat(one.expectedBestZ()).isZero();
    assertThat(one.deflatedZ()).isEqualTo(2.5);
    assertThat(one.deflatedP()).isCloseTo(0.01242, org.assertj.core.data.Offset.offset(1e-4));
    Deflation nan = Deflation.of(List.of(Double.NaN, 3.0), 3.0, CONFIDENCE);
    assertThat(nan.trials()).isEqualTo(2);
    assertThat(nan.expectedBestZ()).isZero();
  }

  private record Rows(boolean[] labels, double[] signal, double[] baseline) {}

  private static Rows rows(Random random, int n) {
    boolean[] labels = new boolean[n];
    double[] signal = new double[n];
    double[] baseline = new double[n];
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextDouble() < 0.3;
      signal[i] = (labels[i] ? 1.0 : 0) + random.nextGaussian();
      baseline[i] = signal[i] + random.nextGaussian();
    }
    return new Rows(labels, signal, baseline);
  }

  /** The baseline's signal plus unit noise, half of it a feature every candidate shares: no real lift. */
  private static double[] nullCandidate(Random random, Rows r, double[] shared) {
    double[] scores = new double[r.labels.length];
    double w = Math.sqrt(0.5);
    for (int i = 0; i < scores.length; i++) {
      scores[i] = r.signal[i] + w * shared[i] + w * random.nextGaussian();
    }
    return scores;
  }

  private static double[] gaussians(Random random, int n) {
    double[] g = new double[n];
    for (int i = 0; i < n; i++) {
      g[i] = random.nextGaussian();
    }
    return g;
  }
}
