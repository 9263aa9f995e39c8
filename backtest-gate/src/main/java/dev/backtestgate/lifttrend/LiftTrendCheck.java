package dev.backtestgate.lifttrend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Check;
import dev.backtestgate.CheckContext;
import dev.backtestgate.Finding;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The {@code lift-trend} check: the paired lift per decision-time period, and a failing {@link LiftTrendFinding} when
 * it falls toward the present (see {@link LiftTrend}); a {@link LiftTrendSkipped} warning when it cannot be tested.
 * Per-period intervals use the policy's confidence level.
 *
 * <pre>{@code
 * Check check = new LiftTrendCheck(LiftTrendSettings.parse(configuration));
 * }</pre>
 *
 * @param settings the periods, minimum class size, alpha and minimum step
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftTrendCheck(LiftTrendSettings settings) implements Check {
  /** Checks. */
  public LiftTrendCheck {
    Objects.requireNonNull(settings, "settings");
  }

  @Override
  public String name() {
    return "lift trend";
  }

  /**
   * The trend of {@code context}'s run, or empty when its baseline is only an AUC number.
   *
   * @throws IllegalArgumentException when the periods are more than {@link LiftTrendSettings#MAX_PERIODS}
   */
  public Optional<LiftTrend> measure(CheckContext context) {
    return LiftTrend.measureWithAllRows(context.run(), settings, context.policy().confidence())
        .map(LiftTrend.WithAllRows::trend);
  }

  @Override
  public List<Finding> run(CheckContext context) {
    Optional<LiftTrend> measured = measure(context);
    if (measured.isEmpty()) {
      return List.of(new LiftTrendSkipped("the baseline is an AUC number, not scores, and a lift per period needs "
          + "the baseline's scores on each period's rows", List.of(), settings));
    }
    return findings(measured.get(), context.policy().maxLift());
  }

  /**
   * What a measured trend finds, wherever it was measured (in memory, or by another engine from the same sums): a
   * {@link LiftTrendFinding} when it fails, a {@link LiftTrendSkipped} warning when it was not tested, else nothing.
   */
  public static List<Finding> findings(LiftTrend trend) {
    return findings(trend, Double.NaN);
  }

  /** {@link #findings(LiftTrend)}, the chart drawing {@code maxLift} as the limit. */
  public static List<Finding> findings(LiftTrend trend, double maxLift) {
    if (!trend.tested()) {   // a window too short to compare over time: nothing to say in a finding
      return trend.periods().size() < LiftTrend.MIN_MEASURED ? List.of()
          : List.of(new LiftTrendSkipped(trend.untested(), trend.periods(), trend.settings()));
    }
    return trend.fails() ? List.of(new LiftTrendFinding(trend, maxLift)) : List.of();
  }
}
