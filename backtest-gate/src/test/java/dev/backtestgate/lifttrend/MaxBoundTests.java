package dev.backtestgate.lifttrend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.analysis.integration.SimpsonIntegrator;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** The bound on the maximum of a correlated normal chain, against independent formulas and a simulation. */
class MaxBoundTests {
  private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

  @Test
  void theUpperTailAgreesWithCommonsMathToDoublePrecision() {
    for (double x = -8; x <= 30; x += 0.173) {
      double expected = 1 - NORMAL.cumulativeProbability(x);
      double viaLower = NORMAL.cumulativeProbability(-x);
      assertThat(MaxBound.upperTail(x)).isCloseTo(viaLower, within(1e-14 + 1e-12 * viaLower));
      assertThat(MaxBound.upperTail(x)).isCloseTo(expected, within(1e-14));
    }
  }

  /**
   * {@code P(Y >= c, X < c) = P(Y >= c) - P(X >= c, Y >= c)}, the orthant probability by Plackett's identity {@code
   * P = Q(c)^2 + (1 / 2 pi) integral_0^asin(rho) exp(-c^2 / (1 + sin t)) dt}: a formula independent of the one coded.
   */
  @Test
  void aNeighbourEnteringAboveMatchesPlackettsIdentity() {
    for (double c : new double[] {0.5, 1.5, 2.5, 3.2, 4.5}) {
      for (double rho : new double[] {0.0, 0.3, 0.7, 0.9, 0.99, 0.9999}) {
        double q = 1 - NORMAL.cumulativeProbability(c);
        double orthant = q * q + (rho == 0 ? 0 : new SimpsonIntegrator(1e-14, 1e-16, 3, 30)
            .integrate(1_000_000, t -> Math.exp(-c * c / (1 + Math.sin(t))), 0, Math.asin(rho)) / (2 * Math.PI));
        assertThat(MaxBound.enteringAbove(c, rho)).as("c %s, rho %s", c, rho)
            .isCloseTo(q - orthant, within(1e-10 * q + 1e-15));
      }
    }
  }

  @Test
  void theBoundCoversTheSimulatedMaximumOfABridgeAndIsCloseToIt() {
    // standardised before/after differences of 24 equal periods: t_j = j / 24
    int k = 24;
    double[] t = new double[k - 1];
    for (int j = 0; j < k - 1; j++) {
      t[j] = (j + 1.0) / k;
    }
    double[] rho = new double[k - 2];
    for (int j = 0; j < k - 2; j++) {
      rho[j] = Math.sqrt(t[j] * (1 - t[j + 1]) / (t[j + 1] * (1 - t[j])));
    }
    double c = 2.9;
    SplittableRandom random = new SplittableRandom(5L);
    int draws = 400_000;
    int exceed = 0;
    for (int d = 0; d < draws; d++) {
      double total = 0;
      double[] partial = new double[k];
      for (int i = 0; i < k; i++) {
        total += random.nextGaussian();
        partial[i] = total;
      }
      double max = Double.NEGATIVE_INFINITY;
      for (int j = 0; j < k - 1; j++) {
        double bridge = partial[j] - t[j] * total;
        max = Math.max(max, bridge / Math.sqrt(k * t[j] * (1 - t[j])));
      }
      exceed += max >= c ? 1 : 0;
    }
    double simulated = (double) exceed / draws;
    double bound = MaxBound.pValue(c, rho);
    double plainBonferroni = (k - 1) * MaxBound.upperTail(c);

    assertThat(bound).isGreaterThanOrEqualTo(simulated - 3 * Math.sqrt(simulated / draws));
    assertThat(bound).isLessThan(1.25 * simulated);
    assertThat(plainBonferroni).isGreaterThan(1.5 * bound);
  }

  @Test
  void noEvidenceBelowZero() {
    assertThat(MaxBound.pValue(-1, new double[] {0.5})).isEqualTo(1.0);
    assertThat(MaxBound.pValue(0, new double[] {0.5})).isEqualTo(1.0);
  }
}
