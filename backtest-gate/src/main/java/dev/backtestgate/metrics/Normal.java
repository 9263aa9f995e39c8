package dev.backtestgate.metrics;

import org.apache.commons.math3.distribution.NormalDistribution;

/** The standard normal distribution, for p-values and interval half-widths. */
final class Normal {
  private static final NormalDistribution STANDARD = new NormalDistribution(null, 0.0, 1.0);

  private Normal() {}

  /** Two-sided p-value of a z statistic: {@code 2 * Phi(-|z|)}. */
  static double twoSidedP(double z) {
    return 2 * STANDARD.cumulativeProbability(-Math.abs(z));
  }

  /** The z value that leaves {@code (1 - confidenceLevel) / 2} in each tail. */
  static double criticalValue(double confidenceLevel) {
    return STANDARD.inverseCumulativeProbability((1 + confidenceLevel) / 2);
  }
}
