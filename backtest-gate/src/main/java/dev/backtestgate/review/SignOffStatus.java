package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.STABLE;


import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Whether a committed sign-off covers a run, and if not, exactly why not. Each way of not covering has
 * its own type, so messages and tests can name it.
 *
 * <pre>{@code
 * SignOffStatus status = SignOffRules.assess(store, gateId, fingerprint, lift, tolerance, today);
 * if (status instanceof SignOffStatus.Stale stale) System.out.println("data changed since " + stale.file());
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public sealed interface SignOffStatus {

  /** The sign-off file this status is about (it may not exist). */
  Path file();

  /** True when the file fails the gate whatever the findings: a reviewer rejected it, or it is unreadable. */
  default boolean failsOnItsOwn() {
    return this instanceof Rejected || this instanceof Malformed;
  }

  /**
   * The status as reports name it: {@code missing}, {@code covers}, {@code malformed}, {@code wrong-gate},
   * {@code rejected}, {@code undecided}, {@code incomplete}, {@code stale}, {@code voided}, {@code expired} or
   * {@code lift-grew}.
   */
  default String label() {
    if (this instanceof Missing) {
      return "missing";
    }
    if (this instanceof Covers) {
      return "covers";
    }
    if (this instanceof Malformed) {
      return "malformed";
    }
    if (this instanceof WrongGate) {
      return "wrong-gate";
    }
    if (this instanceof Rejected) {
      return "rejected";
    }
    if (this instanceof Undecided) {
      return "undecided";
    }
    if (this instanceof Incomplete) {
      return "incomplete";
    }
    if (this instanceof Stale) {
      return "stale";
    }
    if (this instanceof Voided) {
      return "voided";
    }
    return this instanceof Expired ? "expired" : "lift-grew";
  }

  /** True only for {@link Covers}. */
  default boolean covers() {
    return this instanceof Covers;
  }

  /** No sign-off file exists for this gate. */
  record Missing(Path file) implements SignOffStatus {}

  /** A valid, approved, current sign-off. */
  record Covers(Path file, SignOff signOff) implements SignOffStatus {}

  /** The file could not be read. */
  record Malformed(Path file, String jsonPath, String problem) implements SignOffStatus {}

  /** The file was written for another gate (copied to the wrong name). */
  record WrongGate(Path file, String fileGate, String runGate) implements SignOffStatus {}

  /** A reviewer rejected the result: the gate fails whatever else holds. */
  record Rejected(Path file, String reviewer, String rationale) implements SignOffStatus {}

  /** Nobody decided yet: the file is still the pending template. */
  record Undecided(Path file) implements SignOffStatus {}

  /** Required fields are empty or checklist items not attested. */
  record Incomplete(Path file, List<String> missing) implements SignOffStatus {
    /** Copies the list. */
    public Incomplete {
      missing = List.copyOf(missing);
    }
  }

  /** The data or the feature set changed since the review. */
  record Stale(Path file, String reviewedFingerprint, String currentFingerprint) implements SignOffStatus {}

  /**
   * A committed void record withdrew this sign-off: the history of a table the backtest declares was rewritten
   * in partitions it read, so the review no longer covers it and is made again.
   *
   * @param file the sign-off file
   * @param reason {@code history of <table> rewritten in <partitions>, see <change record>}
   * @param voidRecord the void record that withdrew it
   */
  record Voided(Path file, String reason, Path voidRecord) implements SignOffStatus {}

  /** The review's expiry date has passed. */
  record Expired(Path file, LocalDate expiresOn, LocalDate today) implements SignOffStatus {}

  /** The lift grew beyond what was reviewed plus the tolerance. */
  record LiftGrew(Path file, double reviewedLift, double currentLift, double tolerance) implements SignOffStatus {}
}
