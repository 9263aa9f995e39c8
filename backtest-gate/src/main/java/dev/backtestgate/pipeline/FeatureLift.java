package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How much of the refit's lift ({@link RefitLift}) one feature carries: the AUC of the pipeline refitted without it,
 * against the AUC refitted with every feature, on the same test rows, compared by a paired DeLong test; and, when the
 * lift is above zero, that loss as a share of the lift, in [0, 1].
 *
 * @param feature the feature dropped
 * @param inBaseline whether the baseline declares it uses this feature too: then it is shown, never a carrier
 * @param aucWithout the AUC of the refit without it
 * @param carried the AUC lost without it (the full refit's AUC minus {@code aucWithout}); negative when the refit
 *     does better without it, above the lift when without it the refit falls below the baseline
 * @param ciLower the lower end of the 95% paired DeLong interval of {@code carried}
 * @param ciUpper the upper end
 * @param liftWithout the lift left without it, {@code aucWithout} minus the baseline's AUC (the lift minus
 *     {@code carried}); below zero when the refit without it falls below the baseline
 * @param share {@code carried} as a share of the lift, clamped to [0, 1]; NaN when the lift is not above zero
 * @param shareLower the lower end of the share's 95% interval (Fieller's, for the ratio of the two paired
 *     differences, clamped to [0, 1]); NaN with the share
 * @param shareUpper the upper end
 * @param refitMillis how long the refit without it took, fit and score
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record FeatureLift(String feature, boolean inBaseline, double aucWithout, double carried, double ciLower,
    double ciUpper, double liftWithout, double share, double shareLower, double shareUpper, long refitMillis) {}
