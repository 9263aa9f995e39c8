package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What to do about a gate result, worded once for the console text and the HTML report: a lead sentence
 * about the sign-off, optionally a quoted rationale and a closing sentence, then numbered steps with
 * absolute paths and the setting to change. Every command is shell-safe (paths single-quoted).
 */
final class NextSteps {
  /** The fields a reviewer fills in, in file order. */
  static final String FIELDS = "\"decision\" (approved or rejected), \"reviewer\", \"reviewedOn\" (today, "
      + "YYYY-MM-DD), \"expiresOn\" (YYYY-MM-DD, e.g. in 90 days), \"rationale\", and set every checklist item to "
      + "true once checked: " + String.join(", ", SignOffJson.CHECKLIST_ITEMS);

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
      return Guidance.say("Covered by the leakage review " + status.file() + ", approved by " + printable(s.reviewer())
          + " on "
          + s.reviewedOn() + ", valid until " + s.expiresOn() + ".");
    }
    if (r.verdict() != Verdict.FAILED) {
      return Guidance.say("");
    }
    if (status instanceof SignOffStatus.Rejected rej) {
      List<String> steps = new ArrayList<>();
      steps.add("Fix what the reviewer found, then ask for a new review of the new run.");
      steps.add(gate.pendingWritten()
          ? "The reviewer edits " + status.file() + " in place from the new evidence " + quote(gate.pendingFile())
              + " (measured fields and fingerprint), setting " + FIELDS + "."
          : "Run the fixed backtest locally (backtestgate.mode=local, the default outside CI): it writes the new "
              + "evidence to " + gate.pendingFile() + "; the reviewer then edits " + status.file() + " in place.");
      return new Guidance("The leakage review " + rej.file() + " REJECTED this backtest"
          + (rej.reviewer().isBlank() ? "" : " (reviewer " + printable(rej.reviewer()) + ")") + ":",
          printable(rej.rationale()),
          "A rejected review fails the gate whatever the numbers. Next:", steps);
    }
    if (status instanceof SignOffStatus.Malformed bad) {
      return new Guidance("The leakage review " + bad.file() + " cannot be read: at " + bad.jsonPath() + ", "
          + printable(bad.problem()), null, "An unreadable review covers nothing. Next:",
          List.of("Fix " + bad.file() + " at " + bad.jsonPath() + " (docs/sign-off-format.md shows a complete "
              + "example file)."));
    }
    boolean reviewable = r.unresolved().stream().anyMatch(f -> f.resolution().needsReviewer());
    if (!reviewable) {
      return new Guidance("A sign-off cannot cover this.", null, "Next:", fixSteps(gate));
    }
    List<String> steps = signOffSteps(gate);
    steps.addAll(fixSteps(gate));
    return new Guidance(statusSentence(status, r.gateId()), null, null, steps);
  }

  /** Each unresolved finding's own fix, once each, then the proposed manifests to review. */
  private static List<String> fixSteps(PublishedGate gate) {
    Set<String> steps = new LinkedHashSet<>();
    for (Finding f : gate.result().unresolved()) {
      if (f.resolution() == Finding.Resolution.FIX) {
        String fix = f.render().fix();
        if (!fix.isEmpty()) {
          steps.add(fix);
        }
      }
    }
    for (Path proposed : gate.proposedManifests()) {
      steps.add("If the rewrite was intended: review the proposed manifest and commit it in place of the old one: "
          + "diff against the committed manifest, then cp " + quote(proposed) + " <the committed manifest>.");
    }
    return new ArrayList<>(steps);
  }

  private static List<String> signOffSteps(PublishedGate gate) {
    SignOffStatus status = gate.result().signOff();
    Path file = status.file();
    boolean exists = !(status instanceof SignOffStatus.Missing);
    List<String> steps = new ArrayList<>();
    steps.add("Read the evidence: " + gate.reportFile());
    String gateId = quote(gate.result().gateId());
    if (status instanceof SignOffStatus.Expired) {
      steps.add("The data is unchanged since the review, so renewing takes only new dates: in " + file + " set "
          + "\"reviewedOn\" to today and \"expiresOn\" to a new date, and attest the checklist again; commit it. "
          + "With backtest-gate-maven-plugin: mvn backtest-gate:renew -Dgate=" + gateId + " -Dreviewer=<you> "
          + "-Dattest=all");
      return steps;
    }
    if (gate.pendingWritten()) {
      steps.add("With backtest-gate-maven-plugin, one command writes the review from this evidence and checks every "
          + "field: mvn backtest-gate:sign-off -Dgate=" + gateId + " -Dreviewer=<you> -Drationale='<why it is not a "
          + "leak>' -Dattest=all" + (exists ? " -Dreplace" : "") + ". By hand:");
    }
    if (exists) {
      String from = gate.pendingWritten() ? " Take \"gate\", \"fingerprint\" and \"reviewed\" from "
          + quote(gate.pendingFile()) + " (this run's evidence)."
          : needsNewEvidence(status) ? " First run this backtest locally (backtestgate.mode=local, the default outside "
              + "CI): it writes this run's evidence to " + quote(gate.pendingFile()) + "; take \"gate\", "
              + "\"fingerprint\" and \"reviewed\" from it." : "";
      steps.add("Edit " + file + " in place (do not copy over it):" + from + " Set " + FIELDS + ".");
    } else if (gate.pendingWritten()) {
      steps.add("mkdir -p " + quote(gate.reviewDirectory()) + " && cp " + quote(gate.pendingFile()) + " "
          + quote(file));
      steps.add("In " + file + " set " + FIELDS + ".");
    } else {
      steps.add("Run this backtest locally (backtestgate.mode=local, the default outside CI): it writes "
          + gate.pendingFile() + " to copy to " + file + "; then set " + FIELDS + ".");
    }
    steps.add("Commit " + file + " with the change under review.");
    List<String> waivable = gate.result().unresolved().stream()
        .filter(f -> f.resolution() == Finding.Resolution.WAIVER)
        .map(f -> fmt("{\"kind\": \"%s\", \"subject\": \"%s\", \"reason\": \"...\"}", f.kind(), f.subject()))
        .toList();
    if (!waivable.isEmpty()) {
      Set<String> fixes = new LinkedHashSet<>();
      for (Finding f : gate.result().unresolved()) {
        if (f.resolution() == Finding.Resolution.WAIVER && !f.render().fix().isEmpty()) {
          fixes.add(f.render().fix());
        }
      }
      steps.add("Only if the finding is not a leak (e.g. the knowledge times are load times, not the data), "
          + "waive it in \"waivers\": " + String.join(", ", waivable) + "."
          + (fixes.isEmpty() ? "" : " Otherwise fix it: " + String.join(" ", fixes)));
    }
    return steps;
  }

  /** Whether the committed file's measured part no longer describes this run. */
  private static boolean needsNewEvidence(SignOffStatus status) {
    return status instanceof SignOffStatus.Stale || status instanceof SignOffStatus.Voided
        || status instanceof SignOffStatus.LiftGrew
        || status instanceof SignOffStatus.WrongGate;
  }

  private static String statusSentence(SignOffStatus status, String gateId) {
    String file = "The leakage review " + status.file();
    if (status instanceof SignOffStatus.Covers) {
      return file + " approves this run but does not waive every finding above. To waive them or fix the data:";
    }
    if (status instanceof SignOffStatus.Stale s) {
      return file + " no longer covers it: it was signed for data " + s.reviewedFingerprint() + ", this run's "
          + "data is " + s.currentFingerprint() + "; the data or the feature set changed since the review. "
          + "To review it again:";
    }
    if (status instanceof SignOffStatus.Voided v) {
      return file + " is stale: " + printable(v.reason()) + " (void record " + v.voidRecord() + "). It no longer "
          + "covers this backtest: review the backtest on the rewritten history and sign it off again; a new review "
          + "replaces the withdrawn one. With backtest-gate-maven-plugin: mvn backtest-gate:pending lists it; run "
          + "mvn verify -Dbacktestgate.mode=local, then mvn backtest-gate:sign-off -Dgate=" + quote(gateId)
          + " -Dreviewer=<you> -Drationale='<why it is not a leak>' -Dattest=all -Dreplace=true. By hand:";
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
      return file + " is for gate '" + printable(w.fileGate()) + "', not '" + w.runGate() + "': it was copied to the wrong "
          + "name. To sign this gate off:";
    }
    return "No leakage review covers it. To sign one off:";
  }

  /**
   * Words from a committed file as the console shows them: control characters (a terminal escape sequence,
   * a line break that would fake a line of the gate's own text) are shown as {@code \\uXXXX}.
   */
  static String printable(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        out.append(fmt("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** A path as one shell word: single-quoted, with embedded single quotes escaped. */
  static String quote(Path path) {
    return quote(path.toString());
  }

  /** A text as one shell word: single-quoted, with embedded single quotes escaped. */
  static String quote(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
