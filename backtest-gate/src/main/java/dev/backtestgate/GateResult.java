package dev.backtestgate;

import dev.backtestgate.review.SignOffStatus;
import java.time.LocalDate;
import java.util.List;

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
 * @param waivedFeatures features whose point-in-time violation a sign-off waived
 * @param run facts about the run
 * @param policy the limits applied
 * @param evaluatedOn the date used for expiry checks
 */
public record GateResult(
    String gateId,
    Verdict verdict,
    List<Finding> findings,
    List<Finding> unresolved,
    Comparison comparison,
    String fingerprint,
    SignOffStatus signOff,
    List<String> waivedFeatures,
    RunSummary run,
    GatePolicy policy,
    LocalDate evaluatedOn) {

  /** Copies the lists. */
  public GateResult {
    findings = List.copyOf(findings);
    unresolved = List.copyOf(unresolved);
    waivedFeatures = List.copyOf(waivedFeatures);
  }

  /** True when some finding needs a reviewer's sign-off (covered or not). */
  public boolean needsSignOff() {
    return findings.stream().anyMatch(f -> f.signOffCan().needsReviewer());
  }
}
