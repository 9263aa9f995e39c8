package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.lifttrend.PeriodLift;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.tripwire.FreshRows;
import dev.backtestgate.tripwire.Measurement;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.trace.FeatureSkew;
import dev.backtestgate.tripwire.trace.Reached;
import dev.backtestgate.tripwire.trace.TableTrace;
import dev.backtestgate.tripwire.trace.Trace;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The tripwire's HTML page, in the gate report's shell: the verdict (tripped, holds, could not check yet), what was
 * measured, the chart of the claim's lift per period followed by production's on one axis with the claim's interval
 * as a band, and the trace as tables when it tripped. Self-contained: no scripts, no fonts, no network.
 *
 * <pre>{@code
 * TripwireResult result = Tripwire.check(claim, outcomes, checkTime, settings);
 * TripwirePage.write(Path.of("tripwire.html"), claim, result, outcomes, checkTime, null);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class TripwirePage {
  /** The level of the per-period intervals drawn. */
  private static final double LEVEL = 0.95;
  private static final double Z95 = 1.959963984540054;

  private TripwirePage() {}

  /**
   * Writes the page to {@code target} atomically.
   *
   * @param trace the trace when the tripwire tripped, else {@code null}
   * @return the file written
   */
  public static Path write(Path target, Claim claim, TripwireResult result, Outcomes outcomes, Instant checkTime,
      Trace trace) {
    return AtomicFiles.write(target, render(claim, result, outcomes, checkTime, trace));
  }

  /**
   * The page as XHTML.
   *
   * @param outcomes the outcomes the look read: their matured rows give production's lift per period
   * @param checkTime the look's check time: rows whose label was known by then are matured
   * @param trace the trace when the tripwire tripped, else {@code null}
   */
  public static String render(Claim claim, TripwireResult result, Outcomes outcomes, Instant checkTime,
      Trace trace) {
    Html out = Page.start("Tripwire: " + claim.gate(), 16_384);
    out.element("div", "backtest-gate tripwire", "class", "kicker").nl();
    out.element("h1", claim.gate()).nl();
    out.element("p", fmt("Checked at %s against the claim of fingerprint %s.", checkTime, claim.fingerprint()),
        "class", "meta").nl();
    banner(out, claim.gate(), result);
    numbers(out, claim, result);
    chart(out, claim, result, outcomes, checkTime);
    if (result instanceof TripwireResult.Tripped && trace != null) {
      trace(out, trace);
    }
    return Page.end(out, "backtest-gate tripwire: one look; run it again as labels mature.");
  }

  private static void banner(Html out, String gate, TripwireResult result) {
    String kind;
    String verdict;
    String headline;
    if (result instanceof TripwireResult.Tripped t) {
      kind = "failed";
      verdict = "TRIPPED";
      headline = t.finding().render().headline();
    } else if (result instanceof TripwireResult.Unchecked u) {
      kind = "signed";
      verdict = "NOT CHECKED YET";
      headline = u.finding().render().headline();
    } else {
      Measurement m = ((TripwireResult.Held) result).measurement();
      kind = "passed";
      verdict = "HOLDS";
      headline = fmt("Production's %s %.3f holds the claim of backtest '%s' (%.3f).", m.statistic().words(), m.live(),
          gate, m.claimed());
    }
    out.open("section", "class", "banner " + kind, "id", "verdict").nl();
    out.element("div", verdict, "class", "verdict").nl();
    out.element("p", headline).nl();
    for (Finding f : result.findings()) {
      Finding.Rendering r = f.render();
      out.element("p", r.why());
      out.open("ol", "class", "steps").element("li", r.fix()).close().nl();
    }
    out.close().nl();
  }

  private static void numbers(Html out, Claim claim, TripwireResult result) {
    out.open("section", "class", "card", "id", "numbers").element("h2", "What was measured").nl();
    out.open("table", "class", "kv").open("tbody").nl();
    Page.row(out, "The backtest's claim", fmt("lift %+.3f (%.0f%% interval %+.3f to %+.3f) on %,d rows", claim.lift(),
        claim.confidence() * 100, claim.liftCiLower(), claim.liftCiUpper(), claim.rows()));
    if (result instanceof TripwireResult.Unchecked u) {
      Page.row(out, "Matured decisions", fmt("%,d positive, %,d negative (at least %,d of each needed)",
          u.finding().positives(), u.finding().negatives(), u.finding().minClass()));
      Page.row(out, "Not matured yet", fmt("%,d", u.finding().immature()));
    } else {
      Measurement m = result.measured().orElseThrow();
      String what = m.statistic().words();
      Page.row(out, "Compared", what + (m.noLiftReason().isEmpty() ? "" : " (" + m.noLiftReason() + ")"));
      Page.row(out, "Claimed " + what, fmt("%.3f (variance %.2e)", m.claimed(), m.claimedVariance()));
      Page.row(out, "Live " + what, fmt("%.3f (variance %.2e)", m.live(), m.liveVariance()));
      Page.row(out, "Gap", fmt("%+.3f (at least %s trips)", m.gap(), m.settings().minGap()));
      Page.row(out, "z", fmt("%.2f against the always-valid boundary %.2f (alpha %s over every look)", m.z(),
          m.boundary(), m.settings().alpha()));
      Page.row(out, "Matured decisions", fmt("%,d (%,d positive, %,d negative)", m.matured(), m.positives(),
          m.negatives()));
      Page.row(out, "Not matured yet", fmt("%,d, left out", m.immature()));
    }
    FreshRows.of(claim, result).ifPresent(f -> {
      String text = f.text().substring("Fresh rows: ".length());
      Page.row(out, "Fresh rows", Character.toUpperCase(text.charAt(0)) + text.substring(1));
    });
    out.close().close().close().nl();
  }

  /** One point of the chart: a period's lift and its interval. */
  private record Point(String period, boolean live, double lift, double lower, double upper) {}

  private static void chart(Html out, Claim claim, TripwireResult result, Outcomes outcomes, Instant checkTime) {
    out.open("section", "class", "card", "id", "chart").element("h2", "Lift per period: the claim, then production")
        .nl();
    List<Point> points = new ArrayList<>();
    if (claim.liftPerPeriod() != null) {
      for (Claim.Period p : claim.liftPerPeriod()) {
        if (p.lift() != null) {
          double half = Z95 * Math.sqrt(p.liftVariance());
          points.add(new Point(p.period(), false, p.lift(), p.lift() - half, p.lift() + half));
        }
      }
    } else {
      out.element("p", "The claim holds no lift per period (the lift trend did not run on the backtest): only "
          + "production's periods are drawn.", "class", "note").nl();
    }
    int claimed = points.size();
    String why = live(points, claim, result, outcomes, checkTime);
    int live = points.size() - claimed;
    if (!why.isEmpty()) {
      out.element("p", why, "class", "note", "id", "no-chart").nl();
    } else if (live < 2) {
      out.element("p", fmt("Production has %s with enough matured rows of each class to measure its lift: the "
          + "chart needs at least two; run the tripwire again as labels mature.", live == 1 ? "one period"
          : "no period"), "class", "note", "id", "no-chart").nl();
    } else {
      out.open("figure", "class", "finding-figure").raw(svg(claim, points)).close().nl();
      out.open("div", "class", "legend").element("span", "blue: the backtest's periods; green: production's; "
          + "band: the claim's interval; each point with its 95% interval").close().nl();
    }
    out.close().nl();
  }

  /**
   * Adds production's measured periods to {@code points}, cut as the claim's lift trend cut the backtest's; returns
   * why none can be measured, or {@code ""}.
   */
  private static String live(List<Point> points, Claim claim, TripwireResult result, Outcomes outcomes,
      Instant checkTime) {
    if (outcomes.baselineScores().isEmpty()) {
      return "Production scored no baseline beside the candidate, so its lift per period cannot be measured: score "
          + "the baseline in production (column baselineScore) to draw the chart.";
    }
    long now = checkTime.toEpochMilli();
    long[] known = outcomes.labelKnownAt();
    long[] decided = outcomes.decidedAt();
    boolean[] allLabels = outcomes.labels();
    double[] allCandidate = outcomes.candidateScores();
    double[] allBaseline = outcomes.baselineScores().orElseThrow();
    int matured = 0;
    for (long k : known) {
      matured += k <= now ? 1 : 0;
    }
    boolean[] labels = new boolean[matured];
    double[] candidate = new double[matured];
    double[] baseline = new double[matured];
    long[] times = new long[matured];
    for (int i = 0, j = 0; i < known.length; i++) {
      if (known[i] <= now) {
        labels[j] = allLabels[i];
        candidate[j] = allCandidate[i];
        baseline[j] = allBaseline[i];
        times[j++] = decided[i];
      }
    }
    LiftTrendSettings d = LiftTrendSettings.defaults();
    int minClass = result instanceof TripwireResult.Unchecked u ? u.finding().minClass()
        : result.measured().orElseThrow().settings().minClass();
    LiftTrend trend;
    try {
      trend = LiftTrend.measure(labels, candidate, baseline, times,
          new LiftTrendSettings(claim.periodLength(), minClass, d.alpha(), d.minStep()), LEVEL);
    } catch (IllegalArgumentException e) {
      return "Production's lift per period could not be measured: " + e.getMessage() + ".";
    }
    for (PeriodLift p : trend.measured()) {
      AucComparison c = p.comparison().orElseThrow();
      points.add(new Point(p.period(), true, c.lift(), c.ciLower(), c.ciUpper()));
    }
    return "";
  }

  private static final int LEFT = 64;
  private static final int TOP = 14;
  private static final int HEIGHT = 220;
  private static final int BOTTOM = 30;
  private static final String CLAIM = "#1570ef";
  private static final String LIVE = "#067647";

  private static String svg(Claim claim, List<Point> points) {
    int n = points.size();
    int step = Math.max(8, Math.min(72, 720 / n));
    int width = LEFT + n * step + 16;
    double low = Math.min(0, claim.liftCiLower());
    double high = Math.max(0, claim.liftCiUpper());
    for (Point p : points) {
      low = Math.min(low, p.lower());
      high = Math.max(high, p.upper());
    }
    double pad = Math.max(0.005, (high - low) * 0.08);
    double bottom = low - pad;
    double top = high + pad;
    java.util.function.DoubleUnaryOperator y = lift -> TOP + HEIGHT * (top - lift) / (top - bottom);
    String description = fmt("Lift per period: %d of the backtest, then %d of production; the claim's interval "
        + "%+.3f to %+.3f as a band", points.stream().filter(p -> !p.live()).count(),
        points.stream().filter(Point::live).count(), claim.liftCiLower(), claim.liftCiUpper());
    StringBuilder s = new StringBuilder();
    s.append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
        + "role=\"img\" aria-label=\"%s\" id=\"tripwire-plot\">", width, TOP + HEIGHT + BOTTOM, width,
        TOP + HEIGHT + BOTTOM, Wording.xml(description)));
    s.append("<title>").append(Wording.xml(description)).append("</title>");
    double bandTop = y.applyAsDouble(claim.liftCiUpper());
    s.append(fmt("<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.12\" "
        + "id=\"tripwire-band\"/>", LEFT, bandTop, n * step, y.applyAsDouble(claim.liftCiLower()) - bandTop, CLAIM));
    s.append(fmt("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#98a2b3\"/>", LEFT, TOP,
        n * step, HEIGHT));
    s.append(fmt("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#475467\" stroke-dasharray=\"4 4\" "
        + "id=\"tripwire-zero\"/>", LEFT, y.applyAsDouble(0), LEFT + n * step, y.applyAsDouble(0)));
    s.append(fmt("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" class=\"tick\">0</text>", LEFT - 4,
        y.applyAsDouble(0) + 4));
    s.append(fmt("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" class=\"tick\" id=\"tripwire-claimed\">"
        + "%+.3f</text>", LEFT - 4, y.applyAsDouble(claim.lift()) + 4, claim.lift()));
    long claimed = points.stream().filter(p -> !p.live()).count();
    if (claimed > 0 && claimed < n) {
      double x = LEFT + claimed * step;
      s.append(fmt("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#475467\" id=\"tripwire-shipped\"/>",
          x, TOP, x, TOP + HEIGHT));
      s.append(fmt("<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"start\">production</text>", x + 4,
          TOP + 12));
    }
    int longest = points.stream().mapToInt(p -> p.period().length()).max().orElse(1);
    int labelEvery = Math.max(1, (int) Math.ceil((longest * 7.2 + 10) / step));
    for (int k = 0; k < n; k++) {
      Point p = points.get(k);
      double x = LEFT + k * step + step / 2.0;
      String color = p.live() ? LIVE : CLAIM;
      s.append(fmt("<g class=\"%s\" data-period=\"%s\"><title>%s</title>", p.live() ? "live" : "claimed",
          Wording.xml(p.period()), Wording.xml(fmt("%s (%s): lift %+.3f (95%% interval %+.3f to %+.3f)", p.period(),
              p.live() ? "production" : "backtest", p.lift(), p.lower(), p.upper()))));
      s.append(fmt("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", x,
          y.applyAsDouble(p.lower()), x, y.applyAsDouble(p.upper()), color));
      s.append(fmt("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/></g>", x, y.applyAsDouble(p.lift()), color));
      if (k % labelEvery == 0) {
        s.append(fmt("<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" class=\"tick\">%s</text>", x,
            TOP + HEIGHT + 18, Wording.xml(p.period())));
      }
    }
    s.append(fmt("<text x=\"14\" y=\"%d\" text-anchor=\"middle\" class=\"axis\" transform=\"rotate(-90 14 %d)\">"
        + "AUC lift</text>", TOP + HEIGHT / 2, TOP + HEIGHT / 2));
    return s.append("</svg>").toString();
  }

  private static void trace(Html out, Trace trace) {
    out.open("section", "class", "card", "id", "trace").element("h2", "The trace").nl();
    if (!trace.carriers().isEmpty()) {
      out.open("table", "class", "numbers", "id", "trace-carriers").element("caption",
          "The features that carried the claimed lift").open("thead").open("tr").element("th", "feature")
          .element("th", "lift carried", "class", "num").close().close().open("tbody").nl();
      for (SignOff.LiftCarried c : trace.carriers()) {
        out.open("tr").element("td", c.feature()).element("td", fmt("%+.3f", c.carried()), "class", "num").close()
            .nl();
      }
      out.close().close().nl();
    }
    if (!trace.skews().isEmpty()) {
      out.open("table", "class", "numbers", "id", "trace-skews").element("caption",
          "Served features, their skew between the backtest and production").open("thead").open("tr")
          .element("th", "feature").element("th", "measure").element("th", "distance", "class", "num")
          .element("th", "backtest rows", "class", "num").element("th", "production rows", "class", "num")
          .close().close().open("tbody").nl();
      for (FeatureSkew f : trace.skews()) {
        out.open("tr").element("td", f.feature()).element("td", f.measure())
            .element("td", fmt("%.3f", f.distance()), "class", "num")
            .element("td", fmt("%,d", f.backtestRows()), "class", "num")
            .element("td", fmt("%,d", f.productionRows()), "class", "num").close().nl();
      }
      out.close().close().nl();
    }
    if (!trace.tables().isEmpty()) {
      out.open("table", "class", "numbers", "id", "trace-tables").element("caption",
          "The tables the claim read, as their logs tell it now").open("thead").open("tr").element("th", "table")
          .element("th", "version read").element("th", "rewrote rows before the read").element("th", "commits since")
          .close().close().open("tbody").nl();
      for (TableTrace t : trace.tables()) {
        out.open("tr").element("td", t.table()).element("td", t.versionRead() == null ? "not recorded"
            : t.versionRead()).element("td", t.read() ? commits(t.rewroteBeforeRead()) : t.unreadable())
            .element("td", t.read() ? commits(t.since()) : "").close().nl();
      }
      out.close().close().nl();
    }
    if (!trace.reached().isEmpty()) {
      out.open("table", "class", "numbers", "id", "trace-reached").element("caption",
          "Other backtests that read the same rewritten partitions").open("thead").open("tr").element("th", "gate")
          .element("th", "table").element("th", "partitions").element("th", "sign-off").close().close()
          .open("tbody").nl();
      for (Reached r : trace.reached()) {
        out.open("tr").element("td", r.gate()).element("td", r.table()).element("td", String.join(", ",
            r.partitions())).element("td", r.signOff()).close().nl();
      }
      out.close().close().nl();
    }
    for (String line : trace.notCompared()) {
      out.element("p", line, "class", "note").nl();
    }
    if (!trace.reachNotChecked().isEmpty()) {
      out.element("p", "Blast radius not (fully) checked: " + trace.reachNotChecked(), "class", "note").nl();
    }
    out.element("p", trace.closing()).nl();
    out.close().nl();
  }

  private static String commits(List<TableTrace.Commit> commits) {
    return commits.isEmpty() ? "none" : String.join("; ", commits.stream().map(TableTrace.Commit::describe).toList());
  }
}
