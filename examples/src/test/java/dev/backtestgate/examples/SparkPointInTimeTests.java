package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.screen.featurelabel.FeatureScreen;
import dev.backtestgate.pointintime.PointInTimeEvidence;
import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.junit.LeakageGateFailure;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark-built backtest and the in-memory one hand the gate the same inputs, and a gate judging Spark's evidence
 * decides exactly as the gate judging the in-memory run: the same verdict and findings for the honest backtest and
 * for both leaky backfills, through {@code BacktestGate} and through the annotation.
 */
class SparkPointInTimeTests {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);

  @TempDir Path reviews;

  @Test
  void sparkAndInMemoryBacktestsHandTheGateTheSameInputs() {
    ScoredBacktest memory = CreditBacktests.standard().pointInTime();
    ScoredBacktest spark = SparkCredit.backtests().pointInTime();

    assertThat(spark.labels()).isEqualTo(memory.labels());
    assertThat(spark.decisionTimes()).isEqualTo(memory.decisionTimes());
    assertThat(spark.candidateScores()).isEqualTo(memory.candidateScores());
    assertThat(spark.baselineScores()).isEqualTo(memory.baselineScores());
    assertThat(spark.knownAt().keySet()).isEqualTo(memory.knownAt().keySet());
    memory.knownAt().forEach((feature, knownAt) ->
        assertThat(spark.knownAt().get(feature)).as(feature).isEqualTo(knownAt));
    assertThat(spark.timeless()).isEqualTo(memory.timeless());
    assertThat(spark.history()).isEqualTo(memory.history());
  }

  @Test
  void evidenceComputedOnSparkIsJudgedAsTheInMemoryRun() {
    CreditBacktests credit = CreditBacktests.standard();
    assertAlike(SparkCredit.backtests().pointInTime(), Verdict.PASSED);
    assertAlike(credit.leakyBackfill(StatementTable.Stamping.STAMP_UPDATED_AT), Verdict.FAILED);
    assertAlike(credit.leakyBackfill(StatementTable.Stamping.SILENT), Verdict.FAILED);
    // the rate encoded over the test period's outcomes: caught by the feature-label screen, run on Spark
    assertAlike(credit.employerRate(true), Verdict.FAILED);
    // the cleanup inside the test period: caught by the lift per month, measured on Spark
    assertAlike(credit.earlyCleanup(), Verdict.FAILED);
  }

  @Test
  void theLeakyBackfillJudgedOnSparkEvidenceFailsThroughTheAnnotationAsItsTwinDoes() {
    GatedRuns.Outcome spark = GatedRuns.of(SparkLeakyBackfillBacktest.class).only();

    assertThat(spark.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(spark.report().get("verdict").asText()).isEqualTo("FAILED");
    assertThat(spark.findingKinds()).containsExactly("lift", "point-in-time", "point-in-time", "point-in-time");
    assertThat(spark.subjects("point-in-time")).containsExactly("balance", "status", "worst_status_12m");
    assertThat(spark.failure().getMessage())
        .contains("limit. A lift this large is the classic signature of leaked future data.")
        .contains("Feature 'status' was recorded after the decision time")
        .contains("known 2025-08-15T02:00:00Z");
  }

  private void assertAlike(ScoredBacktest scored, Verdict expected) {
    String gate = "com.acme.credit.SparkTwin#challenger";
    GatePolicy policy = GatePolicy.defaults();
    ReviewStore store = ReviewStore.directory(reviews);
    BacktestRun run = scored.toRun(gate);
    GateEvidence evidence = SparkCredit.evidence(gate, policy, scored);

    GateResult onHeap = BacktestGate.evaluate(run, policy, store, CLOCK);
    GateResult onSpark = BacktestGate.evaluate(evidence, policy, store, CLOCK);

    assertThat(onSpark.verdict()).isEqualTo(onHeap.verdict()).isEqualTo(expected);
    assertThat(onSpark.findings()).extracting(Finding::kind, Finding::subject)
        .isEqualTo(onHeap.findings().stream().map(f -> tuple(f.kind(), f.subject())).toList());
    assertThat(onSpark.run()).isEqualTo(onHeap.run());
    assertThat(onSpark.comparison().lift()).isCloseTo(onHeap.comparison().lift(), within(1e-12));
    assertThat(onSpark.comparison().ciLower()).isCloseTo(onHeap.comparison().ciLower(), within(1e-12));
    assertThat(onSpark.comparison().ciUpper()).isCloseTo(onHeap.comparison().ciUpper(), within(1e-12));
    GateEvidence inMemory = GateEvidence.of(run, policy);
    assertThat(evidence.part(PointInTimeEvidence.class)).isEqualTo(inMemory.part(PointInTimeEvidence.class));
    assertThat(evidence.part(FeatureScreen.class)).isEqualTo(inMemory.part(FeatureScreen.class));
    assertThat(evidence.part(LiftTrend.class)).isEqualTo(inMemory.part(LiftTrend.class));
  }
}
