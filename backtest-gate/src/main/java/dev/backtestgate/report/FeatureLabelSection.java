package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.screen.featurelabel.FeatureLabelFinding;
import dev.backtestgate.screen.featurelabel.FeatureLabelSettings;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The feature–label card of the HTML report: every screened feature, most predictive first, with its
 * direction-free AUC and interval; the first row (the worst) is highlighted. Shown only for runs that record
 * feature values.
 */
final class FeatureLabelSection {
  private final Html out;
  private final GateResult r;
  private final List<FeatureScore> scores;
  private final Map<String, Finding> findings = new LinkedHashMap<>();

  FeatureLabelSection(Html out, GateResult r, List<FeatureScore> scores) {
    this.out = out;
    this.r = r;
    this.scores = new ArrayList<>(scores);
    this.scores.sort(Comparator.comparingDouble(FeatureScore::auc).reversed().thenComparing(FeatureScore::feature));
    for (Finding f : r.findings()) {
      if (f instanceof FeatureLabelFinding label) {
        findings.put(label.subject(), label);
      }
    }
  }

  void write() {
    if (scores.isEmpty()) {
      return;
    }
    out.open("section", "class", "card", "id", "feature-label").element("h2", "Each feature alone against the label");
    out.element("p", fmt("Each feature's values ranked against the labels on their own: the direction-free AUC "
        + "max(AUC, 1 − AUC) with its %.0f%% DeLong interval. Missing values rank below every value; categories are "
        + "scored by their out-of-fold positive rate. A single feature at or above %.3f "
        + "(backtestgate.max-feature-auc), or one that separates the classes perfectly, fails.",
        scores.get(0).confidenceLevel() * 100, r.policy().settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc()), "class", "note");
    // highest AUC first: the features at or above the limit come before any the long table puts one click away
    Page.longTable(out, "Feature-label screen of each feature", scores.size(), rest -> out.open("table", "id",
        rest ? null : "feature-label-table", "class", "numbers stack").open("thead").open("tr")
        .element("th", "Feature").element("th", "Type").element("th", "AUC", "class", "num")
        .element("th", "Interval", "class", "num").element("th", "Positives go with")
        .element("th", "Missing", "class", "num").element("th", "Result").close().close(),
        i -> row(scores.get(i), i == 0), "features", 1);
    out.close().nl();
  }

  private void row(FeatureScore s, boolean worst) {
    out.open("tr", "data-feature", s.feature(), "class", worst ? "worst" : null);
    Page.identifier(out, "td", "mono", s.feature());
    out.element("td", s.type(), "data-label", "Type");
    out.element("td", fmt("%.3f", s.auc()), "class", "num", "data-label", "AUC");
    out.element("td", s.hasInterval() ? fmt("%.3f – %.3f", s.ciLower(), s.ciUpper()) : "–", "class", "num",
        "data-label", "Interval");
    out.element("td", s.type().equals("categorical") ? "higher out-of-fold rate"
        : s.higherMeansPositive() ? "higher values" : "lower values", "data-label", "Positives go with");
    out.element("td", fmt("%,d", s.missing()), "class", "num", "data-label", "Missing");
    out.open("td", "data-label", "Result");
    Finding finding = findings.get(s.feature());
    if (finding == null) {
      Page.tag(out, "below the limit", "ok");
    } else if (r.isWaived(finding)) {
      Page.tag(out, "waived by the review", "info");
    } else {
      Page.tag(out, s.perfect() ? "separates the classes perfectly" : "at or above the limit", "bad");
    }
    out.close();
    out.close().nl();
  }
}
