package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import dev.backtestgate.trials.ManyTrialsFinding;
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
    if (r.verdict() == Verdict.PASSED_WITH_SIGN_OFF && status.approved().isPresent()) {
      SignOff s = status.approved().get();
      return Guidance.say("Covered by the leakage review " + status.file() + ", approved by " + printable(s.reviewer())
          + " on " + s.reviewedOn() + ", valid until " + s.expiresOn() + ".");
    }
    if (r.verdict() != Verdict.FAILED) {
      return Guidance.say("");
    }
    return status.accept(new FailedGate(gate));
  }

  /** What a failed gate's reader does next, by the state of its leakage review. */
  private record FailedGate(PublishedGate gate) implements SignOffStatus.Visitor<Guidance> {
    @Override
    public Guidance rejected(SignOffStatus.Rejected rej) {
      List<String> steps = new ArrayList<>();
      steps.add("Fix what the reviewer found, then ask for a new review of the new run.");
      steps.add(gate.pendingWritten()
          ? "The reviewer edits " + rej.file() + " in place from the new evidence " + quote(gate.pendingFile())
              + " (measured fields and fingerprint), setting " + FIELDS + "."
          : "Run the fixed backtest locally (backtestgate.mode=local, the default outside CI): it writes the new "
              + "evidence to " + gate.pendingFile() + "; the reviewer then edits " + rej.file() + " in place.");
      return new Guidance("The leakage review " + rej.file() + " REJECTED this backtest"
          + (rej.reviewer().isBlank() ? "" : " (reviewer " + printable(rej.reviewer()) + ")") + ":",
          printable(rej.rationale()),
          "A rejected review fails the gate whatever the numbers. Next:", steps);
    }

    @Override
    public Guidance malformed(SignOffStatus.Malformed bad) {
      return new Guidance("The leakage review " + bad.file() + " cannot be read: at " + bad.jsonPath() + ", "
          + printable(bad.problem()), null, "An unreadable review covers nothing. Next:",
          List.of("Fix " + bad.file() + " at " + bad.jsonPath() + " (docs/sign-off-format.md shows a complete "
              + "example file)."));
    }

    @Override
    public Guidance missing(SignOffStatus.Missing status) {
      return review("No leakage review covers it. To sign one off:");
    }

    @Override
    public Guidance covers(SignOffStatus.Covers status) {
      return review(file(status) + " approves this run but does not waive every finding above. To waive "
          + "them or fix the data:");
    }

    @Override
    public Guidance wrongGate(SignOffStatus.WrongGate w) {
      return review(file(w) + " is for gate '" + printable(w.fileGate()) + "', not '" + w.runGate() + "': it was "
          + "copied to the wrong name. To sign this gate off:");
    }

    @Override
    public Guidance undecided(SignOffStatus.Undecided status) {
      return review(file(status) + " has no decision yet (\"decision\" is empty). To finish it:");
    }

    @Override
    public Guidance incomplete(SignOffStatus.Incomplete i) {
      return review(file(i) + " is incomplete: " + String.join(", ", i.missing())
          + (i.missing().size() == 1 ? " is" : " are") + " empty or not attested (checklist items must be "
          + "true). To finish it:");
    }

    @Override
    public Guidance stale(SignOffStatus.Stale s) {
      return review(file(s) + " no longer covers it: its fingerprint does not match this run's. It was signed "
          + "for data " + s.reviewedFingerprint() + "; this run's data is " + s.currentFingerprint() + " (they "
          + "differ from character " + (firstDifference(s.reviewedFingerprint(), s.currentFingerprint()) + 1)
          + "). The rows (labels, decision or knowledge times, recorded values), the model names or the feature "
          + "set changed since the review, or the file was copied from another run (scores are not fingerprinted: "
          + "retraining on the same data keeps a sign-off), so the approval says nothing about this lift. To review "
          + "it again:");
    }

    @Override
    public Guidance voided(SignOffStatus.Voided v) {
      return review(file(v) + " is stale: " + printable(v.reason()) + " (void record " + v.voidRecord() + "). It "
          + "no longer covers this backtest: review the backtest on the rewritten history and sign it off again; a "
          + "new review replaces the withdrawn one. Maven: mvn backtest-gate:pending lists it; run mvn verify "
          + "-Dbacktestgate.mode=local, then mvn backtest-gate:sign-off -Dgate=" + quote(gate.result().gateId())
          + " -Dreviewer=<you> -Drationale='<why it is not a leak>' -Dattest=all -Dreplace=true. Any build: run the "
          + "tests locally, then backtest-gate sign-off --gate=" + quote(gate.result().gateId()) + " with the same "
          + "options as --reviewer=..., --replace. By hand:");
    }

    @Override
    public Guidance expired(SignOffStatus.Expired e) {
      return review(file(e) + " expired on " + e.expiresOn() + " (today is " + e.today() + "). To renew it:", true);
    }

    @Override
    public Guidance liftGrew(SignOffStatus.LiftGrew g) {
      return review(fmt("%s approved a lift of %+.3f; the lift is now %+.3f, beyond the %.3f tolerance "
          + "(backtestgate.lift-tolerance). To review it again:", file(g), g.reviewedLift(), g.currentLift(),
          g.tolerance()));
    }

    @Override
    public Guidance trialsGrew(SignOffStatus.TrialsGrew g) {
      String reviewed = g.reviewedTrials() == null ? "recorded no count of trials (" + g.reason() + ")"
          : fmt("was made knowing %,d %s on these rows", g.reviewedTrials(), g.reviewedTrials() == 1 ? "trial"
              : "trials");
      return review(fmt("%s %s; the trials ledger now counts %,d, so the lift is the best of more tries than the "
          + "reviewer judged. Confirm the lift on decisions no trial has scored (a later window than these rows), or "
          + "review it again knowing the %,d trials:", file(g), reviewed, g.currentTrials(), g.currentTrials()));
    }

    private static String file(SignOffStatus status) {
      return "The leakage review " + status.file();
    }

    /** A sign-off can resolve the findings: say what the review's state is, then how to sign off or fix. */
    private Guidance review(String sentence) {
      return review(sentence, false);
    }

    /** {@link #review(String)}; {@code renew}: the data is unchanged, so new dates renew the review. */
    private Guidance review(String sentence, boolean renew) {
      boolean reviewable = gate.result().unresolved().stream().anyMatch(f -> f.resolution().needsReviewer());
      if (!reviewable) {
        return new Guidance("A sign-off cannot cover this.", null, "Next:", fixSteps(gate));
      }
      List<String> steps = new ArrayList<>();
      freshRows(gate).ifPresent(steps::add);
      steps.addAll(signOffSteps(gate, renew));
      steps.addAll(fixSteps(gate));
      return new Guidance(sentence, null, null, steps);
    }
  }

  /**
   * When the lift is the best of many trials and this very candidate shipped under a committed claim (the claim of
   * this gate, fingerprint and candidate): its production decisions are fresh rows no trial scored, and the tripwire
   * reads them as such. An unreadable claim file gives no step here: the tripwire names its problem when run.
   */
  private static java.util.Optional<String> freshRows(PublishedGate gate) {
    GateResult r = gate.result();
    if (r.comparison() == null || r.unresolved().stream().noneMatch(ManyTrialsFinding.class::isInstance)) {
      return java.util.Optional.empty();
    }
    Path file = ClaimJson.file(gate.reviewDirectory(), r.gateId());
    if (!java.nio.file.Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return java.util.Optional.empty();
    }
    Claim claim;
    try {
      claim = ClaimJson.read(file);
    } catch (RuntimeException e) {
      return java.util.Optional.empty();
    }
    if (!claim.gate().equals(r.gateId()) || !claim.fingerprint().equals(r.fingerprint())
        || !claim.candidate().equals(r.comparison().candidate())) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("This candidate shipped under the claim " + file + ": its matured production "
        + "decisions were scored by no trial, so they confirm the lift without deflating it. Read them as fresh "
        + "rows: backtest-gate tripwire --claim " + quote(file) + " <outcomes.csv> (its line \"Fresh rows:\" says "
        + "whether the lift repeats).");
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

  private static List<String> signOffSteps(PublishedGate gate, boolean renew) {
    SignOffStatus status = gate.result().signOff();
    Path file = status.file();
    boolean exists = status.exists();
    List<String> steps = new ArrayList<>();
    steps.add("Read the evidence: " + gate.reportFile());
    String gateId = quote(gate.result().gateId());
    if (renew) {
      steps.add("The data is unchanged since the review, so renewing takes only new dates: in " + file + " set "
          + "\"reviewedOn\" to today and \"expiresOn\" to a new date, and attest the checklist again; commit it. "
          + "One command: mvn backtest-gate:renew -Dgate=" + gateId + " -Dreviewer=<you> -Dattest=all (Maven), or "
          + "backtest-gate renew --gate=" + gateId + " --reviewer=<you> --attest=all (the command-line tool).");
      return steps;
    }
    if (gate.pendingWritten()) {
      steps.add("One command writes the review from this evidence and checks every field: mvn backtest-gate:sign-off "
          + "-Dgate=" + gateId + " -Dreviewer=<you> -Drationale='<why it is not a leak>' -Dattest=all"
          + (exists ? " -Dreplace" : "") + " (Maven), or backtest-gate sign-off --gate=" + gateId + " --reviewer=<you> "
          + "--rationale='<why it is not a leak>' --attest=all" + (exists ? " --replace" : "") + " (the command-line "
          + "tool, any build). By hand:");
    }
    if (exists) {
      String from = gate.pendingWritten() ? " Take \"gate\", \"fingerprint\", \"reviewed\" and \"claim\" from "
          + quote(gate.pendingFile()) + " (this run's evidence)."
          : status.reviewedOtherData() ? " First run this backtest locally (backtestgate.mode=local, the default outside "
              + "CI): it writes this run's evidence to " + quote(gate.pendingFile()) + "; take \"gate\", "
              + "\"fingerprint\", \"reviewed\" and \"claim\" from it." : "";
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

  /** The index of the first character where two texts differ (the shorter one's length when one starts the other). */
  static int firstDifference(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      if (a.charAt(i) != b.charAt(i)) {
        return i;
      }
    }
    return n;
  }
}
