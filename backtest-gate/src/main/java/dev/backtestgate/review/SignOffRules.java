package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.INTERNAL;


import dev.backtestgate.internal.BoundedFiles;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import org.apiguardian.api.API;

/**
 * The coverage rules of a sign-off (docs/sign-off-format.md). A sign-off covers a run only if, checked in
 * this order: the gate matches; the decision is not rejected; it is approved; reviewer, dates and
 * rationale are filled and every checklist item is attested; the fingerprint matches; today is on or
 * before {@code expiresOn}; and the current lift is at most the reviewed lift plus the tolerance. The
 * first rule that fails is the status. A covering sign-off the run needs for {@code many-trials} must also have
 * reviewed at least as many trials as the ledger counts now ({@link #trials}). A sign-off loaded from a store that a committed void record
 * ({@link SignOffVoid}) withdraws is {@link SignOffStatus.Voided} instead, unless it is for another gate, rejected
 * or malformed; a void record that cannot be read makes the status {@link SignOffStatus.Malformed}.
 *
 * <pre>{@code
 * SignOffStatus s = SignOffRules.assess(store, "com.acme.ChurnBacktest#gbm", fp, 0.129, 0.01, today);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class SignOffRules {
  private SignOffRules() {}

  /** Loads the sign-off for {@code gateId} from {@code store} and assesses it against the run. */
  public static SignOffStatus assess(ReviewStore store, String gateId, String fingerprint, double lift,
      double liftTolerance, LocalDate today) {
    Path file = store.locationOf(gateId);
    Optional<String> text;
    try {
      text = store.read(gateId);
    } catch (BoundedFiles.UnreadableFileException e) {
      // a link, a device, a directory, a huge or non-UTF-8 file: not committed content, whatever it holds
      return new SignOffStatus.Malformed(file, "$", e.getMessage());
    }
    if (text.isEmpty()) {
      return new SignOffStatus.Missing(file);
    }
    SignOff signOff;
    try {
      signOff = SignOffJson.parse(text.get(), file);
    } catch (MalformedSignOffException e) {
      return new SignOffStatus.Malformed(file, e.jsonPath(), e.problem());
    }
    SignOffStatus status = assess(file, signOff, gateId, fingerprint, lift, liftTolerance, today);
    if (status instanceof SignOffStatus.WrongGate || status.failsOnItsOwn()) {
      return status;
    }
    return voided(store, gateId, file, text.get()).orElse(status);
  }

  /**
   * The void record that withdraws this exact sign-off file, if one does; a void record that cannot be read is
   * {@link SignOffStatus.Malformed} (it may be the one that withdraws it: fail closed).
   */
  private static Optional<SignOffStatus> voided(ReviewStore store, String gateId, Path file, String text) {
    SortedMap<Path, String> records;
    try {
      records = store.voidRecords();
    } catch (BoundedFiles.UnreadableFileException e) {
      return Optional.of(new SignOffStatus.Malformed(e.file(), "$", e.getMessage()));
    }
    if (records.isEmpty()) {
      return Optional.empty();
    }
    String digest = SignOffVoid.sha256(text);
    for (Map.Entry<Path, String> record : records.entrySet()) {
      SignOffVoid parsed;
      try {
        parsed = SignOffVoid.parse(record.getValue(), record.getKey());
      } catch (MalformedSignOffException e) {
        return Optional.of(new SignOffStatus.Malformed(record.getKey(), e.jsonPath(), e.problem()));
      }
      if (parsed.withdraws(gateId, digest)) {
        return Optional.of(new SignOffStatus.Voided(file, parsed.reason(), record.getKey()));
      }
    }
    return Optional.empty();
  }

  /** Assesses an already parsed sign-off. */
  public static SignOffStatus assess(Path file, SignOff s, String gateId, String fingerprint, double lift,
      double liftTolerance, LocalDate today) {
    if (!s.gate().equals(gateId)) {
      return new SignOffStatus.WrongGate(file, s.gate(), gateId);
    }
    if (s.reviewedOn() != null && s.reviewedOn().isAfter(today)) {
      return new SignOffStatus.Malformed(file, "$.reviewedOn", "reviewedOn " + s.reviewedOn() + " is after today ("
          + today + "): a review cannot be dated in the future. Write the day the review was made.");
    }
    if (s.decision() == Decision.REJECTED) {
      return new SignOffStatus.Rejected(file, s.reviewer(), s.rationale());
    }
    if (s.decision() == Decision.UNDECIDED) {
      return new SignOffStatus.Undecided(file);
    }
    List<String> missing = new ArrayList<>();
    if (s.reviewer().isBlank()) {
      missing.add("reviewer");
    }
    if (s.reviewedOn() == null) {
      missing.add("reviewedOn");
    }
    if (s.expiresOn() == null) {
      missing.add("expiresOn");
    }
    if (s.rationale().isBlank()) {
      missing.add("rationale");
    }
    s.checklist().unattested().forEach(item -> missing.add("checklist." + item));
    if (!missing.isEmpty()) {
      return new SignOffStatus.Incomplete(file, missing);
    }
    if (!s.fingerprint().equals(fingerprint)) {
      return new SignOffStatus.Stale(file, s.fingerprint(), fingerprint);
    }
    if (today.isAfter(s.expiresOn())) {
      return new SignOffStatus.Expired(file, s.expiresOn(), today);
    }
    if (lift > s.reviewed().lift() + liftTolerance) {
      return new SignOffStatus.LiftGrew(file, s.reviewed().lift(), lift, liftTolerance);
    }
    return new SignOffStatus.Covers(file, s);
  }

  /**
   * {@code status} once the trials are counted: a covering sign-off becomes {@link SignOffStatus.TrialsGrew} when the
   * run needs it for {@code many-trials} ({@code trialsNow} present: the trials the ledger counts on the test set now,
   * this run's included) and the review recorded fewer trials, or none. Any other status is returned as it is.
   */
  public static SignOffStatus trials(SignOffStatus status, java.util.OptionalInt trialsNow) {
    if (trialsNow.isEmpty() || !(status instanceof SignOffStatus.Covers covers)) {
      return status;
    }
    SignOff.Trials reviewed = covers.signOff().reviewed().trials();
    if (reviewed.counted() != null && reviewed.counted() >= trialsNow.getAsInt()) {
      return status;
    }
    return new SignOffStatus.TrialsGrew(covers.file(), reviewed.counted(), reviewed.reason(), trialsNow.getAsInt());
  }
}
