package dev.backtestgate.lifttrend;

import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * An upper bound on {@code P(max_j Z_j >= c)} for standard normal {@code Z_1 .. Z_m} in a chain, where {@code rho_j}
 * is the correlation of neighbours {@code Z_j} and {@code Z_(j+1)}: the improved Bonferroni inequality of Hunter
 * (1976) and Worsley (1982), {@code P(Z_1 >= c) + sum_j P(Z_(j+1) >= c, Z_j < c)}. It never falls below the true
 * probability, so a test that rejects when the bound is at most alpha keeps its false-alarm rate at most alpha; for
 * the strongly correlated neighbours of a change-point scan it is close to exact (Worsley 1982, Biometrika 69), where
 * plain Bonferroni ({@code m P(Z >= c)}) would be several times too large.
 */
final class MaxBound {
  private static final NormalDistribution NORMAL = new NormalDistribution(null, 0.0, 1.0);
  private static final GaussIntegratorFactory GAUSS = new GaussIntegratorFactory();
  private static final int PANELS = 24;
  private static final int POINTS = 8;

  private MaxBound() {}

  /** {@code P(Z >= x)} for a standard normal {@code Z}. */
  static double upperTail(double x) {
    return NORMAL.cumulativeProbability(-x);
  }

  /**
   * The bound for threshold {@code c}, capped at 1.
   *
   * @param neighbourCorrelations {@code rho_j} for {@code j = 1 .. m - 1}, each in [0, 1)
   */
  static double pValue(double c, double[] neighbourCorrelations) {
    if (!(c > 0)) {
      return 1.0; // the bound is decreasing in c only above 0; below it the answer is "no evidence" anyway
    }
    double bound = upperTail(c);
    for (double rho : neighbourCorrelations) {
      bound += enteringAbove(c, rho);
      if (bound >= 1) {
        return 1.0;
      }
    }
    return bound;
  }

  /**
   * {@code P(Y >= c, X < c)} for standard normal {@code X}, {@code Y} of correlation {@code rho}: by {@code x = c - s
   * v} with {@code s = sqrt(1 - rho^2)}, {@code s * integral_0^inf phi(c - s v) P(Z >= c sqrt((1 - rho) / (1 + rho))
   * + rho v) dv}, by composite Gauss-Legendre over the range where the integrand is not negligible.
   */
  static double enteringAbove(double c, double rho) {
    double s = Math.sqrt((1 - rho) * (1 + rho));
    if (s == 0) {
      return 0.0;
    }
    double offset = c * Math.sqrt((1 - rho) / (1 + rho));
    double byTail = rho > 0 ? Math.max(0, (9 - offset) / rho) : Double.POSITIVE_INFINITY;
    double byDensity = (Math.abs(c) + 10) / s;
    double end = Math.min(byTail, byDensity);
    if (end == 0) {
      return 0.0;
    }
    double sum = 0;
    double width = end / PANELS;
    for (int panel = 0; panel < PANELS; panel++) {
      sum += GAUSS.legendre(POINTS, panel * width, (panel + 1) * width)
          .integrate(v -> NORMAL.density(c - s * v) * upperTail(offset + rho * v));
    }
    return s * sum;
  }
}
