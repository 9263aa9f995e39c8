package dev.backtestgate.lifttrend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckContext;
import dev.backtestgate.ComparingCheck;
import dev.backtestgate.EvidencePart;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
      refusing(LiftTrendSettings::periods), (policy, v) -> policy.with(settings(policy).withPeriods(v)),
      inForce(LiftTrendSettings.PERIODS));
  /** {@code backtestgate.lift-period-min-class}: rows of each class a period needs, default 30. */
  public static final Setting<Integer> MIN_CLASS = Setting.of(LiftTrendSettings.MIN_CLASS,
      LiftTrendSettings.DEFAULTS.get(LiftTrendSettings.MIN_CLASS), "a whole number of at least 2, e.g. 30",
      refusing(LiftTrendSettings::minClass), (policy, v) -> policy.with(settings(policy).withMinClass(v)),
      inForce(LiftTrendSettings.MIN_CLASS));
  /** {@code backtestgate.lift-trend-alpha}: the false-alarm rate, in (0, 0.5], default 0.01. */
  public static final Setting<Double> ALPHA = Setting.of(LiftTrendSettings.ALPHA,
      LiftTrendSettings.DEFAULTS.get(LiftTrendSettings.ALPHA), "a decimal number above 0 and at most 0.5, e.g. 0.01",
      text -> Setting.decimal(text, v -> v > 0 && v <= 0.5),
      (policy, v) -> policy.with(settings(policy).withAlpha(v)), inForce(LiftTrendSettings.ALPHA));
  /** {@code backtestgate.lift-trend-min-step}: the smallest fall of the lift that fails, default 0.03. */
  public static final Setting<Double> MIN_STEP = Setting.of(LiftTrendSettings.MIN_STEP,
      LiftTrendSettings.DEFAULTS.get(LiftTrendSettings.MIN_STEP),
      "a decimal number of at least 0 and below 1, e.g. 0.03", text -> Setting.decimal(text, v -> v >= 0 && v < 1),
      (policy, v) -> policy.with(settings(policy).withMinStep(v)), inForce(LiftTrendSettings.MIN_STEP));

  /** For {@link java.util.ServiceLoader}. */
  public LiftTrendChecks() {}

  @Override
  public int order() {
    return 750;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return List.of(new TrendCheck());
  }

  /** The run's lift trend, when its baseline is scored. */
  @Override
  public List<EvidencePart<?>> evidence(CheckContext context) {
    return new LiftTrendCheck(settings(context.policy())).measure(context).<List<EvidencePart<?>>>map(List::of)
        .orElse(List.of());
  }

  /**
   * The trend's findings; a warning when the evidence carries none, and a {@code check-failed} when it was measured
   * at another confidence level than the policy's (under other settings: the gate's own rule,
   * {@link LiftTrend#computedUnder()}).
   */
  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {
    Optional<LiftTrend> part = evidence.part(LiftTrend.class);
    if (part.isEmpty()) {
      return List.of(new LiftTrendSkipped("the evidence carries no lift trend, so the lift per decision-time period "
          + "was not checked: add it with evidence.with(trend) (SparkGateEvidence computes it)", List.of(),
          settings(policy)));
    }
    LiftTrend trend = part.get();
    List<Finding> found = new ArrayList<>();
    trend.periods().stream().flatMap(p -> p.comparison().stream()).findFirst().ifPresent(c -> {
      if (Double.compare(c.confidenceLevel(), policy.confidence()) != 0) {
        found.add(new Finding.CheckFailed("evidence", "the evidence's lift per period was computed at confidence "
            + c.confidenceLevel() + " but the gate's policy uses " + policy.confidence() + " (backtestgate."
            + "confidence): measure it at " + policy.confidence() + "."));
      }
    });
    found.addAll(LiftTrendCheck.findings(trend, policy.maxLift()));
    return found;
  }

  /**
   * The lift-trend check of one run. Asked first by the gate ({@link #allRows}), it measures the trend in the pass
   * that also compares all rows; that pass is kept with the run, so the check's findings (and a report's claim)
   * reuse it under the same settings and confidence level.
   */
  private static final class TrendCheck implements ComparingCheck {
    @Override
    public String name() {
      return "lift trend";
    }

    @Override
    public Optional<AucComparison> allRows(BacktestRun run, GatePolicy policy) {
      try {
        return LiftTrend.measureWithAllRows(run, settings(policy), policy.confidence())
            .flatMap(LiftTrend.WithAllRows::allRows);
      } catch (RuntimeException e) {   // the check measures, and reports, as on its own when it runs
        return Optional.empty();
      }
    }

    @Override
    public List<Finding> run(CheckContext context) {
      return new LiftTrendCheck(settings(context.policy())).run(context);
    }
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

  /** The read-back of {@code key}: the value in force, as {@link LiftTrendSettings#configValues()} writes it. */
  private static java.util.function.Function<GatePolicy, String> inForce(String key) {
    return policy -> settings(policy).configValues().get(key);
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
