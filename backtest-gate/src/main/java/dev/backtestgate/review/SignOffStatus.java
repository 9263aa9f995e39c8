package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.STABLE;


import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apiguardian.api.API;

/**
 * Whether a committed sign-off covers a run, and if not, exactly why not. Each way of not covering has
 * its own type, so messages and tests can name it.
 *
 * <pre>{@code
 * SignOffStatus status = SignOffRules.assess(store, gateId, fingerprint, lift, tolerance, today);
 * System.out.println(status.label() + ": " + status.file());
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public sealed interface SignOffStatus {

  /** The sign-off file this status is about (it may not exist). */
  Path file();

  /**
   * The status as reports name it: {@code missing}, {@code covers}, {@code malformed}, {@code wrong-gate},
   * {@code rejected}, {@code undecided}, {@code incomplete}, {@code stale}, {@code voided}, {@code expired},
   * {@code lift-grew} or {@code trials-grew}.
   */
  String label();

  /** True when the file fails the gate whatever the findings: a reviewer rejected it, or it is unreadable. */
  default boolean failsOnItsOwn() {
    return false;
  }

  /** True only for {@link Rejected}: a reviewer decided against the run, so a fixed run needs a new review. */
  default boolean rejected() {
    return false;
  }

  /** True only for {@link Covers}. */
  default boolean covers() {
    return false;
  }

  /** The approved sign-off that covers the run: present only for {@link Covers}. */
  default Optional<SignOff> approved() {
    return Optional.empty();
  }

  /** False only for {@link Missing}: a file exists to edit in place. */
  default boolean exists() {
    return true;
  }

  /** True when the file is there but unfinished (no decision yet, or fields left empty). */
  default boolean unfinished() {
    return false;
  }

  /**
   * True when the committed file was reviewed on other data than this run's (stale, voided, a lift that grew,
   * another gate's file): its measured part must be taken from this run's evidence.
   */
  default boolean reviewedOtherData() {
    return false;
  }

  /** The lift a reviewer approved, where the file says (a covering or a lift-grew review). */
  default OptionalDouble approvedLift() {
    return OptionalDouble.empty();
  }

  /** Why the file fails the gate on its own, in one sentence; empty when it does not ({@link #failsOnItsOwn}). */
  default String failure() {
    return "";
  }

  /** The status, handed to the visitor's method for its type: what each renderer says of each status. */
  <R> R accept(Visitor<R> visitor);

  /**
   * What to do with each status, one method per type, so that the compiler names the renderer that forgot a new
   * status.
   *
   * @param <R> what the visitor makes of a status
   */
  @API(status = STABLE, since = "0.1")
  interface Visitor<R> {
    /** No file. */
    R missing(Missing status);

    /** A covering review. */
    R covers(Covers status);

    /** An unreadable file. */
    R malformed(Malformed status);

    /** Another gate's file. */
    R wrongGate(WrongGate status);

    /** A rejected review. */
    R rejected(Rejected status);

    /** A review without a decision. */
    R undecided(Undecided status);

    /** A review with empty fields. */
    R incomplete(Incomplete status);

    /** A review of other data. */
    R stale(Stale status);

    /** A review withdrawn by a void record. */
    R voided(Voided status);

    /** An expired review. */
    R expired(Expired status);

    /** A review of a smaller lift. */
    R liftGrew(LiftGrew status);

    /** A review of fewer trials. */
    R trialsGrew(TrialsGrew status);
  }

  /** No sign-off file exists for this gate. */
  record Missing(Path file) implements SignOffStatus {
    @Override
    public String label() {
      return "missing";
    }

    @Override
    public boolean exists() {
      return false;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.missing(this);
    }
  }

  /** A valid, approved, current sign-off. */
  record Covers(Path file, SignOff signOff) implements SignOffStatus {
    @Override
    public String label() {
      return "covers";
    }

    @Override
    public boolean covers() {
      return true;
    }

    @Override
    public Optional<SignOff> approved() {
      return Optional.of(signOff);
    }

    @Override
    public OptionalDouble approvedLift() {
      return OptionalDouble.of(signOff.reviewed().lift());
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.covers(this);
    }
  }

  /** The file could not be read. */
  record Malformed(Path file, String jsonPath, String problem) implements SignOffStatus {
    @Override
    public String label() {
      return "malformed";
    }

    @Override
    public boolean failsOnItsOwn() {
      return true;
    }

    @Override
    public String failure() {
      return "The leakage review file cannot be read: an unreadable review covers nothing.";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.malformed(this);
    }
  }

  /** The file was written for another gate (copied to the wrong name). */
  record WrongGate(Path file, String fileGate, String runGate) implements SignOffStatus {
    @Override
    public String label() {
      return "wrong-gate";
    }

    @Override
    public boolean reviewedOtherData() {
      return true;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.wrongGate(this);
    }
  }

  /** A reviewer rejected the result: the gate fails whatever else holds. */
  record Rejected(Path file, String reviewer, String rationale) implements SignOffStatus {
    @Override
    public String label() {
      return "rejected";
    }

    @Override
    public boolean failsOnItsOwn() {
      return true;
    }

    @Override
    public String failure() {
      return "The leakage review rejected this backtest: that fails the gate whatever the numbers.";
    }

    @Override
    public boolean rejected() {
      return true;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.rejected(this);
    }
  }

  /** Nobody decided yet: the file is still the pending template. */
  record Undecided(Path file) implements SignOffStatus {
    @Override
    public String label() {
      return "undecided";
    }

    @Override
    public boolean unfinished() {
      return true;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.undecided(this);
    }
  }

  /** Required fields are empty or checklist items not attested. */
  record Incomplete(Path file, List<String> missing) implements SignOffStatus {
    /** Copies the list. */
    public Incomplete {
      missing = List.copyOf(missing);
    }

    @Override
    public String label() {
      return "incomplete";
    }

    @Override
    public boolean unfinished() {
      return true;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.incomplete(this);
    }
  }

  /** The data or the feature set changed since the review. */
  record Stale(Path file, String reviewedFingerprint, String currentFingerprint) implements SignOffStatus {
    @Override
    public String label() {
      return "stale";
    }

    @Override
    public boolean reviewedOtherData() {
      return true;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.stale(this);
    }
  }

  /**
   * A committed void record withdrew this sign-off: the history of a table the backtest declares was rewritten
   * in partitions it read, so the review no longer covers it and is made again.
   *
   * @param file the sign-off file
   * @param reason {@code history of <table> rewritten in <partitions>, see <change record>}
   * @param voidRecord the void record that withdrew it
   */
  record Voided(Path file, String reason, Path voidRecord) implements SignOffStatus {
    @Override
    public String label() {
      return "voided";
    }

    @Override
    public boolean reviewedOtherData() {
      return true;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.voided(this);
    }
  }

  /** The review's expiry date has passed. */
  record Expired(Path file, LocalDate expiresOn, LocalDate today) implements SignOffStatus {
    @Override
    public String label() {
      return "expired";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.expired(this);
    }
  }

  /** The lift grew beyond what was reviewed plus the tolerance. */
  record LiftGrew(Path file, double reviewedLift, double currentLift, double tolerance) implements SignOffStatus {
    @Override
    public String label() {
      return "lift-grew";
    }

    @Override
    public boolean reviewedOtherData() {
      return true;
    }

    @Override
    public OptionalDouble approvedLift() {
      return OptionalDouble.of(reviewedLift);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.liftGrew(this);
    }
  }

  /**
   * The run needs the sign-off to cover {@code many-trials}, and the trials ledger now counts more trials on the same
   * test set than the review recorded ({@code reviewed.trials.counted}), or the review recorded no count: the best of
   * more tries was not what the reviewer judged.
   *
   * @param file the sign-off file
   * @param reviewedTrials the trials the review recorded, or {@code null} when it recorded none
   * @param reason why the review recorded none; {@code ""} when it did
   * @param currentTrials the trials the ledger counts now, this run's included
   */
  record TrialsGrew(Path file, Integer reviewedTrials, String reason, int currentTrials) implements SignOffStatus {
    @Override
    public String label() {
      return "trials-grew";
    }

    @Override
    public boolean reviewedOtherData() {
      return true;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.trialsGrew(this);
    }
  }
}
