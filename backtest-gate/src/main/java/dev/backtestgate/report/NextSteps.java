package dev.backtestgate.report;

import static dev.backtestgate.report.GateWording.fmt;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffStatus;
import dev.backtestgate.time.HistoryManifest;
import java.util.ArrayList;
import java.util.List;

/**
 * What to do about a gate result, worded once for the console text and the HTML report: a lead sentence
 * about the sign-off, optionally a quoted rationale and a closing sentence, then numbered steps with
 * absolute paths and the setting to change.
 */
final class NextSteps {
  private NextSteps() {}

  /**
   * The guidance for one result.
   *
   * @param lead what the sign-off situation is ({@code ""} when there is nothing to say)
   * @param quote the reviewer's words, quoted, or {@code null}
   * @param close the sentence leading into the steps, or {@code null}
   * @param steps the numbered steps, in order
   */
  record Guidance(String lead, String quote, String close, List<String> steps) {
    Guidance {
      steps = List.copyOf(steps);
    }

    static Guidance say(String lead) {
      return new Guidance(lead, null, null, List.of());
    }

    boolean isEmpty() {
      return lead.isEmpty() && steps.isEmpty();
    }
  }

  static Guidance of(PublishedGate gate) {
    GateResult r = gate.result();
    SignOffStatus status = r.signOff();
    if (r.verdict() == Verdict.PASSED_WITH_SIGN_OFF && status instanceof SignOffStatus.Covers covers) {
      SignOff s = covers.signOff();
      return Guidance.say("Covered by the leakage review " + status.file() + ", approved by " + s.reviewer() + " on "
          + s.reviewedOn() + ", valid until " + s.expiresOn() + ".");
    }
    if (r.verdict() != Verdict.FAILED) {
      return Guidance.say("");
    }
    if (status instanceof SignOffStatus.Rejected rej) {
      return new Guidance("The leakage review " + rej.file() + " REJECTED this backtest"
          + (rej.reviewer().isBlank() ? "" : " (reviewer " + rej.reviewer() + ")") + ":", rej.rationale(),
          "A rejected review fails the gate whatever the numbers. Next:",
          List.of("Fix what the reviewer found, then ask for a new review of the new run.",
              "Replace " + rej.file() + " with the new review (start from " + gate.pendingFile()
                  + ", written by a local run)."));
    }
    if (status instanceof SignOffStatus.Malformed bad) {
      return new Guidance("The leakage review " + bad.file() + " cannot be read: at " + bad.jsonPath() + ", "
          + bad.problem(), null, "An unreadable review covers nothing. Next:",
          List.of("Fix " + bad.file() + " at " + bad.jsonPath()
              + " (docs/sign-off-format.md shows a complete example file)."));
    }
    boolean reviewable = r.unresolved().stream().anyMatch(f -> f.signOffCan().needsReviewer());
    if (!reviewable) {
      return new Guidance("A sign-off cannot cover this.", null, "Next:", fixSteps(r));
    }
    return new Guidance(statusSentence(status), null, null, signOffSteps(gate));
  }

  /** Steps for findings that only a fix resolves. */
  private static List<String> fixSteps(GateResult r) {
    List<String> steps = new ArrayList<>();
    for (Finding f : r.unresolved()) {
      if (f instanceof Finding.CheckFailed) {
        steps.add("Fix the input named above and run the backtest again.");
      } else if (f instanceof Finding.LateWrites late) {
        steps.add("Restore the rows of '" + late.report().table() + "' that the late batches overwrote and record "
            + "the corrections as new events with their own recordedAt; or, if late writes are expected for this "
            + "table, set backtestgate.late-writes=warn.");
      } else if (f instanceof Finding.RewrittenHistory history) {
        steps.add("Restore the original rows of the partitions of '" + history.result().table() + "' listed above "
            + "and append corrections as new events; if the rewrite was intended, review the proposed manifest "
            + "under the report directory's " + HistoryManifest.PROPOSED_DIR
            + "/ folder and commit it in place of the old one.");
      }
    }
    return steps.stream().distinct().toList();
  }

  private static List<String> signOffSteps(PublishedGate gate) {
    List<String> steps = new ArrayList<>();
    steps.add("Read the evidence: " + gate.reportFile());
    if (gate.pendingWritten()) {
      steps.add("cp " + gate.pendingFile() + " " + gate.reviewDirectory() + "/");
    } else {
      steps.add("Run this backtest locally (mode local, the default outside CI; or set backtestgate.mode=local): "
          + "it writes " + gate.pendingFile() + " to copy into " + gate.reviewDirectory() + "/");
    }
    steps.add("Fill in reviewer, rationale and decision; commit the file with the change under review.");
    List<String> unwaived = gate.result().unresolved().stream()
        .filter(f -> f instanceof Finding.PointInTime)
        .map(f -> ((Finding.PointInTime) f).violation().feature())
        .toList();
    if (!unwaived.isEmpty()) {
      steps.add("Only if the knowledge times are wrong, not the data, waive each feature in pointInTimeWaivers: "
          + String.join(", ", unwaived.stream().map(f -> "{\"feature\": \"" + f + "\", \"reason\": \"...\"}")
          .toList()) + ". Otherwise rebuild the features as of each decision time (PointInTimeJoin); if values "
          + "become usable only some time after recording, set backtestgate.availability-lag.");
    }
    return steps;
  }

  private static String statusSentence(SignOffStatus status) {
    String file = "The leakage review " + status.file();
    if (status instanceof SignOffStatus.Covers) {
      return file + " approves this run but does not waive every feature above. To waive them or fix the data:";
    }
    if (status instanceof SignOffStatus.Stale s) {
      return file + " no longer covers it: it was signed for data " + s.reviewedFingerprint() + ", this run's "
          + "data is " + s.currentFingerprint() + "; the data or the feature set changed since the review. "
          + "To review it again:";
    }
    if (status instanceof SignOffStatus.Expired e) {
      return file + " expired on " + e.expiresOn() + " (today is " + e.today() + "). To renew it:";
    }
    if (status instanceof SignOffStatus.LiftGrew g) {
      return fmt("%s approved a lift of %+.3f; the lift is now %+.3f, beyond the %.3f tolerance "
          + "(backtestgate.lift-tolerance). To review it again:", file, g.reviewedLift(), g.currentLift(),
          g.tolerance());
    }
    if (status instanceof SignOffStatus.Undecided) {
      return file + " has no decision yet (\"decision\" is empty). To finish it:";
    }
    if (status instanceof SignOffStatus.Incomplete i) {
      return file + " is incomplete: " + String.join(", ", i.missing())
          + (i.missing().size() == 1 ? " is" : " are") + " empty or not attested (checklist items must be "
          + "true). To finish it:";
    }
    if (status instanceof SignOffStatus.WrongGate w) {
      return file + " is for gate " + w.fileGate() + ", not " + w.runGate() + ": it was copied to the wrong "
          + "name. To sign this gate off:";
    }
    return "No leakage review covers it. To sign one off:";
  }
}
