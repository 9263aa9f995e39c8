package dev.backtestgate.lifttrend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

/**
 * The test's false-alarm rate on honest runs and its power on backfills, by simulation with fixed seeds. An honest
 * run's false alarms are allowed up to the 99.9% point of Binomial(runs, alpha): a correct test exceeds that once in
 * a thousand seeds, a test whose true rate were 1.5 alpha would exceed it in most.
 */
class LiftTrendCalibrationTests {
  private static final LiftTrendSettings DEFAULTS = LiftTrendSettings.defaults();

  /** The most false alarms a test of level alpha shows in {@code runs} runs but one time in a thousand. */
  static int allowance(int runs, double alpha) {
    return new BinomialDistribution(null, runs, alpha).inverseCumulativeProbability(0.999);
  }

  @Test
  void honestRowLevelRunsRaiseFewFalseAlarms() {
    SplittableRandom random = new SplittableRandom(20261204L);
    int runs = 1_000;
    int alarms = 0;
    int changePointAlarms = 0;
    int trendAlarms = 0;
    int skippedPeriods = 0;
    int defaultAlarms = 0;
    for (int run = 0; run < runs; run++) {
      // 24 months of 150 to 1,500 rows, base rates 5% to 40%, baseline AUCs 0.66 to 0.78, a stable lift of 0.03
      SimulatedRuns.Period[] periods = SimulatedRuns.honest(24, 150, 1_500, 0.03, random);
      SimulatedRuns.Run r = SimulatedRuns.draw(periods, 0.6, run % 2 == 1, random);
      LiftTrend trend = LiftTrend.measure(r.labels(), r.candidate(), r.baseline(), r.times(),
          DEFAULTS.withMinStep(0), 0.95);
      assertThat(trend.tested()).isTrue();
      skippedPeriods += trend.skipped().size();
      alarms += trend.fails() ? 1 : 0;
      defaultAlarms += LiftTrend.test(trend.periods(), DEFAULTS).fails() ? 1 : 0;
      changePointAlarms += trend.changePointFails() ? 1 : 0;
      trendAlarms += trend.trendFails() ? 1 : 0;
    }
    System.out.printf("honest row-level runs: %d of %d false alarms at alpha 0.01 without a minimum step "
        + "(change point %d, trend %d), %d with the default minimum step; %d periods skipped%n", alarms, runs,
        changePointAlarms, trendAlarms, defaultAlarms, skippedPeriods);

    assertThat(skippedPeriods).as("some periods are too small and are skipped").isPositive();
    assertThat(alarms).isLessThanOrEqualTo(allowance(runs, 0.01));
    assertThat(defaultAlarms).isLessThanOrEqualTo(alarms);
  }

  @Test
  void honestEstimatesRaiseFalseAlarmsAtMostAlphaButNotFarBelow() {
    SplittableRandom random = new SplittableRandom(7L);
    int runs = 10_000;
    for (double alpha : new double[] {0.01, 0.05}) {
      int alarms = 0;
      for (int run = 0; run < runs; run++) {
        int months = 6 + random.nextInt(43);
        List<PeriodLift> periods = new ArrayList<>();
        for (int k = 0; k < months; k++) {
          double se = 0.005 + 0.06 * random.nextDouble() * random.nextDouble(); // unequal sizes
          periods.add(period(k, 0.02 + se * random.nextGaussian(), se));
        }
        alarms += LiftTrend.test(periods, DEFAULTS.withAlpha(alpha).withMinStep(0)).fails() ? 1 : 0;
      }
      System.out.printf("honest estimates, alpha %.2f: %d of %d false alarms%n", alpha, alarms, runs);
      assertThat(alarms).isLessThanOrEqualTo(allowance(runs, alpha));
      assertThat(alarms).as("the bound is not so loose that the test loses its teeth")
          .isGreaterThan((int) (runs * alpha / 3));
    }
  }

  @Test
  void aBackfillWithAnOverallLiftUnderTheLimitFailsAndTheSameRunWithoutTheStepPasses() {
    // 24 months of 4,000 rows at a 20% base rate; a cleanup before 2025-05 gave the candidate +0.045, none after:
    // an overall lift of about +0.03, under the 0.05 limit
    SimulatedRuns.Run backfill = SimulatedRuns.draw(SimulatedRuns.backfill(24, 4_000, 0.2, 16, 0.045, 0.0), 0.6,
        true, new SplittableRandom(11L));
    SimulatedRuns.Run honest = SimulatedRuns.draw(SimulatedRuns.backfill(24, 4_000, 0.2, 16, 0.03, 0.03), 0.6,
        true, new SplittableRandom(11L));

    AucComparison overall = DeLong.compare(backfill.labels(), backfill.candidate(), backfill.baseline(), 0.95);
    LiftTrend failing = LiftTrend.measure(backfill.labels(), backfill.candidate(), backfill.baseline(),
        backfill.times(), DEFAULTS, 0.95);
    LiftTrend passing = LiftTrend.measure(honest.labels(), honest.candidate(), honest.baseline(), honest.times(),
        DEFAULTS, 0.95);

    assertThat(overall.lift()).isBetween(0.02, 0.04);
    assertThat(failing.fails()).isTrue();
    assertThat(failing.changePoint().orElseThrow().firstAfter()).isEqualTo("2025-05");
    assertThat(new LiftTrendFinding(failing).render().headline()).startsWith("The lift falls at 2025-05: +0.0");
    assertThat(passing.tested()).isTrue();
    assertThat(passing.fails()).isFalse();
  }

  @Test
  void aStepOfPointZeroFiveIsFoundOnModestRunsMostOfTheTime() {
    SplittableRandom random = new SplittableRandom(3L);
    int runs = 100;
    int found = 0;
    for (int run = 0; run < runs; run++) {
      SimulatedRuns.Run r = SimulatedRuns.draw(SimulatedRuns.backfill(24, 1_000, 0.2, 12, 0.05, 0.0), 0.6,
          false, random);
      found += LiftTrend.measure(r.labels(), r.candidate(), r.baseline(), r.times(), DEFAULTS, 0.95).fails() ? 1 : 0;
    }
    assertThat(found).isGreaterThanOrEqualTo(80);
  }

  /** A measured period with this lift and standard error (the AUCs are irrelevant to the test). */
  static PeriodLift period(int index, double lift, double se) {
    AucComparison c = new AucComparison(0.7 + lift, 0.7, lift, se, 0.95, lift - 1.96 * se, lift + 1.96 * se,
        lift / se, 1, se * se, se * se, se * se / 2);
    Instant start = SimulatedRuns.START.plusMonths(index).atDay(1).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
    Instant end = SimulatedRuns.START.plusMonths(index + 1).atDay(1).atStartOfDay(java.time.ZoneOffset.UTC)
        .toInstant();
    return new PeriodLift(index, SimulatedRuns.START.plusMonths(index).toString(), start, end, 100, 400,
        Optional.of(c));
  }
}
