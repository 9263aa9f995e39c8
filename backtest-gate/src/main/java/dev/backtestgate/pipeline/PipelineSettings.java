package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * The pipeline checks' settings: how long their refits may take in all ({@code backtestgate.pipeline-budget},
 * default 10 minutes), and the share of a lift above the limit one feature may carry before the gate says so as a
 * {@code lift-carrier} finding ({@code backtestgate.lift-carrier-share}, default 0.5).
 *
 * <pre>{@code
 * GatePolicy policy = GatePolicy.defaults().with(PipelineSettings.DEFAULTS.budget(Duration.ofMinutes(2)));
 * }</pre>
 *
 * @param budget the wall time all refits of one run may take, more than zero
 * @param carrierShare the largest share of the lift one feature may carry, in (0, 1]
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record PipelineSettings(Duration budget, double carrierShare) implements CheckSettings {
  /** 10 minutes, 0.5. */
  public static final PipelineSettings DEFAULTS = new PipelineSettings(Duration.ofMinutes(10), 0.5);

  /**
   * Checks.
   *
   * @throws IllegalArgumentException on a budget of zero or less, or a share outside (0, 1]
   */
  public PipelineSettings {
    if (budget == null || budget.isZero() || budget.isNegative()) {
      throw new IllegalArgumentException("the pipeline budget must be more than zero, got " + budget
          + ": the refits need time to run (default PT10M)");
    }
    if (!(carrierShare > 0 && carrierShare <= 1)) {
      throw new IllegalArgumentException("the lift-carrier share must be in (0, 1], got " + carrierShare
          + " (default 0.5)");
    }
  }

  /** These settings with another budget. */
  public PipelineSettings budget(Duration budget) {
    return new PipelineSettings(budget, carrierShare);
  }

  /** These settings with another carrier share. */
  public PipelineSettings carrierShare(double share) {
    return new PipelineSettings(budget, share);
  }
}
