package dev.backtestgate.lifttrend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import java.util.List;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * The lift-trend check of every run: the lift per decision-time period, a change point and a trend toward the
 * present ({@link LiftTrendCheck}), with its four configuration keys.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LiftTrendChecks implements CheckProvider {
  /** {@code backtestgate.lift-periods}: month (default), week, quarter or an ISO-8601 duration. */
  public static final Setting<LiftPeriods> PERIODS = Setting.of(LiftTrendSettings.PERIODS,
      LiftTrendSettings.DEFAULTS.get(LiftTrendSettings.PERIODS), LiftPeriods.ALLOWED,
      refusing(LiftTrendSettings::periods), (policy, v) -> policy.with(settings(policy).withPeriods(v)));
  /** {@code backtestgate.lift-period-min-class}: rows of each class a period needs, default 30. */
  public static final Setting<Integer> MIN_CLASS = Setting.of(LiftTrendSettings.MIN_CLASS,
      LiftTrendSettings.DEFAULTS.get(LiftTrendSettings.MIN_CLASS), "a whole number of at least 2, e.g. 30",
      refusing(LiftTrendSettings::minClass), (policy, v) -> policy.with(settings(policy).withMinClass(v)));
  /** {@code backtestgate.lift-trend-alpha}: the false-alarm rate, in (0, 0.5], default 0.01. */
  public static final Setting<Double> ALPHA = Setting.of(LiftTrendSettings.ALPHA,
      LiftTrendSettings.DEFAULTS.get(LiftTrendSettings.ALPHA), "a decimal number above 0 and at most 0.5, e.g. 0.01",
      text -> Setting.decimal(text, v -> v > 0 && v <= 0.5),
      (policy, v) -> policy.with(settings(policy).withAlpha(v)));
  /** {@code backtestgate.lift-trend-min-step}: the smallest fall of the lift that fails, default 0.03. */
  public static final Setting<Double> MIN_STEP = Setting.of(LiftTrendSettings.MIN_STEP,
      LiftTrendSettings.DEFAULTS.get(LiftTrendSettings.MIN_STEP),
      "a decimal number of at least 0 and below 1, e.g. 0.03", text -> Setting.decimal(text, v -> v >= 0 && v < 1),
      (policy, v) -> policy.with(settings(policy).withMinStep(v)));

  private static final Check LIFT_TREND = Check.of("lift trend",
      c -> new LiftTrendCheck(settings(c.policy())).run(c));

  /** For {@link java.util.ServiceLoader}. */
  public LiftTrendChecks() {}

  /**
   * Whether {@code check} is this provider's lift-trend check, which {@link #measured} may stand in for.
   */
  @API(status = INTERNAL, since = "0.2")
  public static boolean isLiftTrend(Check check) {
    return check == LIFT_TREND;
  }

  /**
   * The lift-trend check of a run whose trend the gate already measured, on the run's rows under the policy in force
   * ({@code LiftTrend.measureWithAllRows} with the policy's settings and confidence), in the pass that also compared
   * all its rows: the same findings as the check measuring it again.
   */
  @API(status = INTERNAL, since = "0.2")
  public static Check measured(LiftTrend trend) {
    return Check.of("lift trend", c -> LiftTrendCheck.findings(trend, c.policy().maxLift()));
  }

  @Override
  public int order() {
    return 750;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return List.of(LIFT_TREND);
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(PERIODS, MIN_CLASS, ALPHA, MIN_STEP);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(LiftTrendFinding.KIND, "The lift falls over time",
        "The candidate's lift over the baseline is high in the older test periods and drops toward the present: "
            + "the signature of history rewritten in place up to the date of the drop (a backfill), even when the "
            + "average lift is under the limit. Read the per-period lifts in the report; a reviewer signs it off "
            + "when the drift is real."));
  }

  private static LiftTrendSettings settings(GatePolicy policy) {
    return policy.settings(LiftTrendSettings.defaults());
  }

  /** A parser that throws on a bad value, as one that answers null (the configuration names the key). */
  private static <T> Function<String, T> refusing(Function<String, T> parse) {
    return text -> {
      try {
        return parse.apply(text);
      } catch (IllegalArgumentException e) {
        return null;
      }
    };
  }
}
