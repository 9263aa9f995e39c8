package dev.backtestgate.lifttrend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Per-period lifts against DeLong on each period's rows, the statistics against their definitions, the skips. */
class LiftTrendTests {
  private static final LiftTrendSettings DEFAULTS = LiftTrendSettings.defaults();

  @Test
  void eachPeriodsLiftIsDeLongOnItsOwnRowsWhateverTheRowOrder() {
    SimulatedRuns.Period[] periods = SimulatedRuns.honest(8, 20, 400, 0.03, new SplittableRandom(1L));
    SimulatedRuns.Run ordered = SimulatedRuns.draw(periods, 0.5, false, new SplittableRandom(2L));
    SimulatedRuns.Run shuffled = SimulatedRuns.draw(periods, 0.5, true, new SplittableRandom(2L));

    LiftTrend a = LiftTrend.measure(ordered.labels(), ordered.candidate(), ordered.baseline(), ordered.times(),
        DEFAULTS, 0.9);
    LiftTrend b = LiftTrend.measure(shuffled.labels(), shuffled.candidate(), shuffled.baseline(), shuffled.times(),
        DEFAULTS, 0.9);

    assertThat(a.periods()).hasSize(8);
    for (PeriodLift p : a.periods()) {
      List<Integer> rows = new ArrayList<>();
      for (int i = 0; i < ordered.times().length; i++) {
        if (ordered.times()[i] >= p.start().toEpochMilli() && ordered.times()[i] < p.end().toEpochMilli()) {
          rows.add(i);
        }
      }
      boolean[] l = new boolean[rows.size()];
      double[] c = new double[rows.size()];
      double[] base = new double[rows.size()];
      long positives = 0;
      for (int k = 0; k < rows.size(); k++) {
        l[k] = ordered.labels()[rows.get(k)];
        c[k] = ordered.candidate()[rows.get(k)];
        base[k] = ordered.baseline()[rows.get(k)];
        positives += l[k] ? 1 : 0;
      }
      assertThat(p.positives()).isEqualTo(positives);
      assertThat(p.rows()).isEqualTo(rows.size());
      assertThat(p.measured()).isEqualTo(positives >= 30 && rows.size() - positives >= 30);
      if (p.measured()) {
        assertThat(p.comparison().orElseThrow()).isEqualTo(DeLong.compare(l, c, base, 0.9));
      }
    }
    assertThat(a.periods()).isEqualTo(b.periods());
    assertThat(a.skipped()).isNotEmpty();
    assertThat(a).isEqualTo(b);
  }

  @Test
  void theStatisticsFollowTheirDefinitions() {
    double[] lift = {0.06, 0.05, 0.07, 0.01, 0.00, 0.02};
    double[] se = {0.01, 0.02, 0.015, 0.01, 0.03, 0.02};
    List<PeriodLift> periods = new ArrayList<>();
    for (int k = 0; k < lift.length; k++) {
      periods.add(LiftTrendCalibrationTests.period(k == 5 ? 7 : k, lift[k], se[k])); // a gap before the last
    }
    LiftTrend trend = LiftTrend.test(periods, DEFAULTS);

    // brute force: every boundary's z, the best one; the weighted least-squares slope by normal equations
    double bestZ = Double.NEGATIVE_INFINITY;
    int best = -1;
    for (int j = 1; j < lift.length; j++) {
      double z = (mean(lift, se, 0, j) - mean(lift, se, j, lift.length))
          / Math.sqrt(1 / weight(se, 0, j) + 1 / weight(se, j, lift.length));
      if (z > bestZ) {
        bestZ = z;
        best = j;
      }
    }
    double[] x = {0, 1, 2, 3, 4, 7};
    double sw = 0, swx = 0, swy = 0, swxx = 0, swxy = 0;
    for (int k = 0; k < x.length; k++) {
      double w = 1 / (se[k] * se[k]);
      sw += w;
      swx += w * x[k];
      swy += w * lift[k];
      swxx += w * x[k] * x[k];
      swxy += w * x[k] * lift[k];
    }
    double slope = (sw * swxy - swx * swy) / (sw * swxx - swx * swx);
    double slopeSe = Math.sqrt(sw / (sw * swxx - swx * swx));

    LiftTrend.ChangePoint cp = trend.changePoint().orElseThrow();
    assertThat(cp.firstAfter()).isEqualTo(periods.get(best).period()).isEqualTo("2024-04");
    assertThat(cp.z()).isCloseTo(bestZ, within(1e-9));
    assertThat(cp.before()).isCloseTo(mean(lift, se, 0, best), within(1e-12));
    assertThat(cp.after()).isCloseTo(mean(lift, se, best, lift.length), within(1e-12));
    assertThat(cp.boundaries()).isEqualTo(5);
    assertThat(cp.pValue()).isBetween(MaxBound.upperTail(bestZ), 5 * MaxBound.upperTail(bestZ));
    LiftTrend.Trend t = trend.trend().orElseThrow();
    assertThat(t.slope()).isCloseTo(slope, within(1e-12));
    assertThat(t.z()).isCloseTo(slope / slopeSe, within(1e-9));
    assertThat(t.pValue()).isCloseTo(1 - MaxBound.upperTail(slope / slopeSe), within(1e-12));
    assertThat(t.lastPeriod()).isEqualTo("2024-08");
    assertThat(t.fall()).isCloseTo(-slope * 7, within(1e-12));
    assertThat(trend.fails()).isTrue();
  }

  @Test
  void aSignificantFallSmallerThanTheMinimumStepPasses() {
    List<PeriodLift> periods = new ArrayList<>();
    for (int k = 0; k < 24; k++) {
      periods.add(LiftTrendCalibrationTests.period(k, k < 12 ? 0.045 : 0.025, 0.002));
    }
    LiftTrend trend = LiftTrend.test(periods, DEFAULTS);

    assertThat(trend.changePoint().orElseThrow().pValue()).isLessThan(1e-6);
    assertThat(trend.changePoint().orElseThrow().step()).isCloseTo(0.02, within(1e-12));
    assertThat(trend.fails()).isFalse();
    assertThat(LiftTrend.test(periods, DEFAULTS.withMinStep(0.02)).fails()).isTrue();
  }

  @Test
  void aSteadyDeclineFailsOnTheTrendWhenNoSingleStepIsLargeEnough() {
    List<PeriodLift> periods = new ArrayList<>();
    for (int k = 0; k < 24; k++) {
      periods.add(LiftTrendCalibrationTests.period(k, 0.04 * (23 - k) / 23, 0.003));
    }
    LiftTrend trend = LiftTrend.test(periods, DEFAULTS);
    LiftTrendFinding finding = new LiftTrendFinding(trend);

    assertThat(trend.changePoint().orElseThrow().step()).isLessThan(0.03);
    assertThat(trend.changePointFails()).isFalse();
    assertThat(trend.trendFails()).isTrue();
    assertThat(trend.trend().orElseThrow().fall()).isCloseTo(0.04, within(1e-12));
    assertThat(finding.render().headline()).isEqualTo("The lift declines steadily from +0.040 (2024-01) to +0.000 "
        + "(2025-12).");
    assertThat(finding.changeAt()).isEqualTo(trend.changePoint().orElseThrow().firstAfter());
    assertThat(finding.render().lines()).anyMatch(l -> l.contains("significant, but below the 0.030 of "
        + "backtestgate.lift-trend-min-step"));
  }

  @Test
  void aRisingLiftIsNotTheSignature() {
    List<PeriodLift> periods = new ArrayList<>();
    for (int k = 0; k < 24; k++) {
      periods.add(LiftTrendCalibrationTests.period(k, k < 12 ? 0.0 : 0.08, 0.005));
    }
    LiftTrend trend = LiftTrend.test(periods, DEFAULTS);

    assertThat(trend.fails()).isFalse();
    assertThat(trend.changePoint().orElseThrow().pValue()).isGreaterThan(0.5);
  }

  @Test
  void allDecisionsInOnePeriodAreSaidAndNotTested() {
    SimulatedRuns.Run r = SimulatedRuns.draw(SimulatedRuns.backfill(1, 2_000, 0.3, 1, 0.05, 0.05), 0.5, false,
        new SplittableRandom(4L));
    LiftTrend trend = LiftTrend.measure(r.labels(), r.candidate(), r.baseline(), r.times(), DEFAULTS, 0.95);

    assertThat(trend.tested()).isFalse();
    assertThat(trend.untested()).isEqualTo("all 2,000 decisions fall in one period (2024-01), so the lift cannot be "
        + "compared over time; shorter periods (backtestgate.lift-periods) would split them");
    assertThat(trend.fails()).isFalse();
    assertThat(trend.periods()).hasSize(1);
  }

  @Test
  void tooFewMeasuredPeriodsAreSaidAndNotTested() {
    SimulatedRuns.Run r = SimulatedRuns.draw(new SimulatedRuns.Period[] {
        new SimulatedRuns.Period(1_000, 0.3, 0.7, 0.0), new SimulatedRuns.Period(50, 0.3, 0.7, 0.0),
        new SimulatedRuns.Period(60, 0.3, 0.7, 0.0)}, 0.5, false, new SplittableRandom(5L));
    LiftTrend trend = LiftTrend.measure(r.labels(), r.candidate(), r.baseline(), r.times(), DEFAULTS, 0.95);

    assertThat(trend.untested()).isEqualTo("only 1 of 3 periods has at least 30 positive and 30 negative rows "
        + "(backtestgate.lift-period-min-class), and a trend needs 2");
    assertThat(trend.measured()).hasSize(1);
    assertThat(trend.skipped()).hasSize(2);
  }

  @Test
  void aPeriodWhereBothModelsRankAlikeGetsAModestWeightNotAllOfIt() {
    SimulatedRuns.Run r = SimulatedRuns.draw(SimulatedRuns.backfill(6, 400, 0.3, 6, 0.03, 0.03), 0.5, false,
        new SplittableRandom(6L));
    double[] candidate = r.candidate().clone();
    for (int i = 0; i < candidate.length; i++) {
      if (r.times()[i] < SimulatedRuns.START.plusMonths(1).atDay(1).atStartOfDay(java.time.ZoneOffset.UTC)
          .toInstant().toEpochMilli()) {
        candidate[i] = 2 * r.baseline()[i] + 1; // the same ranking in the first month
      }
    }
    LiftTrend trend = LiftTrend.measure(r.labels(), candidate, r.baseline(), r.times(), DEFAULTS, 0.95);

    PeriodLift first = trend.periods().get(0);
    AucComparison c = first.comparison().orElseThrow();
    assertThat(c.standardError()).isZero();
    assertThat(first.testVariance()).isEqualTo((first.rows() + 1.0) / (12.0 * first.positives() * first.negatives()));
    assertThat(trend.changePoint().orElseThrow().z()).isFinite();
    assertThat(trend.trend().orElseThrow().z()).isFinite();
  }

  /** Three months cannot show a step apart from chance: not tested, and no finding (an honest sample once failed). */
  @Test
  void aWindowOfFewerThanSixMeasuredPeriodsIsNotTestedAndFindsNothing() {
    SimulatedRuns.Run r = SimulatedRuns.draw(SimulatedRuns.backfill(3, 700, 0.2, 3, 0.03, 0.03), 0.5, false,
        new SplittableRandom(7L));
    LiftTrend trend = LiftTrend.measure(r.labels(), r.candidate(), r.baseline(), r.times(), DEFAULTS, 0.95);

    assertThat(trend.tested()).isFalse();
    assertThat(trend.untested()).isEqualTo("only 3 periods are measured, and a change over time needs at least 6 (a "
        + "shorter test window cannot show a backfill's step apart from chance)");
    assertThat(LiftTrendCheck.findings(trend)).isEmpty();
  }

  @Test
  void badInputIsRefused() {
    assertThatThrownBy(() -> LiftTrend.measure(new boolean[2], new double[2], new double[1], new long[2], DEFAULTS,
        0.95)).hasMessageContaining("one entry per row: 2, 2, 1 and 2");
    List<PeriodLift> periods = List.of(LiftTrendCalibrationTests.period(3, 0.1, 0.01),
        LiftTrendCalibrationTests.period(2, 0.1, 0.01));
    assertThatThrownBy(() -> LiftTrend.test(periods, DEFAULTS)).hasMessageContaining("time order");
    long[] times = new long[1_000];
    Arrays.setAll(times, i -> i * 86_400_000L * 7);
    assertThatThrownBy(() -> LiftTrend.measure(new boolean[1_000], new double[1_000], new double[1_000], times,
        DEFAULTS.withPeriods(LiftPeriods.parse("PT1H")), 0.95)).hasMessageContaining("the cap of 1,000");
  }

  private static double weight(double[] se, int from, int to) {
    double w = 0;
    for (int k = from; k < to; k++) {
      w += 1 / (se[k] * se[k]);
    }
    return w;
  }

  private static double mean(double[] lift, double[] se, int from, int to) {
    double s = 0;
    for (int k = from; k < to; k++) {
      s += lift[k] / (se[k] * se[k]);
    }
    return s / weight(se, from, to);
  }
}
