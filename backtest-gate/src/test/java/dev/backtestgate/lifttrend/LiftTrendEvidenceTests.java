package dev.backtestgate.lifttrend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The lift trend judged from gate evidence (rows that live elsewhere) as from the run itself: the same findings from
 * the same rows, a warning when the evidence carries none, and evidence of other settings or rows refused.
 */
class LiftTrendEvidenceTests {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
  private static final ReviewStore NO_REVIEWS = ReviewStore.directory(Path.of("target/no-such-review-dir"));

  private static BacktestRun run(SimulatedRuns.Period[] periods, long seed) {
    SimulatedRuns.Run r = SimulatedRuns.draw(periods, 0.5, true, new SplittableRandom(seed));
    return BacktestRun.builder("com.acme.Backtest#gbm").labels(r.labels()).candidate("gbm", r.candidate())
        .baseline("prod", r.baseline()).decisionTimes(r.times()).timelessFeature("status", "set at opening").build();
  }

  private static List<Finding> trendFindings(GateResult result) {
    return result.findings().stream().filter(f -> f.kind().equals(LiftTrendFinding.KIND)).toList();
  }

  @Test
  void evidenceOfABackfillFindsWhatTheRunFinds() {
    BacktestRun run = run(SimulatedRuns.backfill(12, 1_500, 0.2, 7, 0.08, 0.0), 11L);

    GateResult fromRun = BacktestGate.evaluate(run, GatePolicy.defaults(), NO_REVIEWS, CLOCK);
    GateEvidence evidence = GateEvidence.of(run, GatePolicy.defaults());
    GateResult fromEvidence = BacktestGate.evaluate(evidence, GatePolicy.defaults(), NO_REVIEWS, CLOCK);

    assertThat(evidence.part(LiftTrend.class)).isPresent();
    assertThat(trendFindings(fromRun)).singleElement().isInstanceOf(LiftTrendFinding.class);
    assertThat(trendFindings(fromEvidence)).isEqualTo(trendFindings(fromRun));
    assertThat(fromEvidence.verdict()).isEqualTo(fromRun.verdict()).isEqualTo(Verdict.FAILED);
  }

  @Test
  void evidenceOfAStableLiftFindsNothingAsTheRunDoes() {
    BacktestRun run = run(SimulatedRuns.backfill(12, 1_500, 0.2, 12, 0.02, 0.02), 12L);

    GateResult fromEvidence = BacktestGate.evaluate(GateEvidence.of(run, GatePolicy.defaults()),
        GatePolicy.defaults(), NO_REVIEWS, CLOCK);

    assertThat(trendFindings(fromEvidence)).isEmpty();
    assertThat(trendFindings(BacktestGate.evaluate(run, GatePolicy.defaults(), NO_REVIEWS, CLOCK))).isEmpty();
  }

  @Test
  void evidenceWithoutALiftTrendIsJudgedWithAWarningNeverASilentPass() {
    GateEvidence full = GateEvidence.of(run(SimulatedRuns.backfill(12, 1_500, 0.2, 7, 0.08, 0.0), 11L),
        GatePolicy.defaults());
    GateEvidence without = full.without(LiftTrend.class);

    GateResult result = BacktestGate.evaluate(without, GatePolicy.defaults(), NO_REVIEWS, CLOCK);

    assertThat(trendFindings(result)).singleElement().isInstanceOfSatisfying(LiftTrendSkipped.class, f -> {
      assertThat(f.resolution()).isEqualTo(Finding.Resolution.WARNING);
      assertThat(f.reason()).startsWith("the evidence carries no lift trend").contains("evidence.with(trend)");
    });
    assertThat(without.with(full.part(LiftTrend.class).orElseThrow())).isEqualTo(full);
  }

  @Test
  void aTrendMeasuredUnderOtherSettingsFailsTheGateNamingThem() {
    GateEvidence evidence = GateEvidence.of(run(SimulatedRuns.backfill(12, 1_500, 0.2, 12, 0.02, 0.02), 12L),
        GatePolicy.defaults());
    GatePolicy weekly = GatePolicy.defaults().with(LiftTrendSettings.defaults().withPeriods(LiftPeriods.WEEK));

    GateResult result = BacktestGate.evaluate(evidence, weekly, NO_REVIEWS, CLOCK);

    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.unresolved()).singleElement().isInstanceOfSatisfying(Finding.CheckFailed.class, f ->
        assertThat(f.reason()).startsWith("the evidence's LiftTrend was computed under LiftTrendSettings[")
            .contains("but the gate's policy uses LiftTrendSettings[", "backtestgate.lift-periods, "
                + "backtestgate.lift-period-min-class", "compute it under the policy's settings"));
  }

  @Test
  void aTrendOfOtherRowsIsRefused() {
    GateEvidence evidence = GateEvidence.of(run(SimulatedRuns.backfill(12, 1_500, 0.2, 12, 0.02, 0.02), 12L),
        GatePolicy.defaults());
    BacktestRun other = run(SimulatedRuns.backfill(12, 1_000, 0.2, 12, 0.02, 0.02), 13L);
    LiftTrend otherTrend = GateEvidence.of(other, GatePolicy.defaults()).part(LiftTrend.class).orElseThrow();

    assertThatThrownBy(() -> evidence.without(LiftTrend.class).with(otherTrend))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the lift trend's periods hold 12,000 rows")
        .hasMessageContaining("measure the trend over the same rows");
  }
}
