package dev.backtestgate.trials;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.internal.Wording;
import java.util.List;

/**
 * The picture of a test set's trials, as inline SVG for the HTML report: each trial's z in the order they were
 * recorded (this run's in red), the zero line, the z a lift needs to be significant alone, and the best-of-N line:
 * the z the best of that many candidates with no real lift reaches by chance.
 */
final class TrialsPlot {
  private static final int LEFT = 150;   // room for "best of 1,000 12.34" beside the rotated axis title
  private static final int TOP = 14;
  private static final int HEIGHT = 200;
  private static final int BOTTOM = 30;
  private static final int STEP_MIN = 4;
  private static final int STEP_MAX = 36;
  private static final String POINT = "#1570ef";
  private static final String THIS_RUN = "#d92d20";

  private TrialsPlot() {}

  /**
   * The chart.
   *
   * @param zs each trial's z in ledger order ({@code NaN} for a trial without one)
   * @param thisRun the index of this run's trial in {@code zs}
   */
  static String svg(List<Double> zs, int thisRun, Deflation d) {
    int n = Math.max(1, zs.size());
    int step = Math.max(STEP_MIN, Math.min(STEP_MAX, 720 / n));
    int width = LEFT + n * step + 16;
    double low = Math.min(0, d.expectedBestZ());
    double high = Math.max(Math.max(d.critical(), d.expectedBestZ() + d.critical()), 0);
    for (double z : zs) {
      if (Double.isFinite(z)) {
        low = Math.min(low, z);
        high = Math.max(high, z);
      }
    }
    double pad = Math.max(0.1, (high - low) * 0.08);
    double bottom = low - pad;
    double top = high + pad;
    String description = fmt("The z of each of %,d trials on this test set, in order; the best of %,d candidates "
        + "with no real lift reaches about %.2f", zs.size(), zs.size(), d.expectedBestZ());
    StringBuilder out = new StringBuilder();
    out.append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
        + "role=\"img\" aria-label=\"%s\" id=\"trials-plot\" class=\"trials\">", width, TOP + HEIGHT + BOTTOM, width,
        TOP + HEIGHT + BOTTOM, Wording.xml(description)));
    out.append("<title>").append(Wording.xml(description)).append("</title>");
    out.append(fmt("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#98a2b3\"/>", LEFT, TOP,
        n * step, HEIGHT));
    horizontal(out, y(0, bottom, top), n * step, "#475467", "4 4", "trials-zero", "z 0");
    horizontal(out, y(d.critical(), bottom, top), n * step, "#475467", "2 3", "trials-critical",
        fmt("alone %.2f", d.critical()));
    horizontal(out, y(d.expectedBestZ(), bottom, top), n * step, THIS_RUN, "6 3", "trials-best-of-n",
        fmt("best of %,d %.2f", zs.size(), d.expectedBestZ()));
    for (int k = 0; k < zs.size(); k++) {
      double z = zs.get(k);
      if (!Double.isFinite(z)) {
        continue;
      }
      double x = LEFT + k * step + step / 2.0;
      boolean mine = k == thisRun;
      out.append(fmt("<g class=\"%s\"><title>%s</title><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\"/></g>",
          mine ? "trial this-run" : "trial", Wording.xml(fmt("trial %,d%s: z %.2f", k + 1, mine ? " (this run)" : "",
              z)), x, y(z, bottom, top), mine ? 4 : 3, mine ? THIS_RUN : POINT));
    }
    out.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"start\" class=\"tick\">trial 1</text>", LEFT,
        TOP + HEIGHT + 18));
    out.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" class=\"tick\">trial %,d</text>", LEFT + n * step,
        TOP + HEIGHT + 18, zs.size()));
    out.append(fmt("<text x=\"14\" y=\"%d\" text-anchor=\"middle\" class=\"axis\" transform=\"rotate(-90 14 %d)\">"
        + "z of the lift</text>", TOP + HEIGHT / 2, TOP + HEIGHT / 2));
    return out.append("</svg>").toString();
  }

  private static void horizontal(StringBuilder out, double y, int width, String color, String dash, String id,
      String label) {
    out.append(fmt("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"%s\" "
        + "id=\"%s\"/>", LEFT, y, LEFT + width, y, color, dash, id));
    out.append(fmt("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" class=\"tick\">%s</text>", LEFT - 4, y + 4,
        Wording.xml(label)));
  }

  private static double y(double z, double bottom, double top) {
    return TOP + HEIGHT * (top - z) / (top - bottom);
  }
}
