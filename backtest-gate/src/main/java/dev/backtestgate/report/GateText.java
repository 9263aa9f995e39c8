package dev.backtestgate.report;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The console text of a gate result, written for a tired on-call engineer: the headline first (what was
 * found), then why it matters, then numbered next steps with absolute paths and the setting to change.
 * Rendering touches no disk: the paths are where {@link GateReporter#plan} says the files go.
 *
 * <pre>{@code
 * String text = GateText.render(GateReporter.plan(result, reportFiles, reviewStore));
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class GateText {
  private GateText() {}

  /** The text for a planned or published gate. */
  public static String render(PublishedGate gate) {
    GateResult r = gate.result();
    StringBuilder out = new StringBuilder();
    out.append("Leakage gate ").append(GateWording.headline(r.verdict())).append(": ").append(r.gateId())
        .append('\n');
    Set<String> whys = new LinkedHashSet<>();
    for (Finding f : r.findings()) {
      Finding.Rendering rendering = f.render();
      rendering.lines().forEach(line -> out.append(line).append('\n'));
      if (r.isWaived(f)) {
        out.append("  (waived by the leakage review)\n");
      } else if (!rendering.why().isEmpty() && r.unresolved().contains(f)) {
        whys.add(rendering.why());
      }
    }
    if (!GateWording.liftAbove(r) && r.comparison() != null) {
      out.append(GateWording.liftWithinLimit(r.comparison(), r.policy().maxLift())).append('\n');
    }
    whys.forEach(why -> out.append(why).append('\n'));
    NextSteps.Guidance g = NextSteps.of(gate);
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
    return out.toString();
  }
}
