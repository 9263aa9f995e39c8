package dev.backtestgate.report;

import dev.backtestgate.Comparison;
import dev.backtestgate.GateResult;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import java.util.List;
import java.util.Optional;

/**
 * The pending sign-off for a result: every measured field filled in from the run (the trials the ledger counted
 * included), the run's claim embedded, and the human parts (decision, reviewer, dates, rationale, checklist, waivers)
 * left empty for the reviewer.
 *
 * <pre>{@code
 * SignOff pending = PendingSignOffs.from(result, claim, trials);
 * String text = SignOffJson.write(pending);
 * }</pre>
 */
final class PendingSignOffs {
  private PendingSignOffs() {}

  /**
   * The pending sign-off for {@code result}, embedding {@code claim} (the report's, when the run has one) and
   * recording {@code trials}.
   */
  static SignOff from(GateResult result, Optional<Claim> claim, SignOff.Trials trials) {
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
        result.findings().stream().flatMap(f -> f.liftCarried().stream()).toList(),
        trials);
    return new SignOff(SignOff.SCHEMA, result.gateId(), result.fingerprint(), reviewed, Decision.UNDECIDED, "",
        null, null, "", SignOff.Checklist.unchecked(), List.of(), claim.map(ClaimJson::write).orElse(null));
  }
}
