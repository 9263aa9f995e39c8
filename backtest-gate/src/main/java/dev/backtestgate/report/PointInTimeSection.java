package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.pointintime.PointInTimeFinding;
import dev.backtestgate.pointintime.PointInTimeViolation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The point-in-time card of the HTML report: one row per feature (checked in time, recorded late, waived,
 * timeless, or not checkable) and the example rows of every late feature.
 */
final class PointInTimeSection {
  private final Html out;
  private final GateResult r;
  private final ReportEvidence evidence;
  private final Map<String, PointInTimeViolation> violations = new LinkedHashMap<>();
  private final Map<String, Finding> findings = new LinkedHashMap<>();
  private final Map<String, Finding.CheckFailed> failures = new LinkedHashMap<>();

  PointInTimeSection(Html out, GateResult r, ReportEvidence evidence) {
    this.out = out;
    this.r = r;
    this.evidence = evidence;
    for (Finding f : r.findings()) {
      if (f instanceof PointInTimeFinding pit) {
        violations.put(pit.violation().feature(), pit.violation());
        findings.put(pit.violation().feature(), pit);
      } else if (f instanceof Finding.CheckFailed failed) {
        failures.put(failed.check(), failed);
      }
    }
  }

  void write() {
    out.open("section", "class", "card", "id", "point-in-time").element("h2", "Point in time");
    Duration lag = r.policy().availabilityLag();
    out.element("p", "A value may be used for a decision at time t only if it was recorded by t"
        + (lag.isZero() ? "" : " minus the availability lag of " + Wording.duration(lag)) + ".", "class", "note");
    // the features that need attention first, so that a long table never hides one behind its click
    List<String> features = new ArrayList<>(r.run().features());
    features.sort(Comparator.comparing(f -> !violations.containsKey(f) && !failures.containsKey(checkOf(f))));
    Page.longTable(out, "Point in time of each feature", features.size(), rest -> out.open("table", "id",
        rest ? null : "pit-features", "class", "stack pit-features").open("thead").open("tr")
        .element("th", "Feature").element("th", "Timing").element("th", "Rows recorded late", "class", "num")
        .element("th", "Latest by", "class", "num").element("th", "Result").close().close(),
        i -> featureRow(features.get(i)), "features", 0);
    for (PointInTimeViolation v : violations.values()) {
      examples(v);
    }
    for (Finding f : r.findings()) {
      if (f instanceof PointInTimeFinding && r.unresolved().contains(f)) {
        out.element("p", f.render().why(), "class", "callout");
        break;
      }
    }
    out.close().nl();
  }

  private void featureRow(String feature) {
    out.open("tr", "data-feature", feature);
    Page.identifier(out, "td", "mono", feature);
    String reason = evidence.timelessReasons().get(feature);
    boolean timeless = r.run().timelessFeatures().contains(feature);
    out.element("td", timeless ? "declared timeless" + (reason == null ? "" : ": " + reason) : "recorded time per row",
        "data-label", "Timing");
    PointInTimeViolation v = violations.get(feature);
    Finding.CheckFailed failed = failures.get(checkOf(feature));
    if (v != null) {
      boolean waived = r.isWaived(findings.get(feature));
      out.element("td", fmt("%,d of %,d (%s)", v.rowsAffected(), v.rows(), Wording.percent(v.share())), "class",
          "num", "data-label", "Rows recorded late");
      out.element("td", Wording.duration(v.largestLead()), "class", "num", "data-label", "Latest by");
      out.open("td", "data-label", "Result");
      Page.tag(out, waived ? "waived by the review" : "recorded after the decision", waived ? "info" : "bad");
      out.close();
    } else {
      out.element("td", timeless || failed != null ? "–" : "0", "class", "num", "data-label", "Rows recorded late")
          .element("td", "–", "class", "num", "data-label", "Latest by");
      out.open("td", "data-label", "Result");
      if (failed != null) {
        Page.tag(out, "check could not run", "bad");
        out.text(" " + failed.reason());
      } else if (timeless) {
        Page.tag(out, "not checked", "muted");
      } else {
        Page.tag(out, "known in time", "ok");
      }
      out.close();
    }
    out.close().nl();
  }

  /** The name of the point-in-time check of {@code feature}, as its check-failed finding names it. */
  private static String checkOf(String feature) {
    return "point in time of '" + feature + "'";
  }

  private void examples(PointInTimeViolation v) {
    boolean waived = r.isWaived(findings.get(v.feature()));
    out.element("h3", "Example rows of '" + v.feature() + "'");
    out.element("p", findings.get(v.feature()).render().lines().get(0)
        + (waived ? " Waived by the leakage review." : ""), "class", waived ? "note" : null);
    Page.scrollRegion(out, "Example rows of '" + v.feature() + "'");
    out.open("table", "class", "pit-examples stack", "data-feature", v.feature()).open("thead").open("tr")
        .element("th", "Row", "class", "num").element("th", "Decision time").element("th", "Recorded at")
        .element("th", "Recorded after the decision by", "class", "num").close().close().open("tbody");
    for (PointInTimeViolation.ExampleRow e : v.examples()) {
      out.open("tr").element("td", fmt("%d", e.row()), "class", "num", "data-label", "Row")
          .element("td", e.decisionTime().toString(), "class", "mono", "data-label", "Decision time")
          .element("td", e.knownAt().toString(), "class", "mono", "data-label", "Recorded at")
          .element("td", Wording.duration(Duration.between(e.decisionTime(), e.knownAt())), "class", "num",
              "data-label", "Recorded after the decision by")
          .close().nl();
    }
    out.close().close().close().nl();
  }
}
