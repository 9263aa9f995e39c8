package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Comparison;

/**
 * The lift bar of the HTML report, as inline SVG: the lift as a dot, its confidence interval as a bar,
 * zero, the limit with the zone beyond it shaded, and (when a sign-off exists) the lift it allows.
 */
final class LiftBar {
  static final String ABOVE_COLOR = "#d92d20";
  static final String WITHIN_COLOR = "#1570ef";
  /** Dark enough for its label to pass WCAG AA (4.5:1) on white, like the limit's red. */
  static final String ALLOWANCE_COLOR = "#067647";
  static final int LEFT = 24;
  /**
   * The plot's width in viewBox units: narrow enough that on a 375 px phone the chart is scaled by about 0.8 only, so
   * its text (14.5 units, the page's style sheet) stays at 0.8 times the body text or more; at most 460 px wide on a
   * desktop, where it is about 1.15 times.
   */
  static final int WIDTH = 360;
  private static final int RIGHT = LEFT + WIDTH;
  private static final int BAND_TOP = 44;
  private static final int AXIS = 112;
  private static final int BAR = 78;
  /** The label of the zone beyond the limit. */
  static final String ZONE_LABEL = "needs a sign-off";
  /**
   * The least width of that zone, in viewBox units: the label (about 120 units at 14.5 px) with room either side.
   * The scale is stretched to give the zone this much, so a lift far below the limit never clips the label.
   */
  static final double ZONE_ROOM = 140;

  private final double lo;
  private final double hi;

  private LiftBar(double lo, double hi) {
    this.lo = lo;
    this.hi = hi;
  }

  /** The farthest lift the bar draws, either side of zero. */
  private static final double EDGE = 2;

  /**
   * Writes the bar.
   *
   * @param allowance the largest lift a sign-off covers (reviewed lift plus tolerance), or NaN when none
   */
  static void write(Html out, Comparison c, double maxLift, double allowance) {
    double min = Math.min(0, maxLift);
    double max = Math.max(0, maxLift);
    for (double v : new double[] {c.lift(), c.ciLower(), c.ciUpper(), allowance}) {
      if (Double.isFinite(v)) {
        min = Math.min(min, clamp(v));
        max = Math.max(max, clamp(v));
      }
    }
    double pad = Math.max(max - min, 0.02) * 0.08;
    double lo = min - pad;
    double hi = max + pad;
    double limit = clamp(maxLift);
    double share = ZONE_ROOM / WIDTH;
    if (Double.isFinite(limit) && (hi - limit) / (hi - lo) < share) {
      hi = (limit - share * lo) / (1 - share);
    }
    new LiftBar(lo, hi).draw(out, c, maxLift, allowance);
  }

  /** The x coordinate of a lift value. */
  double x(double lift) {
    return LEFT + (clamp(lift) - lo) / (hi - lo) * WIDTH;
  }

  /**
   * A lift as the bar can draw it: lifts lie in [-1, 1], so anything beyond [-2, 2] (an infinite bound, a
   * broken input) is drawn at that edge instead of stretching the scale until no tick fits.
   */
  private static double clamp(double lift) {
    return Math.max(-EDGE, Math.min(EDGE, lift));
  }

  private void draw(Html out, Comparison c, double maxLift, double allowance) {
    boolean above = c.lift() > maxLift;
    String color = above ? ABOVE_COLOR : WITHIN_COLOR;
    String description = fmt("Lift %+.3f with its %.0f%% interval %+.3f to %+.3f against the limit %+.3f", c.lift(),
        100 * c.confidence(), c.ciLower(), c.ciUpper(), maxLift);
    out.open("svg", "xmlns", "http://www.w3.org/2000/svg", "viewBox", "0 0 " + (RIGHT + LEFT) + " 136",
        "role", "img", "aria-label", description, "class", "lift");
    out.element("title", description);
    double limitX = x(maxLift);
    out.empty("rect", "x", px(limitX), "y", px(BAND_TOP), "width", px(RIGHT - limitX), "height", px(AXIS - BAND_TOP),
        "fill", "#fef3f2", "id", "lift-zone");
    out.element("text", ZONE_LABEL, "x", px(limitX + 6), "y", px(AXIS - 6), "class", "zone", "data-box", "lift-zone");
    Ticks ticks = Ticks.within(lo, hi, 5);
    for (int i = 0; i < ticks.count(); i++) {
      String x = px(x(ticks.at(i)));
      out.empty("line", "x1", x, "y1", px(AXIS), "x2", x, "y2", px(AXIS + 5), "stroke", "#98a2b3");
      out.element("text", ticks.label(i), "x", x, "y", px(AXIS + 19), "text-anchor", "middle", "class", "tick");
    }
    out.empty("line", "x1", px(LEFT), "y1", px(AXIS), "x2", px(RIGHT), "y2", px(AXIS), "stroke", "#98a2b3");
    String zero = px(x(0));
    out.empty("line", "x1", zero, "y1", px(BAND_TOP), "x2", zero, "y2", px(AXIS), "stroke", "#667085");
    marker(out, maxLift, "limit " + fmt("%+.3f", maxLift), ABOVE_COLOR, 16, "lift-limit");
    if (Double.isFinite(allowance)) {
      marker(out, allowance, "signed off to " + fmt("%+.3f", allowance), ALLOWANCE_COLOR, 36, "lift-allowance");
    }
    if (Double.isFinite(c.ciLower()) && Double.isFinite(c.ciUpper())) {
      double from = x(c.ciLower());
      out.empty("rect", "x", px(from), "y", px(BAR - 8), "width", px(Math.max(x(c.ciUpper()) - from, 1)),
          "height", "16", "rx", "3", "fill", color, "fill-opacity", "0.22", "stroke", color,
          "stroke-dasharray", c.interval() == Comparison.Interval.PAIRED_DELONG ? null : "4 3", "id", "lift-ci");
    }
    if (Double.isFinite(c.lift())) {
      out.empty("circle", "cx", px(x(c.lift())), "cy", px(BAR), "r", "7", "fill", color, "stroke", "#fff",
          "stroke-width", "1.5", "id", "lift-point");
      out.element("text", fmt("%+.3f", c.lift()), "x", px(x(c.lift())), "y", px(BAR - 14), "text-anchor", "middle",
          "class", "value");
    }
    out.close();
  }

  private void marker(Html out, double value, String label, String color, int labelY, String id) {
    double x = x(value);
    out.empty("line", "x1", px(x), "y1", px(labelY + 4), "x2", px(x), "y2", px(AXIS), "stroke", color,
        "stroke-width", "1.5", "stroke-dasharray", "5 3", "id", id);
    boolean leftHalf = x < LEFT + WIDTH / 2.0;
    out.element("text", label, "x", px(leftHalf ? x + 4 : x - 4), "y", px(labelY), "text-anchor",
        leftHalf ? "start" : "end", "fill", color, "class", "marker");
  }

  private static String px(double value) {
    return fmt("%.1f", value);
  }
}
