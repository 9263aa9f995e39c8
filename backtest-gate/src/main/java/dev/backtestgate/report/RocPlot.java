package dev.backtestgate.report;

import dev.backtestgate.metrics.RocCurve;

/**
 * The ROC plot of the HTML report: candidate and baseline curves on one square chart with the chance
 * diagonal, as inline SVG. Curves arrive down-sampled ({@link ReportEvidence#MAX_CURVE_POINTS}); the path
 * is then drawn in tenths of a pixel, dropping points that land on the previous one or in the middle of a
 * straight horizontal or vertical run, so a staircase keeps only its corners.
 */
final class RocPlot {
  static final String CANDIDATE_COLOR = "#1570ef";
  static final String BASELINE_COLOR = "#ef6820";
  static final int LEFT = 52;
  static final int TOP = 12;
  static final int SIZE = 260;
  private static final int WIDTH = LEFT + SIZE + 16;
  private static final int HEIGHT = TOP + SIZE + 48;

  private RocPlot() {}

  /** Writes the chart; {@code baseline} may be {@code null} (the baseline is only an AUC number). */
  static void write(Html out, RocCurve candidate, RocCurve baseline, String description) {
    out.open("svg", "xmlns", "http://www.w3.org/2000/svg", "viewBox", "0 0 " + WIDTH + " " + HEIGHT,
        "role", "img", "aria-label", description, "class", "roc");
    out.element("title", description);
    for (int i = 0; i <= 5; i++) {
      String label = i == 0 ? "0" : i == 5 ? "1" : "0." + (2 * i);
      int x = LEFT + i * SIZE / 5;
      int y = TOP + SIZE - i * SIZE / 5;
      out.empty("line", "x1", num(x), "y1", num(TOP), "x2", num(x), "y2", num(TOP + SIZE), "stroke", "#eaecf0");
      out.empty("line", "x1", num(LEFT), "y1", num(y), "x2", num(LEFT + SIZE), "y2", num(y), "stroke", "#eaecf0");
      out.element("text", label, "x", num(x), "y", num(TOP + SIZE + 16), "text-anchor", "middle", "class", "tick");
      out.element("text", label, "x", num(LEFT - 6), "y", num(y + 4), "text-anchor", "end", "class", "tick");
    }
    out.empty("rect", "x", num(LEFT), "y", num(TOP), "width", num(SIZE), "height", num(SIZE), "fill", "none",
        "stroke", "#98a2b3");
    out.empty("line", "x1", num(LEFT), "y1", num(TOP + SIZE), "x2", num(LEFT + SIZE), "y2", num(TOP),
        "stroke", "#98a2b3", "stroke-dasharray", "4 4", "id", "roc-chance");
    if (baseline != null) {
      curve(out, baseline, BASELINE_COLOR, "roc-baseline");
    }
    if (candidate != null) {
      curve(out, candidate, CANDIDATE_COLOR, "roc-candidate");
    }
    out.element("text", "False positive rate", "x", num(LEFT + SIZE / 2), "y", num(TOP + SIZE + 38),
        "text-anchor", "middle", "class", "axis");
    out.element("text", "True positive rate", "x", "14", "y", num(TOP + SIZE / 2), "text-anchor", "middle",
        "transform", "rotate(-90 14 " + (TOP + SIZE / 2) + ")", "class", "axis");
    out.close();
  }

  private static void curve(Html out, RocCurve c, String color, String id) {
    out.empty("path", "d", pathData(c.falsePositiveRate(), c.truePositiveRate()), "fill", "none", "stroke", color,
        "stroke-width", "2.2", "stroke-linejoin", "round", "id", id);
  }

  /** The SVG path through the points, in plot coordinates, with redundant points dropped. */
  static String pathData(double[] fpr, double[] tpr) {
    int n = fpr.length;
    long[] xs = new long[n];
    long[] ys = new long[n];
    for (int i = 0; i < n; i++) {
      xs[i] = Math.round(10 * (LEFT + fpr[i] * SIZE));
      ys[i] = Math.round(10 * (TOP + (1 - tpr[i]) * SIZE));
    }
    StringBuilder d = new StringBuilder(n * 12);
    int last = 0;
    d.append('M');
    point(d, xs[0], ys[0]);
    for (int i = 1; i < n; i++) {
      boolean same = xs[i] == xs[last] && ys[i] == ys[last];
      boolean last1 = i == n - 1;
      boolean straight = !last1 && ((xs[last] == xs[i] && xs[i] == xs[i + 1]) || (ys[last] == ys[i] && ys[i] == ys[i + 1]));
      if (!same && !straight) {
        d.append('L');
        point(d, xs[i], ys[i]);
        last = i;
      }
    }
    return d.toString();
  }

  private static void point(StringBuilder d, long x10, long y10) {
    tenths(d, x10).append(',');
    tenths(d, y10);
  }

  private static StringBuilder tenths(StringBuilder d, long value) {
    d.append(value / 10);
    if (value % 10 != 0) {
      d.append('.').append(Math.abs(value % 10));
    }
    return d;
  }

  static String num(int value) {
    return Integer.toString(value);
  }
}
