package dev.backtestgate.screen.horizon;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.Setting;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The label-horizon screen of a run with a training set: training labels that resolved after the earliest test
 * decision less the embargo ({@link LabelHorizonFinding}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LabelHorizonChecks implements CheckProvider {
  /** {@code backtestgate.embargo}: an ISO-8601 duration of zero or more, default {@code PT0S}. */
  public static final Setting<java.time.Duration> EMBARGO = Setting.of("backtestgate.embargo", "PT0S",
      "an ISO-8601 duration of zero or more, e.g. PT0S, P7D or P30D", Setting::duration,
      (policy, embargo) -> policy.with(new LabelHorizonSettings(embargo)),
      policy -> policy.settings(LabelHorizonSettings.DEFAULTS).embargo().toString());

  private static final Check LABEL_HORIZON = Check.of("label horizon", c -> c.run().training()
      .flatMap(t -> LabelHorizon.check(t.decisionTimes(), t.labelKnownAt(), c.run().decisionTimes(),
          c.policy().settings(LabelHorizonSettings.DEFAULTS).embargo()))
      .<List<Finding>>map(v -> List.of(new LabelHorizonFinding(v)))
      .orElse(List.of()));

  /** For {@link java.util.ServiceLoader}. */
  public LabelHorizonChecks() {}

  @Override
  public int order() {
    return 400;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return List.of(LABEL_HORIZON);
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(EMBARGO);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(LabelHorizonFinding.KIND, "Training labels resolved inside the test period",
        "The model trained on outcomes that were not known before the test period started."));
  }
}
