package com.acme.stalescores;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.InvalidBacktestRunException;
import dev.backtestgate.Verdict;
import dev.backtestgate.config.GateConfig;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.spark.SparkGateEvidence;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * The complete custom check of docs/checks.md, run as a user would: its own key, its own input validated at build,
 * covered by the fingerprint, in memory and on Spark, judged by one rule.
 */
class StaleScoresTests {
  private static final String GATE = "com.acme.ChurnBacktest#gbm";
  private static final int ROWS = 400;
  private static final long HOUR = 3_600_000L;
  private static final ReviewStore NO_REVIEWS = ReviewStore.directory(Path.of("target/no-reviews"));
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-07T00:00:00Z"), ZoneOffset.UTC);

  private final boolean[] churned = new boolean[ROWS];
  private final double[] gbm = new double[ROWS];
  private final double[] prod = new double[ROWS];
  private final long[] decidedAt = new long[ROWS];
  private final long[] scoredAt = new long[ROWS];

  StaleScoresTests() {
    Random random = new Random(7);
    for (int i = 0; i < ROWS; i++) {
      churned[i] = random.nextInt(4) == 0;
      prod[i] = random.nextGaussian() + (churned[i] ? 1 : 0);
      gbm[i] = prod[i] + 0.05 * random.nextGaussian();
      decidedAt[i] = Instant.parse("2026-06-01T00:00:00Z").toEpochMilli() + i * HOUR;
      scoredAt[i] = decidedAt[i] - (i % 33 == 5 ? 72 * HOUR : HOUR);      // 12 rows scored three days early
    }
  }

  private BacktestRun run(long[] scoreTimes) {
    // tag::record[]
    BacktestRun run = BacktestRun.builder(GATE).labels(churned).candidate("gbm", gbm).baseline("prod", prod)
        .decisionTimes(decidedAt).timelessFeature("tenure", "set at account opening")
        .input(new ScoredAt(scoreTimes))                   // JUnit: backtest.input(new ScoredAt(scoredAt))
        .build();
    // end::record[]
    return run;
  }

  private static GatePolicy configured(Map<String, String> keys) {
    return GateConfig.resolve(key -> Optional.ofNullable(keys.get(key)), "the test").policy();
  }

  @Test
  void inMemoryItFailsTheGateAndItsOwnKeyMovesTheLimit() {
    GateResult byDefault = BacktestGate.evaluate(run(scoredAt), configured(Map.of()), NO_REVIEWS, CLOCK);
    GateResult weekly = BacktestGate.evaluate(run(scoredAt), configured(Map.of("acme.max-score-age", "P7D")),
        NO_REVIEWS, CLOCK);

    assertThat(byDefault.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(byDefault.unresolved()).singleElement().isEqualTo(new StaleScores(ROWS, 12, Duration.ofDays(1), 5,
        Duration.ofDays(3)));
    assertThat(byDefault.unresolved().get(0).render().headline()).isEqualTo("12 of 400 candidate scores were "
        + "computed more than PT24H before their decision.");
    assertThat(weekly.verdict()).isEqualTo(Verdict.PASSED);
    assertThat(GateConfig.keys()).contains("acme.max-score-age");
    assertThat(GateConfig.nearest("acme.max-scores-age")).isEqualTo("acme.max-score-age");
    assertThat(GateConfig.inNamespace("acme.max-age")).as("a misspelling in acme. is an unknown key").isTrue();
  }

  @Test
  void aWrongLengthInputIsNamedAtBuildBesideTheRunsOwnProblems() {
    assertThatThrownBy(() -> BacktestRun.builder(GATE).labels(churned).candidate("gbm", gbm)
        .baseline("prod", prod).input(new ScoredAt(new long[3])).build())
        .isInstanceOf(InvalidBacktestRunException.class)
        .hasMessageContaining("input ScoredAt: ScoredAt has 3 score times for 400 rows: record one per row, in the "
            + "rows' order.")
        .hasMessageContaining("decisionTimes");
  }

  @Test
  void theFingerprintCoversTheScoreTimes() {
    long[] rescored = scoredAt.clone();
    rescored[17] -= 1;

    assertThat(BacktestGate.fingerprint(run(rescored))).isNotEqualTo(BacktestGate.fingerprint(run(scoredAt)));
    assertThat(BacktestGate.fingerprint(run(scoredAt.clone()))).isEqualTo(BacktestGate.fingerprint(run(scoredAt)));
  }

  @Test
  void onSparkThePartIsTheInMemoryOneAndJudgedByTheSameRule() {
    GatePolicy policy = configured(Map.of());
    Dataset<Row> scored = frame();

    // tag::evidence[]
    GateEvidence evidence = SparkGateEvidence.builder(scored).gate(GATE).labels("churned")
        .candidate("gbm", "gbm").baseline("prod", "prod").rows("rowId", "decidedAt").policy(policy)
        .timelessFeature("tenure", "set at account opening").compute()
        .with(SparkStaleScores.count(scored, "rowId", "decidedAt", "scoredAt", policy));
    GateResult result = BacktestGate.evaluate(evidence, policy, NO_REVIEWS, CLOCK);
    // end::evidence[]

    GateResult inMemory = BacktestGate.evaluate(run(scoredAt), policy, NO_REVIEWS, CLOCK);
    assertThat(evidence.part(StaleScoreCount.class))
        .isEqualTo(GateEvidence.of(run(scoredAt), policy).part(StaleScoreCount.class));
    assertThat(result.verdict()).isEqualTo(inMemory.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.findings()).extracting(Finding::kind, Finding::subject)
        .isEqualTo(inMemory.findings().stream().map(f -> tuple(f.kind(), f.subject())).toList());
    assertThat(result.unresolved()).singleElement().isEqualTo(inMemory.unresolved().get(0));
  }

  @Test
  void aPartCountedUnderOneLimitIsNotJudgedUnderAnother() {
    GatePolicy daily = configured(Map.of());
    GatePolicy hourly = configured(Map.of("acme.max-score-age", "PT1H"));
    Dataset<Row> scored = frame();
    GateEvidence evidence = SparkGateEvidence.builder(scored).gate(GATE).labels("churned")
        .candidate("gbm", "gbm").baseline("prod", "prod").rows("rowId", "decidedAt").policy(daily)
        .timelessFeature("tenure", "set at account opening").compute().with(SparkStaleScores.count(scored, "rowId", "decidedAt", "scoredAt", daily));

    GateResult result = BacktestGate.evaluate(evidence, hourly, NO_REVIEWS, CLOCK);

    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.unresolved()).filteredOn(f -> f.kind().equals("check-failed")).singleElement()
        .isInstanceOfSatisfying(Finding.CheckFailed.class, f -> assertThat(f.reason()).isEqualTo("the evidence's "
            + "StaleScoreCount was computed under ScoreAge[maxAge=PT24H] but the gate's policy uses "
            + "ScoreAge[maxAge=PT1H] (acme.max-score-age): compute it under the policy's settings, or configure the "
            + "gate as the part was computed."));
  }

  private Dataset<Row> frame() {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      rows.add(RowFactory.create((long) i, churned[i], gbm[i], prod[i], decidedAt[i], scoredAt[i]));
    }
    StructType schema = new StructType().add("rowId", DataTypes.LongType).add("churned", DataTypes.BooleanType)
        .add("gbm", DataTypes.DoubleType).add("prod", DataTypes.DoubleType)
        .add("decidedAt", DataTypes.LongType).add("scoredAt", DataTypes.LongType);
    return spark().createDataFrame(rows, schema);
  }

  /** A local session, as a user's test would make one (the module's other tests share it). */
  private static SparkSession spark() {
    return SparkSession.builder().master("local[2]").appName("stale-scores")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "4").config("spark.sql.session.timeZone", "UTC").getOrCreate();
  }
}
