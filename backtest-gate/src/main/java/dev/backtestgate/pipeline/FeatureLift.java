package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How much of the lift one feature carries: the AUC of the pipeline refitted without it, against the AUC refitted
 * with every feature, on the same test rows, compared by a paired DeLong test.
 *
 * @param feature the feature dropped
 * @param aucWithout the AUC of the refit without it
 * @param carried the AUC lost without it (the full refit's AUC minus {@code aucWithout}); negative when the refit
 *     does better without it
 * @param ciLower the lower end of the 95% interval of {@code carried}
 * @param ciUpper the upper end
 * @param share {@code carried} as a share of the run's lift, NaN when the lift is not above zero
 * @param refitMillis how long the refit without it took, fit and score
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record FeatureLift(String feature, double aucWithout, double carried, double ciLower, double ciUpper,
    double share, long refitMillis) {}
