package dev.backtestgate.screen.horizon;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.screen.horizon.LabelHorizonViolation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Kind {@code label-horizon}: training labels resolved after the earliest test decision less the embargo, so the
 * model learned outcomes from inside the period it is tested on. Fails the gate unless a sign-off waives kind
 * {@code label-horizon} (subject {@code ""}) with a reason.
 *
 * <pre>{@code
 * result.findings().stream()
 *     .filter(f -> f instanceof LabelHorizonFinding)
 *     .forEach(f -> System.out.println(f.render().headline()));
 * }</pre>
 *
 * @param violation the evidence: rows affected, the latest resolution, the overlap, example rows
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabelHorizonFinding(LabelHorizonViolation violation) implements Finding {
  /** The kind. */
  public static final String KIND = "label-horizon";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.WAIVER;
  }

  @Override
  public Rendering render() {
    LabelHorizonViolation v = violation;
    String cutoff = v.embargo().isZero() ? "the earliest test decision " + v.earliestTestDecision()
        : v.cutoff() + " (the earliest test decision " + v.earliestTestDecision() + " less the embargo "
            + Wording.duration(v.embargo()) + ")";
    List<String> lines = new ArrayList<>();
    boolean embargo = !v.embargo().isZero();
    lines.add(fmt("Training labels resolved %s: %,d of %,d training rows (%s) had their label "
        + "known after %s; the latest resolved %s, %s past it.", embargo ? "too close to the test period"
            : "inside the test period", v.rowsAffected(), v.trainingRows(),
        Wording.percent(v.share()), cutoff, v.latestResolution(), Wording.duration(v.overlap())));
    List<Map<String, Object>> examples = new ArrayList<>();
    for (int i = 0; i < v.examples().size(); i++) {
      LabelHorizonViolation.ExampleRow e = v.examples().get(i);
      lines.add((i == 0 ? "  e.g. " : "       ") + fmt("training row %d decided %s, label known %s", e.row(),
          e.decisionTime(), e.labelKnownAt()));
      Map<String, Object> example = new LinkedHashMap<>();
      example.put("row", e.row());
      example.put("decisionTime", e.decisionTime().toString());
      example.put("labelKnownAt", e.labelKnownAt().toString());
      examples.add(example);
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("trainingRows", v.trainingRows());
    evidence.put("rowsAffected", v.rowsAffected());
    evidence.put("share", v.share());
    evidence.put("earliestTestDecision", v.earliestTestDecision().toString());
    evidence.put("embargo", v.embargo().toString());
    evidence.put("cutoff", v.cutoff().toString());
    evidence.put("latestResolution", v.latestResolution().toString());
    evidence.put("overlap", v.overlap().toString());
    evidence.put("examples", examples);
    String headline = embargo
        ? fmt("%,d training labels resolved later than %s before the test period, up to %s past that cutoff.",
            v.rowsAffected(), Wording.duration(v.embargo()), Wording.duration(v.overlap()))
        : fmt("%,d training labels resolved after the test period began, up to %s past its start.",
            v.rowsAffected(), Wording.duration(v.overlap()));
    return new Rendering(headline, lines,
        "A model trained on outcomes that resolved during its test period has learned from the period it is "
            + "judged on: its backtest score is not evidence.",
        "End the training window earlier, so that every training label resolves by " + v.cutoff() + " (for a "
            + "90-day outcome: the last training decision at least 90 days before that), or start the test "
            + "period later; backtestgate.embargo widens the gap.", evidence);
  }
}
