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
            List.of("balance", "status")),
        Decision.APPROVED, "ana@acme.com", LocalDate.parse("2026-11-30"), LocalDate.parse("2027-02-28"),
        "New bureau data explains the lift; checked join keys and label windows.",
        new SignOff.Checklist(true, true, true, true, true),
        List.of(new SignOff.Waiver("point-in-time", "status", "knownAt is the warehouse load time, a day after the event")));
  }

  static String approvedText() {
    return SignOffJson.write(approved());
  }
}
