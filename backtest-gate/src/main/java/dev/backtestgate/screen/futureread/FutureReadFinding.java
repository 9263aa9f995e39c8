package dev.backtestgate.screen.futureread;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.internal.Wording;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A feature function read the future: run again on history cut at the decision time (after the
 * availability lag), it gave other values than the backtest used. Only fixing the function resolves it.
 *
 * @param report the probe's evidence: rows sampled, rows that differ, example rows
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FutureReadFinding(FutureReadReport report) implements Finding {
  /** The kind of this finding. */
  public static final String KIND = "future-read";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String subject() {
    return report.feature();
  }

  @Override
  public Resolution resolution() {
    return Resolution.FIX;
  }

  @Override
  public Rendering render() {
    FutureReadReport r = report;
    String cut = r.availabilityLag().isZero() ? "the decision time"
        : "the decision time minus the availability lag of " + Wording.duration(r.availabilityLag());
    String share = Wording.percent((double) r.differing() / r.sampled());
    List<String> lines = new ArrayList<>();
    lines.add(fmt("Feature '%s' reads the future: run again on history cut at %s, its function gave another "
        + "value in %,d of %,d sampled rows (%s; %,d rows in all).", r.feature(), cut, r.differing(), r.sampled(),
        share, r.rows()));
    List<Map<String, Object>> examples = new ArrayList<>();
    for (int i = 0; i < r.examples().size(); i++) {
      FutureReadReport.Example e = r.examples().get(i);
      lines.add((i == 0 ? "  e.g. " : "       ") + fmt("row %d, entity %d, decided %s: used %s, as of the decision "
          + "%s", e.row(), e.entity(), e.decisionTime(), e.used(), e.asOfDecision()));
      examples.add(Wording.ordered("row", e.row(), "entity", e.entity(), "decisionTime", e.decisionTime().toString(),
          "used", e.used(), "asOfDecision", e.asOfDecision()));
    }
    Map<String, Object> evidence = Wording.ordered("feature", r.feature(), "rows", r.rows(), "sampled", r.sampled(),
        "differing", r.differing(), "availabilityLag", r.availabilityLag().toString(), "tolerance", r.tolerance());
    evidence.put("examples", examples);
    return new Rendering(fmt("Feature '%s' reads the future: %,d of %,d sampled rows differ as of their decision "
        + "time.", r.feature(), r.differing(), r.sampled()), lines, "A feature computed with events recorded or "
        + "valid after the decision shows the model the answers: its backtest score is not evidence, and no "
        + "sign-off can make it so.", "Make the feature function of '" + r.feature() + "' read only events with "
        + "validFrom and recordedAt at or before the decision time minus backtestgate.availability-lag (read "
        + "history.asOf(t - lag), or join with PointInTimeJoin), recompute the feature and retrain.", evidence);
  }
}
