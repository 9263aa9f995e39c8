package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Registers the tripwire's configuration keys with the gate's configuration, and nothing else. The tripwire is not
 * a check of a backtest (it runs later, on production's outcomes), so this provider adds no check to a run; it is a
 * provider because the provider's settings are how a key becomes known everywhere the gate reads configuration:
 * read from the same sources as every key (system properties, {@code junit-platform.properties}), listed by
 * {@code GateConfig.keys()} and in the reports' settings in force, and a misspelled key named with the one meant.
 * The values are kept in the policy ({@link TripwireSettings#of(GatePolicy)}); no gate check reads them.
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class TripwireKeys implements CheckProvider {
  /** {@code backtestgate.tripwire-alpha}: the false-alarm rate over every look, in (0, 0.5], default 0.01. */
  public static final Setting<Double> ALPHA = Setting.of(TripwireSettings.ALPHA, "0.01", TripwireSettings.ALPHA_WORDS,
      text -> Setting.decimal(text, v -> v > 0 && v <= 0.5),
      (policy, v) -> policy.with(policy.settings(TripwireSettings.defaults()).withAlpha(v)),
      policy -> Setting.text(policy.settings(TripwireSettings.defaults()).alpha()));
  /** {@code backtestgate.tripwire-min-gap}: the gap that matters, in [0, 1), default 0.03. */
  public static final Setting<Double> MIN_GAP = Setting.of(TripwireSettings.MIN_GAP, "0.03",
      TripwireSettings.MIN_GAP_WORDS, text -> Setting.decimal(text, v -> v >= 0 && v < 1),
      (policy, v) -> policy.with(policy.settings(TripwireSettings.defaults()).withMinGap(v)),
      policy -> Setting.text(policy.settings(TripwireSettings.defaults()).minGap()));

  /** The tripwire's findings stand after every gate check's; it adds none to a run. */
  @Override
  public int order() {
    return 900;
  }

  /** None: the tripwire judges production, not a backtest run. */
  @Override
  public List<? extends Check> checks(BacktestRun run) {
    return List.of();
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(ALPHA, MIN_GAP);
  }
}
