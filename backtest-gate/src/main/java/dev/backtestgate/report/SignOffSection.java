package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sign-off card of the HTML report: whether the run needs a leakage review, what the committed review
 * file says (one method per way it can stand), and its details.
 */
final class SignOffSection {
  /** How each status reads on the page; the others (rejected, malformed, expired) read as their label. */
  private static final Map<String, String> LABELS = Map.of(
      "missing", "no review file",
      "covers", "approved and current",
      "undecided", "no decision yet",
      "incomplete", "incomplete",
      "stale", "stale: the data changed",
      "voided", "stale: history rewritten",
      "lift-grew", "the lift grew beyond the review",
      "trials-grew", "more trials than the review counted",
      "wrong-gate", "written for another gate");

  private final Html out;
  private final GateResult r;

  SignOffSection(Html out, GateResult r) {
    this.out = out;
    this.r = r;
  }

  void write() {
    SignOffStatus s = r.signOff();
    out.open("section", "class", "card", "id", "sign-off").element("h2", "Leakage review (sign-off)");
    List<String> needs = new ArrayList<>();
    for (Finding f : r.findings()) {
      if (f.resolution().needsReviewer()) {
        needs.add(f.render().headline() + " (" + GateWording.state(r, f) + ")");
      }
    }
    out.element("p", needs.isEmpty() ? "This run needs no leakage review."
        : "This run needs a leakage review: " + String.join(" ", needs));
    out.open("table", "class", "kv").open("tbody");
    out.open("tr").element("th", "Status", "scope", "row").open("td");
    Page.tag(out, label(s), kind(s, !needs.isEmpty()));
    out.close().close().nl();
    Page.codeRow(out, "File", s.file().toString());
    details(s);
    out.close().close().close().nl();
  }

  private static String label(SignOffStatus s) {
    return LABELS.getOrDefault(s.label(), s.label());
  }

  private static String kind(SignOffStatus s, boolean needed) {
    if (s.covers()) {
      return "ok";
    }
    if (!s.exists()) {
      return needed ? "bad" : "muted";
    }
    return s.unfinished() ? "warn" : "bad";
  }

  private void details(SignOffStatus s) {
    s.accept(new SignOffStatus.Visitor<Void>() {
      @Override
      public Void missing(SignOffStatus.Missing status) {
        return null;
      }

      @Override
      public Void covers(SignOffStatus.Covers status) {
        SignOffSection.this.covers(status.signOff());
        return null;
      }

      @Override
      public Void malformed(SignOffStatus.Malformed bad) {
        Page.row(out, "Problem", "at " + bad.jsonPath() + ": " + bad.problem());
        return null;
      }

      @Override
      public Void wrongGate(SignOffStatus.WrongGate wrong) {
        Page.codeRow(out, "Written for gate", wrong.fileGate());
        return null;
      }

      @Override
      public Void rejected(SignOffStatus.Rejected rej) {
        Page.row(out, "Reviewer", rej.reviewer());
        Page.row(out, "Rationale", rej.rationale());
        return null;
      }

      @Override
      public Void undecided(SignOffStatus.Undecided status) {
        return null;
      }

      @Override
      public Void incomplete(SignOffStatus.Incomplete incomplete) {
        Page.row(out, "Empty or not attested", String.join(", ", incomplete.missing()));
        return null;
      }

      @Override
      public Void stale(SignOffStatus.Stale stale) {
        Page.row(out, "Fingerprint", "does not match this run's: the review covers other data");
        Page.codeRow(out, "Reviewed data", stale.reviewedFingerprint());
        Page.codeRow(out, "This run's data", stale.currentFingerprint());
        return null;
      }

      @Override
      public Void voided(SignOffStatus.Voided voided) {
        Page.row(out, "Withdrawn", voided.reason());
        Page.codeRow(out, "Void record", voided.voidRecord().toString());
        return null;
      }

      @Override
      public Void expired(SignOffStatus.Expired expired) {
        Page.row(out, "Expired on", expired.expiresOn() + " (today is " + expired.today() + ")");
        return null;
      }

      @Override
      public Void liftGrew(SignOffStatus.LiftGrew grew) {
        Page.row(out, "Lift", fmt("reviewed %+.3f, now %+.3f, tolerance %.3f", grew.reviewedLift(),
            grew.currentLift(), grew.tolerance()));
        return null;
      }

      @Override
      public Void trialsGrew(SignOffStatus.TrialsGrew grew) {
        Page.row(out, "Trials", grew.reviewedTrials() == null
            ? fmt("reviewed without a count (%s), now %,d", grew.reason(), grew.currentTrials())
            : fmt("reviewed %,d, now %,d on the same rows", grew.reviewedTrials(), grew.currentTrials()));
        return null;
      }
    });
  }


  private void covers(SignOff s) {
    Page.row(out, "Reviewer", s.reviewer());
    Page.row(out, "Reviewed on", s.reviewedOn() + ", valid until " + s.expiresOn());
    Page.row(out, "Rationale", s.rationale());
    Page.row(out, "Reviewed lift", fmt("%+.3f (candidate %.3f vs baseline %.3f)", s.reviewed().lift(),
        s.reviewed().candidateAuc(), s.reviewed().baselineAuc()));
    SignOff.Trials trials = s.reviewed().trials();
    Page.row(out, "Reviewed trials", trials.counted() == null ? "not counted: " + trials.reason()
        : trials.deflatedP() == null ? fmt("%,d on these rows (no deflated p: the lift has no standard error)",
            trials.counted()) : fmt("%,d on these rows, deflated p %.3f", trials.counted(), trials.deflatedP()));
    Page.row(out, "Attested", String.join(", ", SignOffJson.CHECKLIST_ITEMS));
    for (SignOff.Waiver w : s.waivers()) {
      Page.row(out, "Waived " + w.kind() + " '" + w.subject() + "'", w.reason());
    }
  }
}
