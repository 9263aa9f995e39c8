package dev.backtestgate.lifttrend;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.metrics.AucComparison;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The picture of a lift trend, as inline SVG for the HTML report: the lift of each measured period as a point with
 * its interval, skipped periods as a grey mark on the axis, the zero line, the lift limit, and, when the change
 * point fails the test, the boundary and the weighted mean lift before and after it.
 *
 * <pre>{@code
 * String svg = LiftTrendPlot.svg(trend, 0.05);   // <svg ... id="lift-trend-plot">...</svg>
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class LiftTrendPlot {
  /** Room for the axis title and the value labels ("limit +0.050" at the page's text size). */
  private static final int LEFT = 104;
  private static final int TOP = 14;
  private static final int HEIGHT = 220;
  private static final int BOTTOM = 30;
  private static final int STEP_MIN = 8;
  private static final int STEP_MAX = 72;
  /** The width of one character of a tick label, at the page's 12 px. */
  private static final double CHAR = 7.2;
  private static final String POINT = "#1570ef";
  private static final String LIMIT = "#d92d20";

  private LiftTrendPlot() {}

  /** The chart; {@code maxLift} is the lift limit drawn as a line (NaN for none). */
  public static String svg(LiftTrend trend, double maxLift) {
    List<PeriodLift> periods = trend.periods();
    int n = Math.max(1, periods.size());
    int step = Math.max(STEP_MIN, Math.min(STEP_MAX, 720 / n));
    int width = LEFT + n * step + 16;
    double low = Math.min(0, Double.isNaN(maxLift) ? 0 : maxLift);
    double high = Math.max(0, Double.isNaN(maxLift) ? 0 : maxLift);
    for (PeriodLift p : periods) {
      if (p.measured()) {
        low = Math.min(low, p.comparison().orElseThrow().ciLower());
        high = Math.max(high, p.comparison().orElseThrow().ciUpper());
      }
    }
    double pad = Math.max(0.005, (high - low) * 0.08);
    Scale y = new Scale(low - pad, high + pad);
    String description = trend.tested() && trend.changePointFails()
        ? fmt("Lift per %s period; the lift falls at %s", trend.settings().periods().configValue(),
            trend.changePoint().orElseThrow().firstAfter())
        : "Lift per " + trend.settings().periods().configValue() + " period";
    StringBuilder out = new StringBuilder();
    // drawn at its own size (the page never scales it), so its text is the page's; a narrow screen scrolls it
    out.append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
        + "role=\"img\" aria-label=\"%s\" id=\"lift-trend-plot\" class=\"lift-trend\">", width,
        TOP + HEIGHT + BOTTOM, width, TOP + HEIGHT + BOTTOM, Wording.xml(description)));
    out.append("<title>").append(Wording.xml(description)).append("</title>");
    out.append(fmt("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#98a2b3\"/>", LEFT, TOP,
        n * step, HEIGHT));
    horizontal(out, y.at(0), LEFT, n * step, "#475467", "4 4", "lift-trend-zero", "0");
    if (!Double.isNaN(maxLift)) {
      horizontal(out, y.at(maxLift), LEFT, n * step, LIMIT, "6 3", "lift-trend-limit", fmt("limit %+.3f", maxLift));
    }
    if (trend.tested() && trend.changePointFails()) {
      LiftTrend.ChangePoint cp = trend.changePoint().orElseThrow();
      int change = 0;
      while (!periods.get(change).period().equals(cp.firstAfter())) {
        change++;
      }
      double x = LEFT + change * step;
      out.append(fmt("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" "
          + "id=\"lift-trend-change\"/>", x, TOP, x, TOP + HEIGHT, LIMIT));
      out.append(fmt("<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"start\">the lift falls at %s</text>",
          x + 4, TOP + 12, Wording.xml(cp.firstAfter())));
      out.append(fmt("<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" "
          + "id=\"lift-trend-before\"/>", LEFT, y.at(cp.before()), x, y.at(cp.before()), POINT));
      out.append(fmt("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" "
          + "id=\"lift-trend-after\"/>", x, y.at(cp.after()), LEFT + n * step, y.at(cp.after()), POINT));
    }
    int longest = periods.stream().mapToInt(p -> p.period().length()).max().orElse(1);
    int labelEvery = Math.max(1, (int) Math.ceil((longest * CHAR + 10) / step));   // labels side by side, apart
    for (int k = 0; k < periods.size(); k++) {
      PeriodLift p = periods.get(k);
      double x = LEFT + k * step + step / 2.0;
      if (p.measured()) {
        AucComparison c = p.comparison().orElseThrow();
        out.append(fmt("<g class=\"period\" data-period=\"%s\"><title>%s</title>", Wording.xml(p.period()),
            Wording.xml(fmt("%s: lift %+.3f (%.0f%% interval %+.3f to %+.3f), %,d rows", p.period(), c.lift(),
                c.confidenceLevel() * 100, c.ciLower(), c.ciUpper(), p.rows()))));
        out.append(fmt("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>", x, y.at(c.ciLower()),
            x, y.at(c.ciUpper()), POINT));
        out.append(fmt("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/></g>", x, y.at(c.lift()), POINT));
      } else {
        out.append(fmt("<g class=\"skipped\" data-period=\"%s\"><title>%s</title><text x=\"%.1f\" y=\"%.1f\" "
            + "text-anchor=\"middle\" fill=\"#98a2b3\" class=\"tick\">&#215;</text></g>", Wording.xml(p.period()),
            Wording.xml(fmt("%s: skipped, %,d positive and %,d negative rows", p.period(), p.positives(), p.negatives())),
            x, y.at(0) + 4));
      }
      if (k % labelEvery == 0) {
        out.append(fmt("<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" class=\"tick\">%s</text>", x,
            TOP + HEIGHT + 18, Wording.xml(p.period())));
      }
    }
    out.append(fmt("<text x=\"14\" y=\"%d\" text-anchor=\"middle\" class=\"axis\" transform=\"rotate(-90 14 %d)\">"
        + "AUC lift</text>", TOP + HEIGHT / 2, TOP + HEIGHT / 2));
    return out.append("</svg>").toString();
  }

  private static void horizontal(StringBuilder out, double y, int left, int width, String color, String dash,
      String id, String label) {
    out.append(fmt("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"%s\" "
        + "id=\"%s\"/>", left, y, left + width, y, color, dash, id));
    out.append(fmt("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" class=\"tick\">%s</text>", left - 4, y + 4,
        Wording.xml(label)));
  }


  /** Lift to a y coordinate, higher lifts higher up. */
  private record Scale(double low, double high) {
    double at(double lift) {
      return TOP + HEIGHT * (high - lift) / (high - low);
    }
  }
}
