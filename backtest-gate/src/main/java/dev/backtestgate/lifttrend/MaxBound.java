package dev.backtestgate.lifttrend;

import org.apache.commons.math3.analysis.integration.gauss.GaussIntegrator;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;

/**
 * An upper bound on {@code P(max_j Z_j >= c)} for standard normal {@code Z_1 .. Z_m} in a chain, where {@code rho_j}
 * is the correlation of neighbours {@code Z_j} and {@code Z_(j+1)}: the improved Bonferroni inequality of Hunter
 * (1976) and Worsley (1982), {@code P(Z_1 >= c) + sum_j P(Z_(j+1) >= c, Z_j < c)}. It never falls below the true
 * probability, so a test that rejects when the bound is at most alpha keeps its false-alarm rate at most alpha; for
 * the strongly correlated neighbours of a change-point scan it is close to exact (Worsley 1982, Biometrika 69), where
 * plain Bonferroni ({@code m P(Z >= c)}) is 1.5 to 2 times too large over 24 periods, and more over more periods.
 */
final class MaxBound {
  private static final int PANELS = 16;
  /** Gauss-Legendre nodes and weights of 8 points on [-1, 1]. */
  private static final double[] NODES;
  private static final double[] WEIGHTS;
  private static final double ROOT_TWO_PI = Math.sqrt(2 * Math.PI);

  static {
    GaussIntegrator rule = new GaussIntegratorFactory().legendre(8);
    NODES = new double[rule.getNumberOfPoints()];
    WEIGHTS = new double[rule.getNumberOfPoints()];
    for (int i = 0; i < NODES.length; i++) {
      NODES[i] = rule.getPoint(i);
      WEIGHTS[i] = rule.getWeight(i);
    }
  }

  private MaxBound() {}

  /**
   * {@code P(Z >= x)} for a standard normal {@code Z}, to double precision (Hart 1968, as given by West 2005,
   * "Better approximations to cumulative normal functions"); several times faster than an incomplete gamma function,
   * which matters in the thousands of evaluations of one bound.
   */
  static double upperTail(double x) {
    double z = Math.abs(x);
    double tail;
    if (z > 37) {
      tail = 0;
    } else {
      double e = Math.exp(-z * z / 2);
      if (z < 7.07106781186547) {
        double num = ((((((3.52624965998911e-02 * z + 0.700383064443688) * z + 6.37396220353165) * z
            + 33.912866078383) * z + 112.079291497871) * z + 221.213596169931) * z + 220.206867912376);
        double den = (((((((8.83883476483184e-02 * z + 1.75566716318264) * z + 16.064177579207) * z
            + 86.7807322029461) * z + 296.564248779674) * z + 637.333633378831) * z + 793.826512519948) * z
            + 440.413735824752);
        tail = e * num / den;
      } else {
        double f = z + 1 / (z + 2 / (z + 3 / (z + 4 / (z + 0.65))));
        tail = e / f / ROOT_TWO_PI;
      }
    }
    return x >= 0 ? tail : 1 - tail;
  }

  private static double density(double x) {
    return Math.exp(-x * x / 2) / ROOT_TWO_PI;
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
    double half = end / PANELS / 2;
    for (int panel = 0; panel < PANELS; panel++) {
      double mid = (2 * panel + 1) * half;
      for (int i = 0; i < NODES.length; i++) {
        double v = mid + half * NODES[i];
        sum += WEIGHTS[i] * density(c - s * v) * upperTail(offset + rho * v);
      }
    }
    return s * half * sum;
  }
}
