package dev.backtestgate.pipeline;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.internal.Wording;

import java.util.List;

/**
 * The lift carried per feature as horizontal bars with their intervals, drawn at the page's own text size (12 px,
 * width and height fixed in pixels so that the browser does not scale the text with the chart).
 */
final class AttributionPlot {
  private static final int ROW = 22;
  private static final int TOP = 8;
  private static final int LABEL = 150;
  private static final int PLOT = 300;
  private static final int RIGHT = 64;
  private static final String BAR = "#1570ef";
  /** A feature the baseline also uses: shown, never a carrier. */
  private static final String SHARED = "#98a2b3";
  private static final String LIFT = "#d92d20";

  private AttributionPlot() {}

  static String svg(List<FeatureLift> features, double lift) {
    if (features.isEmpty()) {
      return "";
    }
    double high = Double.isNaN(lift) ? 0 : Math.max(0, lift);
    double low = 0;
    for (FeatureLift f : features) {
      high = Math.max(high, f.ciUpper());
      low = Math.min(low, f.ciLower());
    }
    if (high - low < 1e-9) {
      high = low + 0.01;
    }
    double span = high - low;
    int height = TOP + features.size() * ROW + 24;
    int width = LABEL + PLOT + RIGHT;
    StringBuilder out = new StringBuilder();
    String title = Double.isNaN(lift) ? "AUC lost without each feature"
        : "AUC lost without each feature, against the refit's " + Attribution.lift(lift) + " lift";
    out.append(fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
        + "role=\"img\" aria-label=\"%s\" class=\"lift-attribution\" font-size=\"12\">", width, height, width, height,
        Wording.xml(title)));
    out.append("<title>").append(Wording.xml(title)).append("</title>");
    double zero = LABEL + PLOT * (0 - low) / span;
    out.append(fmt("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#475467\"/>", zero, TOP, zero,
        TOP + features.size() * ROW));
    for (int k = 0; k < features.size(); k++) {
      FeatureLift f = features.get(k);
      int y = TOP + k * ROW;
      double x0 = LABEL + PLOT * (Math.min(0, f.carried()) - low) / span;
      double x1 = LABEL + PLOT * (Math.max(0, f.carried()) - low) / span;
      String name = f.feature().length() > 22 ? f.feature().substring(0, 21) + "\u2026" : f.feature();
      out.append(fmt("<g class=\"feature%s\" data-feature=\"%s\"><title>%s</title>", f.inBaseline() ? " in-baseline"
          : "", Wording.xml(f.feature()), Wording.xml(fmt("%s: %+.3f AUC without it (95%% interval %+.3f to %+.3f)%s",
              f.feature(), f.carried(), f.ciLower(), f.ciUpper(), f.inBaseline() ? ", also in the baseline" : ""))));
      out.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>", LABEL - 6, y + 15, Wording.xml(name)));
      out.append(fmt("<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"14\" fill=\"%s\"/>", x0, y + 4,
          Math.max(1, x1 - x0), f.inBaseline() ? SHARED : BAR));
      double lo = LABEL + PLOT * (f.ciLower() - low) / span;
      double hi = LABEL + PLOT * (f.ciUpper() - low) / span;
      out.append(fmt("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#101828\"/>", lo, y + 11, hi,
          y + 11));
      out.append(fmt("<text x=\"%d\" y=\"%d\">%+.3f</text></g>", LABEL + PLOT + 6, y + 15, f.carried()));
    }
    if (!Double.isNaN(lift) && lift > 0) {
      double x = LABEL + PLOT * (lift - low) / span;
      out.append(fmt("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-dasharray=\"4 3\" "
          + "class=\"lift\"/>", x, TOP, x, TOP + features.size() * ROW, LIFT));
      out.append(fmt("<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\" fill=\"%s\">lift %s</text>", x,
          TOP + features.size() * ROW + 16, LIFT, Attribution.lift(lift)));
    }
    return out.append("</svg>").toString();
  }

}
