package dev.backtestgate.lifttrend;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Finding;
import dev.backtestgate.metrics.AucComparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The periods as the console lists them and as the JSON report carries them: one home for both findings. */
final class PeriodTable {
  private PeriodTable() {}

  /**
   * One console line per period: its lift with the interval, or why it was skipped; {@code changeAt} (a period name,
   * or {@code ""}) is marked.
   */
  static List<String> lines(List<PeriodLift> periods, int minClass, String changeAt) {
    int width = periods.stream().mapToInt(p -> p.period().length()).max().orElse(0);
    List<String> lines = new ArrayList<>();
    for (PeriodLift p : periods) {
      String name = p.period() + " ".repeat(width - p.period().length());
      String counts = fmt("%,d rows, %,d positive", p.rows(), p.positives());
      String mark = p.period().equals(changeAt) ? "   <- the lift falls here" : "";
      lines.add(p.comparison().map(c -> fmt("    %s  lift %+.3f  (%.0f%% interval %+.3f to %+.3f)  %s%s", name,
          c.lift(), c.confidenceLevel() * 100, c.ciLower(), c.ciUpper(), counts, mark))
          .orElseGet(() -> p.rows() == 0 ? fmt("    %s  skipped: no rows", name)
              : fmt("    %s  skipped: %s, fewer than %d of each class%s", name, counts, minClass, mark)));
    }
    return lines;
  }

  /**
   * The periods as the HTML page's table: period, lift, interval, rows, positives, and a note (the change point, or
   * why a period was skipped); the row of {@code changeAt} (a period name, or {@code ""}) marked. It stands for the
   * {@code lines} console lines before it.
   */
  static Finding.Table table(String caption, List<PeriodLift> periods, int minClass, String changeAt, int lines) {
    List<List<String>> rows = new ArrayList<>();
    int marked = -1;
    for (PeriodLift p : periods) {
      String note = p.period().equals(changeAt) ? "the lift falls here"
          : p.measured() ? "" : p.rows() == 0 ? "skipped: no rows" : fmt("skipped: fewer than %d of each class",
              minClass);
      marked = p.period().equals(changeAt) ? rows.size() : marked;
      rows.add(p.comparison().map(c -> List.of(p.period(), fmt("%+.3f", c.lift()),
          fmt("%+.3f to %+.3f", c.ciLower(), c.ciUpper()), fmt("%,d", p.rows()), fmt("%,d", p.positives()), note))
          .orElseGet(() -> List.of(p.period(), "", "", fmt("%,d", p.rows()), fmt("%,d", p.positives()), note)));
    }
    return new Finding.Table(caption, List.of("Period", "Lift", "95% interval", "Rows", "Positives", ""), rows, marked,
        lines);
  }

  /** The periods for the JSON report, in time order. */
  static List<Map<String, Object>> evidence(List<PeriodLift> periods) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (PeriodLift p : periods) {
      Map<String, Object> period = new LinkedHashMap<>();
      period.put("period", p.period());
      period.put("start", p.start().toString());
      period.put("end", p.end().toString());
      period.put("rows", p.rows());
      period.put("positives", p.positives());
      period.put("negatives", p.negatives());
      period.put("measured", p.measured());
      if (p.measured()) {
        AucComparison c = p.comparison().orElseThrow();
        period.put("candidateAuc", c.candidateAuc());
        period.put("baselineAuc", c.baselineAuc());
        period.put("lift", c.lift());
        period.put("standardError", c.standardError());
        period.put("ciLower", c.ciLower());
        period.put("ciUpper", c.ciUpper());
        period.put("confidenceLevel", c.confidenceLevel());
      }
      list.add(period);
    }
    return list;
  }

  /** The settings for the JSON report. */
  static Map<String, Object> settings(LiftTrendSettings s) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("periods", s.periods().configValue());
    settings.put("minClass", s.minClass());
    settings.put("alpha", s.alpha());
    settings.put("minStep", s.minStep());
    return settings;
  }
}
