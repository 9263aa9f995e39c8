package dev.backtestgate.lifttrend;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Kind {@code lift-trend}: the candidate's lift over the baseline falls toward the present, significantly and by at
 * least {@code backtestgate.lift-trend-min-step}: the signature of history rewritten in place up to a date. Real
 * drift does this too, so a person decides: a covering sign-off resolves it, its rationale the reason.
 *
 * <pre>{@code
 * result.findings().stream()
 *     .filter(f -> f.kind().equals(LiftTrendFinding.KIND))
 *     .forEach(f -> System.out.println(f.render().headline()));
 * }</pre>
 *
 * @param trend the periods, their lifts and both statistics; {@link LiftTrend#fails()} is true
 * @param maxLift the lift limit in force, drawn on the page's chart ({@code NaN}: none drawn)
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftTrendFinding(LiftTrend trend, double maxLift) implements Finding {
  /** The kind. */
  public static final String KIND = "lift-trend";

  /** The finding without a limit line on its chart. */
  public LiftTrendFinding(LiftTrend trend) {
    this(trend, Double.NaN);
  }

  /** Checks that the trend fails. */
  public LiftTrendFinding {
    Objects.requireNonNull(trend, "trend");
    if (!trend.fails()) {
      throw new IllegalArgumentException("a lift-trend finding needs a lift trend that fails the test");
    }
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.SIGN_OFF;
  }

  /**
   * The period at whose start the lift falls: the best change point's first period after the boundary (also when
   * only the trend fails, the boundary that best splits a steady decline).
   */
  public String changeAt() {
    return trend.changePoint().orElseThrow().firstAfter();
  }

  @Override
  public Rendering render() {
    LiftTrendSettings s = trend.settings();
    LiftTrend.ChangePoint cp = trend.changePoint().orElseThrow();
    LiftTrend.Trend line = trend.trend().orElseThrow();
    String headline = trend.changePointFails()
        ? fmt("The lift falls at %s: %+.3f before, %+.3f after.", cp.firstAfter(), cp.before(), cp.after())
        : fmt("The lift declines steadily from %+.3f (%s) to %+.3f (%s).", line.fittedFirst(), line.firstPeriod(),
            line.fittedLast(), line.lastPeriod());
    List<String> lines = new ArrayList<>();
    lines.add(headline + " The candidate's lift over the baseline falls toward the present.");
    lines.add(fmt("  change point: a fall of %.3f at %s (z = %.2f over %d boundaries, p <= %s; %s)", cp.step(),
        cp.firstAfter(), cp.z(), cp.boundaries(), p(cp.pValue()), verdict(trend.changePointFails(), cp.pValue(),
            cp.step(), s)));
    lines.add(fmt("  trend: %+.4f per period, fitted %+.3f at %s and %+.3f at %s (z = %.2f, p = %s; %s)",
        line.slope(), line.fittedFirst(), line.firstPeriod(), line.fittedLast(), line.lastPeriod(), line.z(),
        p(line.pValue()), verdict(trend.trendFails(), line.pValue(), line.fall(), s)));
    lines.add("  This is the signature of history rewritten up to " + changeAt() + ": a cleanup that rewrote old "
        + "rows in place gives the candidate the answers only for rows decided before the day it ran.");
    String caption = fmt("lift per %s period (%d measured, %d skipped):", s.periods().configValue(),
        trend.measured().size(), trend.skipped().size());
    lines.add("  " + caption);
    lines.addAll(PeriodTable.lines(trend.periods(), s.minClass(), changeAt()));
    Table table = PeriodTable.table(Character.toUpperCase(caption.charAt(0)) + caption.substring(1,
        caption.length() - 1), trend.periods(), s.minClass(), changeAt(), trend.periods().size() + 1);
    return new Rendering(headline, lines, WHY, fmt("Find what changed at %s: a cleanup, backfill or migration that "
        + "rewrote earlier rows of a table a feature reads (compare the candidate's features before and after that "
        + "date; record the table's history manifest or late writes). Rebuild those features as of each decision "
        + "time and retrain. If the model really lost its edge then (drift), a reviewer signs off with that reason.",
        changeAt()), evidence(), LiftTrendPlot.svg(trend, maxLift), table);
  }

  /** Why a falling lift matters. */
  static final String WHY = "A lift that holds only before a date is what an in-place backfill leaves behind: rows "
      + "rewritten up to the day it ran carry answers, later rows do not. Averaged over the test window the lift can "
      + "stay under the limit, so only its shape over time shows the leak.";

  private Map<String, Object> evidence() {
    LiftTrend.ChangePoint cp = trend.changePoint().orElseThrow();
    LiftTrend.Trend line = trend.trend().orElseThrow();
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("changeAt", changeAt());
    Map<String, Object> change = new LinkedHashMap<>();
    change.put("firstAfter", cp.firstAfter());
    change.put("before", cp.before());
    change.put("after", cp.after());
    change.put("step", cp.step());
    change.put("z", cp.z());
    change.put("pValue", cp.pValue());
    change.put("boundaries", cp.boundaries());
    change.put("fails", trend.changePointFails());
    evidence.put("changePoint", change);
    Map<String, Object> slope = new LinkedHashMap<>();
    slope.put("slope", line.slope());
    slope.put("z", line.z());
    slope.put("pValue", line.pValue());
    slope.put("firstPeriod", line.firstPeriod());
    slope.put("fittedFirst", line.fittedFirst());
    slope.put("lastPeriod", line.lastPeriod());
    slope.put("fittedLast", line.fittedLast());
    slope.put("fails", trend.trendFails());
    evidence.put("trend", slope);
    evidence.put("settings", PeriodTable.settings(trend.settings()));
    evidence.put("periods", PeriodTable.evidence(trend.periods()));
    return evidence;
  }

  private static String verdict(boolean fails, double p, double fall, LiftTrendSettings s) {
    if (fails) {
      return fmt("significant at alpha/2 = %s and at least the %.3f of %s", p(s.alpha() / 2), s.minStep(),
          LiftTrendSettings.MIN_STEP);
    }
    return p > s.alpha() / 2 ? fmt("not significant at alpha/2 = %s", p(s.alpha() / 2))
        : fmt("significant, but below the %.3f of %s", s.minStep(), LiftTrendSettings.MIN_STEP);
  }

  private static String p(double p) {
    return p < 1e-4 ? fmt("%.1e", p) : fmt("%.4f", p);
  }
}
