package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;


import dev.backtestgate.review.SignOffStatus;
import java.time.LocalDate;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Everything the gate decided about one run, and why.
 *
 * <pre>{@code
 * GateResult r = BacktestGate.evaluate(run, GatePolicy.defaults(), store, Clock.systemUTC());
 * if (!r.verdict().passed()) r.unresolved().forEach(System.out::println);
 * }</pre>
 *
 * @param gateId the gate
 * @param verdict passed, passed with sign-off, or failed
 * @param findings everything found, resolved or not
 * @param unresolved the findings that fail the gate (not covered by a sign-off)
 * @param comparison the AUCs, lift and interval ({@code null} only if they could not be computed)
 * @param fingerprint the data fingerprint a sign-off must carry
 * @param signOff what the committed sign-off file says about this run
 * @param waived the findings a sign-off waived by kind and subject
 * @param run facts about the run
 * @param policy the limits applied
 * @param evaluatedOn the date used for expiry checks
 */
@API(status = STABLE, since = "0.1")
public record GateResult(
    String gateId,
    Verdict verdict,
    List<Finding> findings,
    List<Finding> unresolved,
    Comparison comparison,
    String fingerprint,
    SignOffStatus signOff,
    List<Finding> waived,
    RunSummary run,
    GatePolicy policy,
    LocalDate evaluatedOn) {

  /** Copies the lists. */
  public GateResult {
    findings = List.copyOf(findings);
    unresolved = List.copyOf(unresolved);
    waived = List.copyOf(waived);
  }

  /** True when some finding needs a reviewer's sign-off (covered or not). */
  public boolean needsSignOff() {
    return findings.stream().anyMatch(f -> f.resolution().needsReviewer());
  }

  /** True when a sign-off waived {@code finding}. */
  public boolean isWaived(Finding finding) {
    return waived.contains(finding);
  }

  /** The effective mode of this evaluation: the policy's, with {@code auto} resolved by the caller. */
  public Mode mode() {
    return policy.mode();
  }
}
