package dev.backtestgate.tripwire;

/**
 * The always-valid boundary the tripwire's statistic is held to on every look: Robbins' normal-mixture confidence
 * sequence (Robbins 1970, "Statistical methods related to the law of the iterated logarithm"; Howard, Ramdas,
 * McAuliffe and Sekhon 2021, "Time-uniform, nonparametric, nonasymptotic confidence sequences", Ann. Statist. 49(2)).
 *
 * <p>Under "production ranks as the backtest claimed", the gap {@code D} between claim and production, divided by
 * its variance {@code V = var(claim) + var(live)}, is a Brownian motion in the information {@code r = 1/V}: the
 * claim's error is its first increment and each day's matured rows add independent ones (the live AUC is
 * asymptotically a mean of placements). For a standard Brownian motion {@code S} the mixture martingale
 * {@code sqrt(rho / (r + rho)) exp(S^2 / (2 (r + rho)))} starts at 1, so by Ville's inequality it exceeds
 * {@code 1/alpha} at any {@code r} with probability at most {@code alpha}: {@code |S| >= sqrt((r + rho)
 * ln((r + rho) / (rho alpha^2)))}. In z-units ({@code z = D / sqrt(V)}) the boundary is {@code sqrt((1 + rho/r)
 * ln((1 + r/rho) / alpha^2))}. It holds however often and whenever one looks, so no look counter is needed; used
 * one-sided it is conservative (at most alpha, about alpha/2).
 *
 * <p>The mixing scale {@code rho} is fixed by the claim alone, before any look: the boundary is tightest at
 * {@code r* = 1 / (2 var(claim))}, the information when the live variance has come down to the claim's (production
 * has seen about as many matured rows as the backtest).
 */
final class MixtureBoundary {
  private final double alpha;
  private final double rho;

  MixtureBoundary(double alpha, double claimVariance) {
    if (!(claimVariance > 0)) {
      throw new IllegalArgumentException("the claim's variance must be above 0, got " + claimVariance);
    }
    this.alpha = alpha;
    this.rho = bestRatio(alpha) / (2 * claimVariance);
  }

  /** The boundary in z-units at total variance {@code variance} of the gap. */
  double z(double variance) {
    double r = 1 / variance;
    return Math.sqrt((1 + rho / r) * Math.log((1 + r / rho) / (alpha * alpha)));
  }

  /** The mixing scale. */
  double rho() {
    return rho;
  }

  /**
   * The {@code x = rho / r*} that makes the boundary in z-units smallest at {@code r*}: the scale-free minimum of
   * {@code (1 + x) ln((1 + x) / (x alpha^2))}, by golden section on {@code ln x}.
   */
  static double bestRatio(double alpha) {
    double lo = Math.log(1e-8);
    double hi = Math.log(1e4);
    double g = (Math.sqrt(5) - 1) / 2;
    for (int i = 0; i < 200; i++) {
      double a = hi - g * (hi - lo);
      double b = lo + g * (hi - lo);
      if (squared(Math.exp(a), alpha) < squared(Math.exp(b), alpha)) {
        hi = b;
      } else {
        lo = a;
      }
    }
    return Math.exp((lo + hi) / 2);
  }

  private static double squared(double x, double alpha) {
    return (1 + x) * Math.log((1 + x) / (x * alpha * alpha));
  }
}
