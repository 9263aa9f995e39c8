package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.config.GateConfig;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.lift.LiftAboveLimit;
import dev.backtestgate.pointintime.PointInTimeFinding;
import dev.backtestgate.review.SignOffStatus;
import dev.backtestgate.trials.TrialRecorder;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The HTML report of one gate result: a single self-contained page (inline CSS and SVG, no script, no
 * network) for the reviewer who decides whether to sign off. It shows the verdict, both ROC curves on one
 * plot, the lift with its interval against the limit, the point-in-time table with example rows, the other
 * findings, the sign-off status and the same next steps as the console text. All text is escaped; the
 * markup is also well-formed XML.
 *
 * <pre>{@code
 * String html = HtmlReport.render(published, ReportEvidence.of(run));
 * }</pre>
 */
final class HtmlReport {
  private final PublishedGate gate;
  private final GateResult r;
  private final ReportEvidence evidence;
  private final Html out;
  private final Optional<TrialRecorder.Outcome> trials;

  private HtmlReport(PublishedGate gate, ReportEvidence evidence, Html out, Optional<TrialRecorder.Outcome> trials) {
    this.gate = gate;
    this.r = gate.result();
    this.evidence = evidence;
    this.out = out;
    this.trials = trials;
  }

  /** The page for a published gate and the evidence drawn from its run. */
  static String render(PublishedGate gate, ReportEvidence evidence) {
    return render(gate, evidence, Optional.empty());
  }

  /** As above, with where the evaluation's trial was recorded (a row of the run's details). */
  static String render(PublishedGate gate, ReportEvidence evidence, TrialRecorder.Outcome trials) {
    return render(gate, evidence, Optional.of(trials));
  }

  private static String render(PublishedGate gate, ReportEvidence evidence, Optional<TrialRecorder.Outcome> trials) {
    GateResult r = gate.result();
    Html out = Page.start(GateWording.headline(r.verdict()) + " · " + r.gateId() + " · backtest-gate", 96_000);
    HtmlReport page = new HtmlReport(gate, evidence, out, trials);
    page.header();
    page.banner();
    page.liftSection();
    new PointInTimeSection(out, r, evidence).write();
    new FeatureLabelSection(out, r, evidence.featureScreen()).write();
    page.otherFindings();
    new SignOffSection(out, r).write();
    page.nextSteps();
    page.runDetails();
    return Page.end(out, "backtest-gate leakage report: a self-contained page, no scripts, no network. "
        + "The JSON report beside it carries the same result for tools.");
  }

  private void header() {
    out.open("header").element("div", "backtest-gate · leakage gate report", "class", "kicker")
        .element("h1", r.gateId())
        .element("div", fmt("Evaluated on %s · mode %s · %,d rows, %,d positive · candidate %s vs baseline %s",
            r.evaluatedOn(), gate.mode().name().toLowerCase(Locale.ROOT), r.run().rows(), r.run().positives(),
            r.run().candidate(), r.run().baseline()), "class", "meta")
        .close().nl();
  }

  private void banner() {
    String kind = switch (r.verdict()) {
      case FAILED -> "failed";
      case PASSED -> "passed";
      case PASSED_WITH_SIGN_OFF -> "signed";
    };
    out.open("section", "class", "banner " + kind, "id", "verdict", "data-verdict", r.verdict().name());
    out.element("div", GateWording.headline(r.verdict()).toUpperCase(Locale.ROOT), "class", "verdict");
    out.open("ul");
    for (Finding f : r.findings()) {
      boolean unresolved = r.unresolved().contains(f);
      out.open("li", "class", unresolved ? "finding unresolved" : "finding resolved", "data-kind", f.kind())
          .text(f.render().headline() + " ");
      Page.tag(out, GateWording.state(r, f), unresolved ? "bad" : "info");
      out.close();
    }
    if (r.findings().isEmpty()) {
      out.element("li", "No finding needs a leakage review.");
    }
    if (r.signOff().failsOnItsOwn()) {
      out.element("li", r.signOff().failure());
    }
    if (r.comparison() != null && !GateWording.liftAbove(r)) {
      out.element("li", fmt("AUC lift %+.3f is within the %.3f limit.", r.comparison().lift(), r.policy().maxLift()));
    }
    out.close();
    if (r.verdict() == Verdict.FAILED) {
      out.open("div").element("a", "What to do next ↓", "href", "#next-steps").close();
    }
    out.close().nl();
  }

  private void liftSection() {
    out.open("section", "class", "card", "id", "lift").element("h2", "Candidate against baseline");
    Comparison c = r.comparison();
    if (c == null) {
      out.element("p", "The AUCs and the lift could not be computed, so there is nothing to plot: see the findings "
          + "below.", "class", "callout").close().nl();
      return;
    }
    out.open("div", "class", "grid");
    out.open("figure", "style", "margin:0");
    rocPlot(c);
    out.close();
    out.open("div");
    out.element("h3", fmt("AUC lift and its %.0f%% interval against the limit", 100 * c.confidence()),
        "style", "margin-top:0");
    double allowance = allowance();
    LiftBar.write(out, c, r.policy().maxLift(), allowance);
    liftLegend(c, allowance);
    numbers(c);
    out.close();
    out.close();
    Finding lift = r.findings().stream().filter(f -> f instanceof LiftAboveLimit).findFirst().orElse(null);
    boolean unresolved = lift != null && r.unresolved().contains(lift);
    out.element("p", lift == null ? GateWording.liftWithinLimit(c, r.policy().maxLift())
        : String.join("\n", lift.render().lines()), "class", unresolved ? "callout" : lift != null ? "callout covered"
        : null);
    out.close().nl();
  }

  private void rocPlot(Comparison c) {
    if (evidence.candidateCurve() == null) {
      out.element("p", evidence.curveProblem() == null ? "No ROC curve was recorded." : evidence.curveProblem(),
          "class", "note");
      return;
    }
    String description = fmt("ROC curves: candidate %s (AUC %.3f)%s", c.candidate(), c.candidateAuc(),
        evidence.baselineCurve() == null ? "" : fmt(" and baseline %s (AUC %.3f)", c.baseline(), c.baselineAuc()));
    RocPlot.write(out, evidence.candidateCurve(), evidence.baselineCurve(), description);
    out.open("figcaption", "class", "legend");
    legendItem(RocPlot.CANDIDATE_COLOR, fmt("candidate %s · AUC %.3f", c.candidate(), c.candidateAuc()));
    if (evidence.baselineCurve() != null) {
      legendItem(RocPlot.BASELINE_COLOR, fmt("baseline %s · AUC %.3f", c.baseline(), c.baselineAuc()));
    } else {
      out.element("span", fmt("baseline %s · AUC %.3f given as a number, no scores: no curve to draw",
          c.baseline(), c.baselineAuc()), "class", "note", "id", "baseline-fixed");
    }
    out.open("span").element("span", "", "class", "swatch dashed").text("chance").close();
    out.close();
  }

  private void legendItem(String color, String text) {
    out.open("span").element("span", "", "class", "swatch", "style", "background:" + color).text(text).close();
  }

  private void liftLegend(Comparison c, double allowance) {
    String interval = c.interval() == Comparison.Interval.PAIRED_DELONG ? "paired DeLong interval"
        : "interval from the candidate alone (dashed): the baseline is only an AUC number, so there is no paired "
            + "interval";
    out.element("p", fmt("Dot: the lift. Bar: its %.0f%% %s. Red line: the limit (backtestgate.max-lift); a lift "
        + "beyond it needs a sign-off.", 100 * c.confidence(), interval)
        + (Double.isFinite(allowance) ? fmt(" Green line: the largest lift the leakage review covers (reviewed "
        + "lift plus the %.3f tolerance).", r.policy().liftTolerance()) : ""), "class", "note");
  }

  /** The lift a sign-off covers (reviewed lift plus tolerance), or NaN when no sign-off speaks to the lift. */
  private double allowance() {
    return r.signOff().approvedLift().orElse(Double.NaN) + r.policy().liftTolerance();
  }

  private void numbers(Comparison c) {
    boolean fixed = c.interval() == Comparison.Interval.CANDIDATE_ONLY;
    out.open("table", "class", "numbers").open("tbody");
    valueRow("Candidate AUC", c.candidate(), fmt("%.3f", c.candidateAuc()), "value-candidate-auc");
    valueRow("Baseline AUC", c.baseline() + (fixed ? " (given as a number)" : ""), fmt("%.3f", c.baselineAuc()),
        "value-baseline-auc");
    valueRow("Lift", "candidate minus baseline", fmt("%+.3f", c.lift()), "value-lift");
    valueRow(fmt("%.0f%% interval", 100 * c.confidence()), fixed ? "candidate only" : "paired DeLong",
        fmt("%+.3f … %+.3f", c.ciLower(), c.ciUpper()), "value-interval");
    valueRow("Standard error", "of the lift", fmt("%.4f", c.standardError()), "value-se");
    valueRow("p-value", "of no lift, two-sided", pValue(c.pValue()), "value-p");
    valueRow("Limit", "backtestgate.max-lift", fmt("%+.3f", r.policy().maxLift()), "value-limit");
    out.close().close().nl();
  }

  private void valueRow(String name, String detail, String value, String id) {
    out.open("tr").open("th", "scope", "row").text(name + " · ").element("span", detail, "class", "note").close()
        .element("td", value, "class", "num", "id", id).close().nl();
  }

  static String pValue(double p) {
    if (!Double.isFinite(p)) {
      return "n/a";
    }
    return p < 1e-4 ? "< 0.0001" : fmt("%.4f", p);
  }

  /**
   * Findings without a section of their own (every kind but the lift and point in time): one card each, in the
   * console's words, with why it matters and its fix.
   */
  private void otherFindings() {
    List<Finding> others = r.findings().stream()
        .filter(f -> !(f instanceof LiftAboveLimit) && !(f instanceof PointInTimeFinding))
        .toList();
    if (others.isEmpty()) {
      return;
    }
    out.open("section", "class", "card", "id", "other-findings").element("h2", "Other findings");
    for (Finding f : others) {
      boolean unresolved = r.unresolved().contains(f);
      FindingCard.write(out, f, unresolved, GateWording.state(r, f));
    }
    out.close().nl();
  }

  private void nextSteps() {
    NextSteps.Guidance g = NextSteps.of(gate);
    out.open("section", "class", "card", "id", "next-steps").element("h2", "Next steps");
    if (g.isEmpty()) {
      out.element("p", "Nothing to do: no finding needs a leakage review.");
    }
    if (!g.lead().isEmpty()) {
      out.element("p", g.lead());
    }
    if (g.quote() != null) {
      out.element("blockquote", g.quote());
    }
    if (g.close() != null) {
      out.element("p", g.close());
    }
    if (!g.steps().isEmpty()) {
      out.open("ol", "class", "steps");
      for (String step : g.steps()) {
        if (step.startsWith("cp ") || step.startsWith("mkdir ")) {
          out.open("li").element("code", step).close();
        } else {
          out.element("li", step);
        }
      }
      out.close();
    }
    out.close().nl();
  }

  private void runDetails() {
    out.open("section", "class", "card", "id", "run").element("h2", "Run and policy").open("table", "class", "kv")
        .open("tbody");
    Page.row(out, "Rows", fmt("%,d (%,d positive, %s)", r.run().rows(), r.run().positives(),
        Wording.percent((double) r.run().positives() / r.run().rows())));
    Page.row(out, "Features", String.join(", ", r.run().features()));
    Page.row(out, "Policy", fmt("max lift %.3f · confidence %.2f · lift tolerance %.3f · availability lag %s",
        r.policy().maxLift(), r.policy().confidence(), r.policy().liftTolerance(),
        Wording.duration(r.policy().availabilityLag())));
    Page.row(out, "Mode", gate.mode().name().toLowerCase(Locale.ROOT));
    Page.codeRow(out, "Data fingerprint", r.fingerprint());
    Page.codeRow(out, "JSON report", gate.reportFile().toString());
    Page.codeRow(out, "Pending sign-off", gate.pendingFile() + (gate.pendingWritten() ? " (written by this run)"
        : " (not written by this run)"));
    Page.codeRow(out, "Review directory", gate.reviewDirectory().toString());
    trials.ifPresent(t -> Page.row(out, "Trials ledger", t.line()));
    out.close().close();
    settingsInForce();
    out.close().nl();
  }

  /** Every setting in force, key by key as the JSON report's {@code policy.settings}, one click away. */
  private void settingsInForce() {
    Map<String, String> inForce = GateConfig.inForce(r.policy());
    out.open("details", "id", "settings").element("summary", fmt("Every setting in force (%d keys)", inForce.size()));
    Page.scrollRegion(out, "Every setting in force");
    out.open("table", "class", "settings").open("thead").open("tr").element("th", "Key", "scope", "col")
        .element("th", "Value", "scope", "col").close().close().open("tbody");
    for (Map.Entry<String, String> e : inForce.entrySet()) {
      out.open("tr", "data-key", e.getKey()).open("td");
      Page.identifier(out, "code", "", e.getKey());
      out.close();
      if (e.getValue().startsWith("not shown: ")) {
        out.element("td", e.getValue(), "class", "note");
      } else {
        out.open("td").element("code", e.getValue(), "class", "id").close();
      }
      out.close().nl();
    }
    out.close().close().close().close().nl();
  }
}
