package dev.backtestgate.tripwire;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Kind {@code offline-online-gap}: production ranks worse than the backtest claimed, beyond the claim's and
 * production's own noise on every look (an always-valid boundary) and by at least
 * {@code backtestgate.tripwire-min-gap}. Leaked future information in the backtest is the suspect; a real change in the
 * population does this too, so the model's owner signs it off or the backtest is fixed.
 *
 * @param gate the gate whose claim production was held to
 * @param measurement what was measured; significant and material
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record OfflineOnlineGap(String gate, Measurement measurement) implements Finding {
  /** The kind. */
  public static final FindingKind KIND = new FindingKind("offline-online-gap", "Production falls short of the "
      + "backtest's claim", "Production's matured outcomes rank worse than the backtest claimed, beyond both samples' "
      + "noise on any look and by at least backtestgate.tripwire-min-gap: leaked future information in the backtest "
      + "is the suspect, a real change in the population the alternative. The model's owner signs it off with the "
      + "reason, or the backtest is fixed and evaluated again.");

  /** Checks. */
  public OfflineOnlineGap {
    Objects.requireNonNull(gate, "gate");
    Objects.requireNonNull(measurement, "measurement");
  }

  @Override
  public String kind() {
    return KIND.kind();
  }

  @Override
  public Resolution resolution() {
    return Resolution.SIGN_OFF;
  }

  @Override
  public Rendering render() {
    Measurement m = measurement;
    String what = m.statistic().words();
    String headline = fmt("Production's %s is %.3f below what backtest '%s' claimed.", what, m.gap(), gate);
    List<String> lines = new ArrayList<>();
    lines.add(headline);
    lines.add(fmt("  claimed %s %.3f (variance %.2e), live %.3f (variance %.2e) on %d matured decisions (%d positive, "
        + "%d negative); %d not matured yet, left out", what, m.claimed(), m.claimedVariance(), m.live(),
        m.liveVariance(), m.matured(), m.positives(), m.negatives(), m.immature()));
    lines.add(fmt("  z = %.2f beyond the always-valid boundary %.2f (alpha %s over every look), gap at least %s",
        m.z(), m.boundary(), m.settings().alpha(), m.settings().minGap()));
    if (!m.noLiftReason().isEmpty()) {
      lines.add("  only the candidate's AUC was compared (" + m.noLiftReason() + "): a drifting population lowers it "
          + "as a leak does, so this gap cannot tell drift from leakage");
    }
    String why = "The backtest's numbers were the reason to ship; a model that ranks worse in production than in its "
        + "backtest most often learned from information its backtest should not have had.";
    String fix = "Trace the gap: check the features that carry the lift and the history of the tables the backtest "
        + "read since the version it read; then fix the backtest and evaluate again, or, if the population changed, "
        + "the model's owner signs the gap off with the reason.";
    return new Rendering(headline, lines, why, fix, evidence(m));
  }

  /** The numbers behind a measurement, for the JSON report. */
  static Map<String, Object> evidence(Measurement m) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("statistic", m.statistic() == Measurement.Statistic.LIFT ? "lift" : "candidate-auc");
    e.put("claimed", m.claimed());
    e.put("live", m.live());
    e.put("gap", m.gap());
    e.put("claimedVariance", m.claimedVariance());
    e.put("liveVariance", m.liveVariance());
    e.put("z", m.z());
    e.put("boundary", m.boundary());
    e.put("alpha", m.settings().alpha());
    e.put("minGap", m.settings().minGap());
    e.put("matured", m.matured());
    e.put("positives", m.positives());
    e.put("negatives", m.negatives());
    e.put("immature", m.immature());
    if (!m.noLiftReason().isEmpty()) {
      e.put("noLiftReason", m.noLiftReason());
    }
    return e;
  }
}
