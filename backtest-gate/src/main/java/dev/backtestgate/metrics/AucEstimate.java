package dev.backtestgate.metrics;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;


/**
 * One model's AUC with its DeLong variance and confidence interval.
 *
 * <pre>{@code
 * AucEstimate e = DeLong.estimate(labels, scores, 0.95);
 * System.out.printf("AUC %.3f (95%% CI %.3f..%.3f)%n", e.auc(), e.ciLower(), e.ciUpper());
 * }</pre>
 *
 * @param auc the exact AUC, ties counted one half
 * @param variance DeLong variance of the AUC
 * @param standardError square root of the variance
 * @param confidenceLevel level of the interval, for example {@code 0.95}
 * @param ciLower lower end of the interval (not clipped to [0, 1])
 * @param ciUpper upper end of the interval (not clipped to [0, 1])
 */
@API(status = STABLE, since = "0.1")
public record AucEstimate(
    double auc,
    double variance,
    double standardError,
    double confidenceLevel,
    double ciLower,
    double ciUpper) {

  /**
   * This model against a baseline known only as an AUC number, treated as exact: the lift, this model's
   * interval shifted by the baseline AUC, {@code z = lift / se} and its two-sided p-value. There is no paired
   * variance, so both variances but this model's are 0.
   */
  public AucComparison versusFixed(double baselineAuc) {
    double lift = auc - baselineAuc;
    double z = standardError > 0 ? lift / standardError : Double.NaN;
    double p = standardError > 0 ? Normal.twoSidedP(z) : 1.0;
    return new AucComparison(auc, baselineAuc, lift, standardError, confidenceLevel, ciLower - baselineAuc,
        ciUpper - baselineAuc, z, p, variance, 0.0, 0.0);
  }
}
