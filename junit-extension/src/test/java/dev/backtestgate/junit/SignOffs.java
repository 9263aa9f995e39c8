package dev.backtestgate.junit;

import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/**
 * What a reviewer does in the tests: takes the pending sign-off a local run wrote, fills in the human
 * part, and commits it into the review directory. "Today" is the fixed clock every fixture run uses.
 */
final class SignOffs {
  static final String REVIEWER = "ana@example.com";

  private SignOffs() {}

  static LocalDate today() {
    return FixedClock.TODAY;
  }

  /** The pending sign-off at {@code pending}, parsed. */
  static SignOff pending(Path pending) {
    return SignOffJson.parse(GateKit.read(pending), pending);
  }

  /** {@code pending} decided by a reviewer, valid from yesterday until {@code expiresOn}, keeping its claim. */
  static SignOff decided(SignOff pending, Decision decision, String rationale, LocalDate expiresOn,
      List<SignOff.Waiver> waivers) {
    return new SignOff(pending.schema(), pending.gate(), pending.fingerprint(), pending.reviewed(), decision, REVIEWER,
        expiresOn.minusDays(365), expiresOn, rationale, new SignOff.Checklist(true, true, true, true, true), waivers,
        pending.claim());
  }

  /** {@code pending} approved for a year, without waivers. */
  static SignOff approved(SignOff pending) {
    return decided(pending, Decision.APPROVED, "Bureau data explains the lift; join keys checked.",
        today().plusDays(365), List.of());
  }

  /** Writes {@code signOff} where the gate reads it: {@code <reviewDir>/<gate>.json}. */
  static void commit(GateKit kit, SignOff signOff) {
    try {
      java.nio.file.Files.createDirectories(kit.review(signOff.gate()).getParent());
      java.nio.file.Files.writeString(kit.review(signOff.gate()), SignOffJson.write(signOff));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
