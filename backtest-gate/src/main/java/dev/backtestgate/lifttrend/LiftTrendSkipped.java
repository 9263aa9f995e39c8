package dev.backtestgate.lifttrend;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Kind {@code lift-trend}, a warning: the lift could not be compared over time (all decisions in one period, fewer
 * than 2 periods with enough rows of each class, a baseline given only as an AUC number). It never fails the gate,
 * and says so, so that an untested trend is never mistaken for a stable one.
 *
 * @param reason why the trend was not tested
 * @param periods the periods, as far as they were measured (empty when the rows were not split)
 * @param settings the settings in force
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftTrendSkipped(String reason, List<PeriodLift> periods, LiftTrendSettings settings)
    implements Finding {
  /** Checks and copies. */
  public LiftTrendSkipped {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(settings, "settings");
    periods = List.copyOf(periods);
  }

  @Override
  public String kind() {
    return LiftTrendFinding.KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    List<String> lines = new ArrayList<>();
    lines.add("The lift over time was not tested: " + reason + ". A warning only; the lift-trend check cannot see a "
        + "backfill's signature in this run.");
    lines.addAll(PeriodTable.lines(periods, settings.minClass(), ""));
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("reason", reason);
    evidence.put("settings", PeriodTable.settings(settings));
    evidence.put("periods", PeriodTable.evidence(periods));
    return new Rendering("The lift over time was not tested: " + reason + ".", lines, "", "", evidence, "",
        PeriodTable.table(fmt("Rows per %s period", settings.periods().configValue()), periods, settings.minClass(),
            "", periods.size()));
  }
}
