package dev.backtestgate.report;

import dev.backtestgate.Comparison;
import dev.backtestgate.GateResult;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import java.util.List;

/**
 * The pending sign-off for a result: every measured field filled in from the run, and the human parts
 * (decision, reviewer, dates, rationale, checklist, waivers) left empty for the reviewer.
 *
 * <pre>{@code
 * SignOff pending = PendingSignOffs.from(result);
 * String text = SignOffJson.write(pending);
 * }</pre>
 */
final class PendingSignOffs {
  private PendingSignOffs() {}

  /** The pending sign-off for {@code result}. */
  static SignOff from(GateResult result) {
    Comparison c = result.comparison();
    SignOff.Reviewed reviewed = new SignOff.Reviewed(
        result.run().candidate(),
        result.run().baseline(),
        c == null ? 0 : c.candidateAuc(),
        c == null ? 0 : c.baselineAuc(),
        c == null ? 0 : c.lift(),
        c == null ? List.of(0.0, 0.0) : List.of(c.ciLower(), c.ciUpper()),
        result.run().rows(),
        result.run().positives(),
        result.run().features(),
        result.findings().stream().flatMap(f -> f.liftCarried().stream()).toList());
    return new SignOff(SignOff.SCHEMA, result.gateId(), result.fingerprint(), reviewed, Decision.UNDECIDED, "",
        null, null, "", SignOff.Checklist.unchecked(), List.of());
  }
}
