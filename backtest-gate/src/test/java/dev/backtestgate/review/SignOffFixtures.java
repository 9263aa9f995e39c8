package dev.backtestgate.review;

import java.time.LocalDate;
import java.util.List;

/** Sign-offs for the review tests. */
final class SignOffFixtures {
  static final String GATE = "com.acme.ChurnBacktest#gbm";
  static final String FINGERPRINT = "sha256-v2:" + "ab".repeat(32);

  private SignOffFixtures() {}

  static SignOff approved() {
    return new SignOff(SignOff.SCHEMA, GATE, FINGERPRINT,
        new SignOff.Reviewed("gbm-v7", "prod-v3", 0.842, 0.713, 0.129, List.of(0.118, 0.14), 50_000, 15_000,
            List.of("balance", "status"), List.of(), SignOff.Trials.counted(3, 0.0004)),
        Decision.APPROVED, "ana@acme.com", LocalDate.parse("2026-11-30"), LocalDate.parse("2027-02-28"),
        "New bureau data explains the lift; checked join keys and label windows.",
        new SignOff.Checklist(true, true, true, true, true),
        List.of(new SignOff.Waiver("point-in-time", "status", "knownAt is the warehouse load time, a day after the event")));
  }

  /**
   * An approved sign-off of a real evaluation embedding its claim ({@code Claim.of}), as the reviewer commands write
   * it: the reviewed numbers and the claim are the same run's.
   */
  static SignOff approvedWithClaim() {
    dev.backtestgate.BacktestRun run = dev.backtestgate.GateFixtures.run(GATE,
        dev.backtestgate.GateFixtures.data(7, 3_000, 1.8, 0.9)).build();
    dev.backtestgate.GateResult result = dev.backtestgate.BacktestGate.evaluate(run,
        dev.backtestgate.GatePolicy.defaults(), ReviewStore.directory(java.nio.file.Path.of("no-reviews-here")),
        dev.backtestgate.GateFixtures.CLOCK);
    dev.backtestgate.Comparison c = result.comparison();
    SignOff a = approved();
    return new SignOff(SignOff.SCHEMA, GATE, result.fingerprint(),
        new SignOff.Reviewed(result.run().candidate(), result.run().baseline(), c.candidateAuc(), c.baselineAuc(),
            c.lift(), List.of(c.ciLower(), c.ciUpper()), result.run().rows(), result.run().positives(),
            result.run().features(), List.of(), SignOff.Trials.counted(3, 0.0004)),
        a.decision(), a.reviewer(), a.reviewedOn(), a.expiresOn(), a.rationale(), a.checklist(), a.waivers(),
        dev.backtestgate.claim.ClaimJson.write(dev.backtestgate.claim.Claim.of(result, run)));
  }

  static String approvedText() {
    return SignOffJson.write(approved());
  }
}
