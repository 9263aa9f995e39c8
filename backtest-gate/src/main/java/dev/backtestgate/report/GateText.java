package dev.backtestgate.report;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.time.PointInTimeViolation;
import java.util.ArrayList;
import java.util.List;

/**
 * The console text of a gate result, written for a tired on-call engineer: the headline first (what was
 * found), then why it matters, then numbered next steps with absolute paths and the setting to change.
 *
 * <pre>{@code
 * String text = GateText.render(published);
 * }</pre>
 */
public final class GateText {
  private GateText() {}

  /** The text for a published gate. */
  public static String render(PublishedGate gate) {
    GateResult r = gate.result();
    StringBuilder out = new StringBuilder();
    out.append("Leakage gate ").append(GateWording.headline(r.verdict())).append(": ").append(r.gateId())
        .append('\n');
    for (Finding f : r.findings()) {
      if (f instanceof Finding.LiftAboveLimit lift) {
        out.append(GateWording.liftAgainstLimit(r.comparison(), lift.maxLift(), true)).append('\n');
      } else if (f instanceof Finding.PerfectCandidate) {
        out.append(GateWording.perfectCandidate(r.run().candidate())).append('\n');
      } else if (f instanceof Finding.PointInTime pit) {
        out.append(pointInTime(pit.violation(), r.waivedFeatures().contains(pit.violation().feature())));
      } else {
        List<String> lines = GateWording.describe(f, r.run().candidate());
        out.append(lines.get(0)).append('\n');
        lines.subList(1, lines.size()).forEach(line -> out.append("  - ").append(line).append('\n'));
      }
    }
    if (r.findings().stream().noneMatch(f -> f instanceof Finding.LiftAboveLimit) && r.comparison() != null) {
      out.append(GateWording.liftAgainstLimit(r.comparison(), r.policy().maxLift(), false)).append('\n');
    }
    if (r.findings().stream().anyMatch(f -> f instanceof Finding.PointInTime pit
        && !r.waivedFeatures().contains(pit.violation().feature()))) {
      out.append(GateWording.PIT_WHY).append('\n');
    }
    guidance(NextSteps.of(gate), out);
    return out.toString();
  }

  private static String pointInTime(PointInTimeViolation v, boolean waived) {
    List<String> examples = new ArrayList<>();
    for (PointInTimeViolation.ExampleRow e : v.examples()) {
      examples.add(GateWording.exampleRow(e));
    }
    return GateWording.pointInTime(v, waived) + "\n  e.g. " + String.join("\n       ", examples) + '\n';
  }

  private static void guidance(NextSteps.Guidance g, StringBuilder out) {
    if (!g.lead().isEmpty()) {
      out.append(g.lead()).append('\n');
    }
    if (g.quote() != null) {
      out.append("  \"").append(g.quote()).append("\"\n");
    }
    if (g.close() != null) {
      out.append(g.close()).append('\n');
    }
    for (int i = 0; i < g.steps().size(); i++) {
      out.append("  ").append(i + 1).append(". ").append(g.steps().get(i)).append('\n');
    }
  }
}
