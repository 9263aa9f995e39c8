package dev.backtestgate.metrics;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;


/**
 * The paired comparison of two models scored on the same rows: both AUCs, the lift between them and
 * its DeLong uncertainty.
 *
 * <pre>{@code
 * AucComparison c = DeLong.compare(labels, candidateScores, baselineScores, 0.95);
 * System.out.printf("lift %+.3f (95%% CI %+.3f..%+.3f), p=%.2g, cov %.2e%n",
 *     c.lift(), c.ciLower(), c.ciUpper(), c.pValue(), c.covariance());
 * }</pre>
 *
 * @param candidateAuc AUC of the candidate model
 * @param baselineAuc AUC of the baseline model, on the same rows and labels
 * @param lift {@code candidateAuc - baselineAuc}
 * @param standardError DeLong standard error of the lift; {@code 0} when both models rank the rows
 *     identically (then {@code z} is {@code NaN} and {@code pValue} is {@code 1})
 * @param confidenceLevel level of the interval, for example {@code 0.95}
 * @param ciLower lower end of the confidence interval of the lift
 * @param ciUpper upper end of the confidence interval of the lift
 * @param z {@code lift / standardError}, {@code NaN} when the standard error is 0
 * @param pValue two-sided p-value of "no difference in AUC"
 * @param candidateVariance DeLong variance of the candidate's AUC (pROC's {@code var(roc1)})
 * @param baselineVariance DeLong variance of the baseline's AUC (pROC's {@code var(roc2)}); 0 when the
 *     baseline is a fixed AUC number
 * @param covariance DeLong covariance of the two AUCs on the same rows (pROC's {@code cov(roc1, roc2)}); the
 *     lift's variance is {@code candidateVariance + baselineVariance - 2 * covariance}
 */
@API(status = STABLE, since = "0.1")
public record AucComparison(
    double candidateAuc,
    double baselineAuc,
    double lift,
    double standardError,
    double confidenceLevel,
    double ciLower,
    double ciUpper,
    double z,
    double pValue,
    double candidateVariance,
    double baselineVariance,
    double covariance) {}
