package dev.backtestgate.lifttrend;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.EvidencePart;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.RunSummary;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.metrics.AucComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The lift per decision-time period and the test for its signature: a lift that falls toward the present, as it does
 * when history was rewritten in place up to some date. Two one-sided statistics, each at {@code alpha / 2} so that
 * together they raise a false alarm on a stable lift at most {@code alpha} of the time (Bonferroni):
 *
 * <ul>
 *   <li>the change point: over every boundary between measured periods, the difference of the inverse-variance
 *       weighted mean lift before and after, divided by its standard error; the largest is calibrated for the
 *       maximum over boundaries by the Hunter-Worsley bound ({@link ChangePoint});
 *   <li>the trend: the weighted least-squares slope of the lift on the period index ({@link Trend}).
 * </ul>
 *
 * It fails when a statistic is significant and the fall is large: the lift before the change exceeds the lift after
 * it by at least {@code minStep} (for the trend: the fitted lift at the first measured period exceeds that at the
 * last by at least {@code minStep}).
 *
 * <pre>{@code
 * LiftTrend t = LiftTrend.measure(labels, candidate, baseline, decisionTimes, LiftTrendSettings.defaults(), 0.95);
 * if (t.fails()) System.out.println(t.changePoint().orElseThrow().headline());
 * }</pre>
 *
 * @param settings the settings it ran under
 * @param periods every period from the first decision's to the last's, measured or not, in time order
 * @param untested why the test did not run (fewer than 2 measured periods, all decisions in one period), or {@code
 *     ""} when it ran
 * @param changePoint the best single change point, when the test ran
 * @param trend the weighted trend, when the test ran
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftTrend(LiftTrendSettings settings, List<PeriodLift> periods, String untested,
    Optional<ChangePoint> changePoint, Optional<Trend> trend) implements EvidencePart<LiftTrend> {
  /**
   * Measured periods the test needs: with fewer, one period's noise is a large part of the before or the after, and
   * an honest run of three months was seen to fail at the nominal rate's edge; such a run is not tested.
   */
  public static final int MIN_MEASURED = 6;


  /** Checks and copies. */
  public LiftTrend {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(untested, "untested");
    periods = List.copyOf(periods);
    if (untested.isEmpty() != (changePoint.isPresent() && trend.isPresent())) {
      throw new IllegalArgumentException("a lift trend is either untested with a reason or has both statistics");
    }
  }

  /**
   * Splits the rows by decision-time period, compares the candidate with the baseline per period and tests the lifts.
   *
   * @param decisionTimes epoch milliseconds, one per row
   * @param confidenceLevel the level of the per-period intervals shown, e.g. 0.95 (the test uses {@code alpha})
   * @throws IllegalArgumentException when the periods would be more than {@link LiftTrendSettings#MAX_PERIODS}, for
   *     arrays of different lengths, and for invalid scores as {@link dev.backtestgate.metrics.DeLong#compare} says
   */
  public static LiftTrend measure(boolean[] labels, double[] candidate, double[] baseline, long[] decisionTimes,
      LiftTrendSettings settings, double confidenceLevel) {
    return measureWithAllRows(labels, candidate, baseline, decisionTimes, settings, confidenceLevel).trend();
  }

  /**
   * A lift trend and, when its pass over the rows ran, the comparison of the candidate with the baseline on all rows
   * from that same pass: bit for bit what {@link dev.backtestgate.metrics.DeLong#compare} on all rows returns, so the
   * gate need not compare all rows a second time.
   *
   * @param trend as {@link #measure} returns it
   * @param allRows empty when there are no rows or fewer than 2 of a class: then compare all rows yourself (and get
   *     its error)
   */
  @API(status = INTERNAL, since = "0.2")
  public record WithAllRows(LiftTrend trend, Optional<AucComparison> allRows) {
    /** Requires both parts. */
    public WithAllRows {
      Objects.requireNonNull(trend, "trend");
      Objects.requireNonNull(allRows, "allRows");
    }
  }

  /**
   * {@link #measureWithAllRows} on {@code run}'s rows, computed once per run, settings and confidence level and kept
   * ({@link BacktestRun#derived}), so the gate's check and the claim a report embeds share one pass over the rows.
   *
   * @return empty when the run's baseline is only an AUC number (no scores to compare per period)
   * @throws IllegalArgumentException as {@link #measure} does (nothing is kept then)
   */
  @API(status = INTERNAL, since = "0.3")
  public static Optional<WithAllRows> measureWithAllRows(BacktestRun run, LiftTrendSettings settings,
      double confidenceLevel) {
    Objects.requireNonNull(settings, "settings");
    return run.baseline().rowScores().map(baseline -> run.derived(new Measured(settings, confidenceLevel),
        () -> measureWithAllRows(run.labels(), run.candidateScores(), baseline, run.decisionTimes(), settings,
            confidenceLevel)));
  }

  /** The key of a run's kept pass. */
  private record Measured(LiftTrendSettings settings, double confidenceLevel) {}

  /**
   * {@link #measure}, with the comparison on all rows from the same pass.
   *
   * @throws IllegalArgumentException as {@link #measure} does
   */
  @API(status = INTERNAL, since = "0.2")
  public static WithAllRows measureWithAllRows(boolean[] labels, double[] candidate, double[] baseline,
      long[] decisionTimes, LiftTrendSettings settings, double confidenceLevel) {
    int n = labels.length;
    if (candidate.length != n || baseline.length != n || decisionTimes.length != n) {
      throw new IllegalArgumentException(fmt("labels, candidate scores, baseline scores and decision times must have "
          + "one entry per row: %,d, %,d, %,d and %,d", n, candidate.length, baseline.length, decisionTimes.length));
    }
    if (n == 0) {
      return new WithAllRows(untested(settings, List.of(), "there are no rows"), Optional.empty());
    }
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (long t : decisionTimes) {
      first = Math.min(first, t);
      last = Math.max(last, t);
    }
    PeriodGrid grid = settings.periods().grid(first, last, LiftTrendSettings.MAX_PERIODS);
    PeriodSplit.Measured measured = PeriodSplit.measureWithAll(labels, candidate, baseline, decisionTimes, grid,
        settings.minClass(), confidenceLevel);
    return new WithAllRows(test(measured.periods(), settings), measured.allRows());
  }

  /**
   * Tests lifts measured elsewhere (by another engine, from the same exact sums): the same statistics as {@link
   * #measure}.
   *
   * @param periods every period in time order, {@link PeriodLift#index()} increasing
   */
  public static LiftTrend test(List<PeriodLift> periods, LiftTrendSettings settings) {
    for (int k = 1; k < periods.size(); k++) {
      if (periods.get(k).index() <= periods.get(k - 1).index()) {
        throw new IllegalArgumentException("periods must be in time order: index " + periods.get(k).index()
            + " follows " + periods.get(k - 1).index());
      }
    }
    if (periods.size() == 1) {
      PeriodLift only = periods.get(0);
      return untested(settings, periods, fmt("all %,d decisions fall in one period (%s), so the lift cannot be "
          + "compared over time; shorter periods (%s) would split them", only.rows(), only.period(),
          LiftTrendSettings.PERIODS));
    }
    List<PeriodLift> measured = periods.stream().filter(PeriodLift::measured).toList();
    if (measured.size() < 2) {
      return untested(settings, periods, fmt("%s of %d periods %s at least %d positive and %d negative rows "
          + "(%s), and a trend needs 2", measured.isEmpty() ? "none" : "only 1", periods.size(),
          measured.size() == 1 ? "has" : "have", settings.minClass(), settings.minClass(),
          LiftTrendSettings.MIN_CLASS));
    }
    if (measured.size() < MIN_MEASURED) {
      return untested(settings, periods, fmt("only %d periods are measured, and a change over time needs at least %d "
          + "(a shorter test window cannot show a backfill's step apart from chance)", measured.size(), MIN_MEASURED));
    }
    TrendTest statistics = new TrendTest(measured);
    return new LiftTrend(settings, periods, "", Optional.of(statistics.changePoint()),
        Optional.of(statistics.trend()));
  }

  private static LiftTrend untested(LiftTrendSettings settings, List<PeriodLift> periods, String why) {
    return new LiftTrend(settings, periods, why, Optional.empty(), Optional.empty());
  }

  /** Whether the test ran. */
  public boolean tested() {
    return untested.isEmpty();
  }

  /** Whether the change point is significant at {@code alpha / 2} and the fall at least {@code minStep}. */
  public boolean changePointFails() {
    return changePoint.filter(c -> c.pValue() <= settings.alpha() / 2 && c.step() >= settings.minStep()).isPresent();
  }

  /** Whether the trend is significant at {@code alpha / 2} and its fitted fall at least {@code minStep}. */
  public boolean trendFails() {
    return trend.filter(t -> t.pValue() <= settings.alpha() / 2 && t.fall() >= settings.minStep()).isPresent();
  }

  /** Whether the lift falls toward the present, significantly and by at least {@code minStep}. */
  public boolean fails() {
    return changePointFails() || trendFails();
  }

  /** The periods whose lift was measured. */
  public List<PeriodLift> measured() {
    return periods.stream().filter(PeriodLift::measured).toList();
  }

  /** The periods shown but skipped for too few rows of a class. */
  public List<PeriodLift> skipped() {
    List<PeriodLift> skipped = new ArrayList<>();
    for (PeriodLift p : periods) {
      if (!p.measured()) {
        skipped.add(p);
      }
    }
    return skipped;
  }

  /**
   * The best single change point.
   *
   * @param firstAfter the first measured period after the boundary: the lift changes at its start
   * @param before the inverse-variance weighted mean lift of the measured periods before the boundary
   * @param after that of the measured periods from {@code firstAfter} on
   * @param z {@code (before - after) / sqrt(1 / W_before + 1 / W_after)}, the largest over all boundaries
   * @param pValue the Hunter-Worsley bound on the chance of a {@code z} this large at any boundary under a stable lift
   * @param boundaries how many boundaries were scanned (measured periods less one)
   */
  public record ChangePoint(String firstAfter, double before, double after, double z, double pValue,
      int boundaries) {
    /** How far the lift falls at the change: {@code before - after}. */
    public double step() {
      return before - after;
    }
  }

  /**
   * The weighted least-squares line of the lift on the period index, each period weighted by the inverse of its
   * lift's variance.
   *
   * @param slope the change of the lift per period
   * @param z the slope over its standard error {@code 1 / sqrt(sum w (x - mean x)^2)}
   * @param pValue the one-sided chance of a slope this negative under a stable lift, {@code Phi(z)}
   * @param firstPeriod the first measured period
   * @param fittedFirst the line at the first measured period
   * @param lastPeriod the last measured period
   * @param fittedLast the line at the last measured period
   */
  public record Trend(double slope, double z, double pValue, String firstPeriod, double fittedFirst,
      String lastPeriod, double fittedLast) {
    /** How far the fitted lift falls from the first measured period to the last. */
    public double fall() {
      return fittedFirst - fittedLast;
    }
  }

  /** Evidence carries one lift trend: a second is refused. */
  @Override
  public LiftTrend plus(LiftTrend later) {
    throw new IllegalArgumentException("the evidence already carries a lift trend: measure it once, over all rows");
  }

  /** The trend's periods must hold exactly the evidence's rows and positives: a trend of other rows is refused. */
  @Override
  public List<String> problems(GateEvidence evidence) {
    long rows = 0;
    long positives = 0;
    for (PeriodLift p : periods) {
      rows += p.rows();
      positives += p.positives();
    }
    RunSummary summary = evidence.summary();
    return rows == summary.rows() && positives == summary.positives() ? List.of()
        : List.of("the lift trend's periods hold " + Wording.count(rows) + " rows and " + Wording.count(positives)
            + " positives but the summary "
            + "has " + summary.rows() + " and " + summary.positives() + ": measure the trend over the same rows");
  }

  /** The settings it was measured under: the gate refuses to judge it under others. */
  @Override
  public List<dev.backtestgate.CheckSettings> computedUnder() {
    return List.of(settings);
  }
}
