package dev.backtestgate.tripwire;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.claim.Claim;
import org.apiguardian.api.API;

/**
 * The console text of one look, as the gate's: a headline, what was measured, why it matters, the next steps.
 *
 * <pre>{@code
 * System.out.print(TripwireText.render(claim, Tripwire.check(claim, outcomes, now, settings)));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class TripwireText {
  private TripwireText() {}

  /**
   * The text of {@code result}, the look at {@code claim}, ending in a newline; when the claim's lift was the best of
   * several trials, a last line reads production's decisions as fresh rows ({@link FreshRows}).
   */
  public static String render(Claim claim, TripwireResult result) {
    String gate = claim.gate();
    StringBuilder out = new StringBuilder();
    if (result instanceof TripwireResult.Held held) {
      Measurement m = held.measurement();
      out.append("Tripwire held: ").append(gate).append('\n');
      out.append(fmt("Production's %s %.3f against the claimed %.3f (gap %+.3f, z = %.2f, always-valid boundary "
          + "%.2f at alpha %s, min gap %s) on %d matured decisions (%d positive, %d negative); %d not matured yet, "
          + "left out.", m.statistic().words(), m.live(), m.claimed(), m.gap(), m.z(), m.boundary(),
          m.settings().alpha(), m.settings().minGap(), m.matured(), m.positives(), m.negatives(), m.immature()))
          .append('\n');
      if (!m.noLiftReason().isEmpty()) {
        out.append("Only the candidate's AUC was compared (").append(m.noLiftReason()).append("): drift and "
            + "leakage would look the same here.\n");
      }
    } else if (result instanceof TripwireResult.Tripped tripped) {
      finding(out.append("Tripwire TRIPPED: ").append(gate).append('\n'), tripped.finding());
    } else if (result instanceof TripwireResult.Unchecked unchecked) {
      finding(out.append("Tripwire not checked yet: ").append(gate).append('\n'), unchecked.finding());
    }
    FreshRows.of(claim, result).ifPresent(f -> out.append(f.text()).append('\n'));
    return out.toString();
  }

  private static void finding(StringBuilder out, Finding finding) {
    Finding.Rendering r = finding.render();
    r.lines().forEach(line -> out.append(line).append('\n'));
    if (!r.why().isEmpty()) {
      out.append(r.why()).append('\n');
    }
    if (!r.fix().isEmpty()) {
      out.append("Next steps:\n  1. ").append(r.fix()).append('\n');
    }
  }
}
