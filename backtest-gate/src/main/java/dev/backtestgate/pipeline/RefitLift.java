package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The lift the lift attribution shares out: the AUC of the pipeline refitted with every feature on the training rows
 * alone, against the baseline's AUC, on the run's test rows. It equals the recorded candidate's lift within the
 * pipeline's own noise, unless {@code fit-scope} finds that the training rows alone do not reproduce the recorded
 * scores; then it is the honest refit's lift, not the recorded one.
 *
 * @param refitAuc the refit's AUC
 * @param baselineAuc the baseline's AUC
 * @param lift {@code refitAuc - baselineAuc}
 * @param ciLower the lower end of its 95% DeLong interval (paired with scored baselines; from the refit's own variance
 *     for a baseline known only by its AUC)
 * @param ciUpper the upper end
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record RefitLift(double refitAuc, double baselineAuc, double lift, double ciLower, double ciUpper) {}
