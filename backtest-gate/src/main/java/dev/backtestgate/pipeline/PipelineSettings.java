package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * The pipeline checks' settings: how long their refits may take in all ({@code backtestgate.pipeline-budget},
 * default 10 minutes), the share of the refit's lift (above the limit) one feature the candidate adds may carry
 * before the gate says so as a {@code lift-carrier} finding ({@code backtestgate.max-feature-lift-share}, default 0.5), and how sure and how large
 * a lean toward the next decision's labels must be to be a {@code time-shifted-labels} finding
 * ({@code backtestgate.time-shift-alpha}, default 0.01; {@code backtestgate.time-shift-min-step}, default 0.05).
 *
 * <pre>{@code
 * GatePolicy policy = GatePolicy.defaults().with(PipelineSettings.DEFAULTS.budget(Duration.ofMinutes(2)));
 * }</pre>
 *
 * @param budget the wall time all refits of one run may take, more than zero
 * @param maxFeatureLiftShare the largest share of the refit's lift one feature the candidate adds may carry, in (0, 1]
 * @param timeShiftAlpha the one-sided level of the time-shift test, in (0, 0.5)
 * @param timeShiftMinStep how far above 0.5 the time-shift AUC must be to fail, in [0, 0.5)
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record PipelineSettings(Duration budget, double maxFeatureLiftShare, double timeShiftAlpha,
    double timeShiftMinStep) implements CheckSettings {
  /** 10 minutes, 0.5, 0.01, 0.05. */
  public static final PipelineSettings DEFAULTS = new PipelineSettings(Duration.ofMinutes(10), 0.5, 0.01, 0.05);

  /**
   * Checks.
   *
   * @throws IllegalArgumentException on a budget of zero or less, or a share, level or step outside its range
   */
  public PipelineSettings {
    if (budget == null || budget.isZero() || budget.isNegative()) {
      throw new IllegalArgumentException("the pipeline budget must be more than zero, got " + budget
          + ": the refits need time to run (default PT10M)");
    }
    if (!(maxFeatureLiftShare > 0 && maxFeatureLiftShare <= 1)) {
      throw new IllegalArgumentException("the largest share of the lift one feature may carry "
          + "(backtestgate.max-feature-lift-share) must be in (0, 1], got " + maxFeatureLiftShare + " (default 0.5)");
    }
    if (!(timeShiftAlpha > 0 && timeShiftAlpha < 0.5)) {
      throw new IllegalArgumentException("the time-shift test's level (backtestgate.time-shift-alpha) must be in "
          + "(0, 0.5), got " + timeShiftAlpha + " (default 0.01)");
    }
    if (!(timeShiftMinStep >= 0 && timeShiftMinStep < 0.5)) {
      throw new IllegalArgumentException("the time-shift test's smallest step (backtestgate.time-shift-min-step) "
          + "must be in [0, 0.5), got " + timeShiftMinStep + " (default 0.05)");
    }
  }

  /** These settings with another budget. */
  public PipelineSettings budget(Duration budget) {
    return new PipelineSettings(budget, maxFeatureLiftShare, timeShiftAlpha, timeShiftMinStep);
  }

  /** These settings with another largest share of the lift per feature. */
  public PipelineSettings maxFeatureLiftShare(double share) {
    return new PipelineSettings(budget, share, timeShiftAlpha, timeShiftMinStep);
  }

  /** These settings with another level of the time-shift test. */
  public PipelineSettings timeShiftAlpha(double alpha) {
    return new PipelineSettings(budget, maxFeatureLiftShare, alpha, timeShiftMinStep);
  }

  /** These settings with another smallest step of the time-shift test. */
  public PipelineSettings timeShiftMinStep(double step) {
    return new PipelineSettings(budget, maxFeatureLiftShare, timeShiftAlpha, step);
  }
}
