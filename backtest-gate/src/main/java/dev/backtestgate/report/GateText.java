package dev.backtestgate.report;

import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffStatus;
import dev.backtestgate.time.PointInTimeViolation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The console text of a gate result, written for a tired on-call engineer: the headline first (what was
 * found), then why it matters, then numbered next steps with absolute paths and the setting to change.
 *
 * <pre>{@code
 * String text = GateText.render(published);
 * }</pre>
 */
public final class GateText {
  private GateText() {}

  /** The text for a published gate. */
  public static String render(PublishedGate gate) {
    GateResult r = gate.result();
    StringBuilder out = new StringBuilder();
    out.append("Leakage gate ").append(headline(r.verdict())).append(": ").append(r.gateId()).append('\n');
    for (Finding f : r.findings()) {
      if (f instanceof Finding.LiftAboveLimit lift) {
        out.append(liftSentence(r.comparison())).append('\n')
            .append("is above the ").append(fmt("%.3f", lift.maxLift())).append(" limit. A lift this large is the ")
            .append("classic signature of leaked future data.\n");
      } else if (f instanceof Finding.PerfectCandidate) {
        out.append("Candidate ").append(r.run().candidate()).append(" has an AUC of 1.000: it ranks every positive ")
            .append("above every negative. Real models almost never do; a perfect score usually means the label ")
            .append("leaked into a feature.\n");
      } else if (f instanceof Finding.PointInTime pit) {
        out.append(pointInTime(pit.violation(), r.waivedFeatures().contains(pit.violation().feature())));
      } else if (f instanceof Finding.CheckFailed failed) {
        out.append("The ").append(failed.check()).append(" check could not run: ").append(failed.reason())
            .append("\nThe gate cannot vouch for a backtest it could not check, so it fails.\n");
      }
    }
    if (r.findings().stream().noneMatch(f -> f instanceof Finding.LiftAboveLimit) && r.comparison() != null) {
      out.append(liftSentence(r.comparison())).append('\n')
          .append("is within the ").append(fmt("%.3f", r.policy().maxLift())).append(" limit.\n");
    }
    if (r.findings().stream().anyMatch(f -> f instanceof Finding.PointInTime pit
        && !r.waivedFeatures().contains(pit.violation().feature()))) {
      out.append("A model that uses values recorded after its decision saw the future: its backtest score is not ")
          .append("evidence.\n");
    }
    new NextSteps(gate, out).append();
    return out.toString();
  }

  private static String headline(Verdict verdict) {
    return switch (verdict) {
      case PASSED -> "PASSED";
      case PASSED_WITH_SIGN_OFF -> "PASSED with sign-off";
      case FAILED -> "FAILED";
    };
  }

  static String liftSentence(Comparison c) {
    String interval = c.interval() == Comparison.Interval.PAIRED_DELONG
        ? fmt("%.0f%% CI %+.3f..%+.3f", 100 * c.confidence(), c.ciLower(), c.ciUpper())
        : fmt("%.0f%% CI %+.3f..%+.3f from the candidate alone: the baseline is only an AUC number, so there is no "
            + "paired interval", 100 * c.confidence(), c.ciLower(), c.ciUpper());
    return fmt("AUC lift %+.3f (candidate %s %.3f vs baseline %s %.3f, %s)", c.lift(), c.candidate(),
        c.candidateAuc(), c.baseline(), c.baselineAuc(), interval);
  }

  private static String pointInTime(PointInTimeViolation v, boolean waived) {
    StringBuilder out = new StringBuilder();
    out.append(fmt("Feature '%s' was recorded after the decision time in %,d of %,d rows (%.1f%%), up to %s late",
        v.feature(), v.rowsAffected(), v.rows(), 100 * v.share(), Durations.human(v.largestLead())));
    if (!v.availabilityLag().isZero()) {
      out.append(" (availability lag ").append(Durations.human(v.availabilityLag())).append(" included)");
    }
    out.append(waived ? "; waived by the leakage review.\n" : ".\n");
    List<String> examples = new ArrayList<>();
    for (PointInTimeViolation.ExampleRow e : v.examples()) {
      examples.add(fmt("row %d decided %s, known %s", e.row(), e.decisionTime(), e.knownAt()));
    }
    out.append("  e.g. ").append(String.join("\n       ", examples)).append('\n');
    return out.toString();
  }

  static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** The sign-off paragraph and numbered steps. */
  private static final class NextSteps {
    private final PublishedGate gate;
    private final GateResult r;
    private final StringBuilder out;

    NextSteps(PublishedGate gate, StringBuilder out) {
      this.gate = gate;
      this.r = gate.result();
      this.out = out;
    }

    void append() {
      SignOffStatus status = r.signOff();
      if (r.verdict() == Verdict.PASSED_WITH_SIGN_OFF && status instanceof SignOffStatus.Covers covers) {
        SignOff s = covers.signOff();
        out.append("Covered by the leakage review ").append(status.file()).append(", approved by ")
            .append(s.reviewer()).append(" on ").append(s.reviewedOn()).append(", valid until ")
            .append(s.expiresOn()).append(".\n");
        return;
      }
      if (r.verdict() != Verdict.FAILED) {
        return;
      }
      boolean reviewable = r.unresolved().stream().anyMatch(f -> f.signOffCan() != Finding.Resolution.NONE);
      if (status instanceof SignOffStatus.Rejected rej) {
        out.append("The leakage review ").append(rej.file()).append(" REJECTED this backtest")
            .append(rej.reviewer().isBlank() ? "" : " (reviewer " + rej.reviewer() + ")").append(":\n  \"")
            .append(rej.rationale()).append("\"\nA rejected review fails the gate whatever the numbers. Next:\n");
        step(1, "Fix what the reviewer found, then ask for a new review of the new run.");
        step(2, "Replace " + rej.file() + " with the new review (start from " + gate.pendingFile()
            + ", written by a local run).");
        return;
      }
      if (status instanceof SignOffStatus.Malformed bad) {
        out.append("The leakage review ").append(bad.file()).append(" cannot be read: at ").append(bad.jsonPath())
            .append(", ").append(bad.problem()).append("\nAn unreadable review covers nothing. Next:\n");
        step(1, "Fix " + bad.file() + " at " + bad.jsonPath() + " (the README shows a complete example file).");
        return;
      }
      if (!reviewable) {
        out.append("A sign-off cannot cover this: fix the input and run the backtest again.\n");
        return;
      }
      out.append(statusSentence(status)).append('\n');
      int n = 1;
      step(n++, "Read the evidence: " + gate.reportFile());
      if (gate.pendingWritten()) {
        step(n++, "cp " + gate.pendingFile() + " " + gate.reviewDirectory() + "/");
      } else {
        step(n++, "Run this backtest locally (mode local, the default outside CI; or set backtestgate.mode=local): "
            + "it writes " + gate.pendingFile() + " to copy into " + gate.reviewDirectory() + "/");
      }
      step(n++, "Fill in reviewer, rationale and decision; commit the file with the change under review.");
      List<String> unwaived = r.unresolved().stream()
          .filter(f -> f instanceof Finding.PointInTime)
          .map(f -> ((Finding.PointInTime) f).violation().feature())
          .toList();
      if (!unwaived.isEmpty()) {
        step(n, "Only if the knowledge times are wrong, not the data, waive each feature in pointInTimeWaivers: "
            + String.join(", ", unwaived.stream().map(f -> "{\"feature\": \"" + f + "\", \"reason\": \"...\"}")
            .toList()) + ". Otherwise rebuild the features as of each decision time (PointInTimeJoin); if values "
            + "become usable only some time after recording, set backtestgate.availability-lag.");
      }
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

    private void step(int n, String text) {
      out.append("  ").append(n).append(". ").append(text).append('\n');
    }
  }
}
