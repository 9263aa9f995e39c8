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

  /** {@link #approved()} embedding the claim of the run it reviewed. */
  static SignOff approvedWithClaim() {
    SignOff a = approved();
    SignOff.Reviewed r = a.reviewed();
    dev.backtestgate.claim.Claim claim = new dev.backtestgate.claim.Claim(GATE, FINGERPRINT,
        java.time.Instant.parse("2026-01-01T00:00:00Z"), java.time.Instant.parse("2026-06-30T00:00:00Z"),
        r.candidate(), r.baseline(), r.candidateAuc(), r.baselineAuc(),
        new dev.backtestgate.claim.Claim.Variances(0.00004, 0.00005, 0.00002),
        dev.backtestgate.Comparison.Interval.PAIRED_DELONG, r.lift(), r.liftCi().get(0), r.liftCi().get(1), 0.95,
        r.rows(), r.positives(), null, List.of(), r.features(), List.of());
    return a.withClaim(dev.backtestgate.claim.ClaimJson.write(claim));
  }

  static String approvedText() {
    return SignOffJson.write(approved());
  }
}
