package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.screen.featurelabel.FeatureScreen;
import dev.backtestgate.history.HistoryEvidence;
import dev.backtestgate.pointintime.PointInTimeEvidence;
import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.LogCommit;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.pointintime.PointInTimeCheck;
import dev.backtestgate.pointintime.PointInTimeViolation;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
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
 * The evidence computed on Spark against the in-memory checks on the same rows: the comparison, each
 * feature's point-in-time violation (counts, largest lead, the first five rows), and the fingerprint, which is the
 * in-memory one and ignores row order but not content.
 */
class SparkGateEvidenceTests {
  private final SparkSession spark = SparkTests.session();

  @Test
  void evidenceEqualsTheInMemoryChecksAndTheFingerprintIgnoresOrderOnly() {
    Random random = new Random(11);
    int n = 400;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] decided = new long[n];
    long[] balanceKnown = new long[n];
    long[] statusKnown = new long[n];
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      labels[i] = i < 2 || (i >= 4 && random.nextInt(3) == 0);
      candidate[i] = random.nextInt(20) + (labels[i] ? 3 : 0);
      baseline[i] = random.nextInt(20) + (labels[i] ? 1 : 0);
      decided[i] = 1_000_000 + random.nextInt(1_000);
      balanceKnown[i] = random.nextInt(8) == 0 ? PointInTimeCheck.NO_VALUE : decided[i] - 50 + random.nextInt(60);
      statusKnown[i] = decided[i] - 100;
      rows.add(RowFactory.create(i, labels[i], candidate[i], baseline[i], decided[i],
          balanceKnown[i] == PointInTimeCheck.NO_VALUE ? null : balanceKnown[i], statusKnown[i]));
    }
    StructType schema = new StructType()
        .add("rowId", DataTypes.IntegerType).add("label", DataTypes.BooleanType)
        .add("cand", DataTypes.DoubleType).add("base", DataTypes.DoubleType)
        .add("decisionTime", DataTypes.LongType).add("balance_knownAt", DataTypes.LongType)
        .add("status_knownAt", DataTypes.LongType);
    Dataset<Row> data = spark.createDataFrame(rows, schema);
    Duration lag = Duration.ofMillis(5);

    GateEvidence evidence = evidence(data, lag);

    AucComparison expected = DeLong.compare(labels, candidate, baseline, 0.95);
    assertThat(evidence.comparison().lift()).isCloseTo(expected.lift(), within(1e-12));
    assertThat(evidence.comparison().standardError()).isCloseTo(expected.standardError(), within(1e-12));
    BacktestRun twin = BacktestRun.builder("com.acme.Backtest#gbm").labels(labels).candidate("gbm", candidate)
        .baseline("prod", baseline).decisionTimes(decided).feature("balance", balanceKnown)
        .feature("status", statusKnown).timelessFeature("limit", "set at account opening").build();
    GatePolicy policy = GatePolicy.defaults().withAvailabilityLag(lag);
    GateEvidence inMemory = GateEvidence.of(twin, policy);
    assertThat(evidence.summary()).isEqualTo(inMemory.summary());
    assertThat(evidence.latestDecision()).isEqualTo(inMemory.latestDecision());
    assertThat(evidence.latestDecisionRow()).isEqualTo(inMemory.latestDecisionRow());
    assertThat(evidence.timelessReasons()).isEqualTo(inMemory.timelessReasons());
    assertThat(evidence.fingerprint()).as("one definition on both engines").isEqualTo(inMemory.fingerprint())
        .startsWith("sha256-v2:");
    ReviewStore none = ReviewStore.directory(Path.of("target/no-reviews"));
    Clock clock = Clock.fixed(Instant.parse("2026-12-02T00:00:00Z"), ZoneOffset.UTC);
    GateResult onSpark = BacktestGate.evaluate(evidence, policy, none, clock);
    GateResult onHeap = BacktestGate.evaluate(twin, policy, none, clock);
    assertThat(onSpark.verdict()).isEqualTo(onHeap.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(onSpark.findings()).extracting(Finding::kind, Finding::subject)
        .isEqualTo(onHeap.findings().stream().map(f -> tuple(f.kind(), f.subject())).toList());
    Optional<PointInTimeViolation> balance = PointInTimeCheck.check("balance", decided, balanceKnown, lag);
    assertThat(balance).isPresent();
    assertThat(evidence.part(PointInTimeEvidence.class).orElseThrow().results().get("balance")).isEqualTo(balance);
    assertThat(evidence.part(PointInTimeEvidence.class).orElseThrow().results().get("status")).isEmpty();
    assertThat(evidence.part(PointInTimeEvidence.class).orElseThrow().results()).doesNotContainKey("limit");

    Dataset<Row> reordered = data.repartition(3).orderBy(data.col("cand").desc());
    assertThat(evidence(reordered, lag).fingerprint()).isEqualTo(evidence.fingerprint());
    Dataset<Row> changed = data.selectExpr("rowId", "label", "cand", "base", "decisionTime",
        "IF(rowId = 7, balance_knownAt + 1, balance_knownAt) AS balance_knownAt", "status_knownAt");
    assertThat(evidence(changed, lag).fingerprint()).isNotEqualTo(evidence.fingerprint());

    TableHistory status = statusHistory();
    GateEvidence read = evidence(data, lag, status);
    BacktestRun twinRead = BacktestRun.builder("com.acme.Backtest#gbm").labels(labels).candidate("gbm", candidate)
        .baseline("prod", baseline).decisionTimes(decided).feature("balance", balanceKnown)
        .feature("status", statusKnown).timelessFeature("limit", "set at account opening").input(status).build();
    assertThat(read.part(HistoryEvidence.class).orElseThrow().tableHistories()).containsExactly(status);
    assertThat(read.fingerprint()).as("the table version is bound on both engines")
        .isEqualTo(BacktestGate.fingerprint(twinRead)).isNotEqualTo(evidence.fingerprint());
    GateResult readOnSpark = BacktestGate.evaluate(read, policy, none, clock);
    GateResult readOnHeap = BacktestGate.evaluate(twinRead, policy, none, clock);
    assertThat(readOnSpark.findings()).extracting(Finding::kind, Finding::subject)
        .isEqualTo(readOnHeap.findings().stream().map(f -> tuple(f.kind(), f.subject())).toList());
    assertThat(readOnSpark.findings()).extracting(Finding::kind)
        .contains("check-failed", "rewritten-history", "point-in-time");
    assertThatThrownBy(() -> SparkGateEvidence.builder(data).history(status).history(status))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the history of table '/lake/status' is given twice");
  }

  /** A Delta table's history as DeltaHistory reads it: a MERGE rewrote a closed day, and part of the window is gone. */
  private static TableHistory statusHistory() {
    LogCommit merge = new LogCommit(2, Instant.parse("2026-11-01T00:00:00Z"), "MERGE", "etl",
        "Apache-Spark/4.2.0 Delta-Lake/4.4.0");
    HistoryCheckResult rewrites = new HistoryCheckResult("/lake/status", PartitionGranularity.DAY,
        LocalDate.parse("2026-10-25"), 1, List.of(new HistoryFinding.Rewritten("day=2026-10-01", merge, 2, 2,
            List.of())));
    return new TableHistory("/lake/status", "delta", 2, "since version 0", rewrites,
        new LateWriteReport("/lake/status", Duration.ofDays(7), 0, 0, List.of()),
        List.of("the log no longer holds version 0 (delta.logRetentionDuration = interval 30 days)"));
  }

  @Test
  void screenedValuesAreJudgedAsInMemoryAndBoundByTheFingerprint() {
    Random random = new Random(23);
    int n = 300;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] decided = new long[n];
    double[] balance = new double[n]; // a blurred copy of the label, with missing values: a proxy
    int[] branch = new int[n]; // four branches and a missing one, unrelated to the label
    String[] branches = {"north", "south", "east", "west"};
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      labels[i] = i < 2 || (i >= 4 && random.nextInt(3) == 0);
      candidate[i] = random.nextInt(20) + (labels[i] ? 3 : 0);
      baseline[i] = candidate[i] + (random.nextInt(50) == 0 ? 1 : 0); // nearly the candidate: no lift
      decided[i] = 1_000_000 + random.nextInt(1_000);
      balance[i] = random.nextInt(30) == 0 ? Double.NaN : (labels[i] ? 1 : 0) + 0.2 * random.nextGaussian();
      branch[i] = random.nextInt(9) - 4 < 0 ? -1 : random.nextInt(4);
      rows.add(RowFactory.create((long) i, labels[i], candidate[i], baseline[i], decided[i], decided[i] - 10,
          Double.isNaN(balance[i]) && i % 2 == 0 ? null : balance[i], branch[i] < 0 ? null : branches[branch[i]]));
    }
    StructType schema = new StructType()
        .add("rowId", DataTypes.LongType).add("label", DataTypes.BooleanType)
        .add("cand", DataTypes.DoubleType).add("base", DataTypes.DoubleType)
        .add("decisionTime", DataTypes.LongType).add("knownAt", DataTypes.LongType)
        .add("balance", DataTypes.DoubleType).add("branch", DataTypes.StringType);
    Dataset<Row> data = spark.createDataFrame(rows, schema);
    GateEvidence evidence = screened(data);

    GateEvidence inMemory = GateEvidence.of(BacktestRun.builder("com.acme.Backtest#gbm").labels(labels)
        .candidate("gbm", candidate).baseline("prod", baseline).decisionTimes(decided)
        .feature("balance", java.util.Arrays.stream(decided).map(t -> t - 10).toArray())
        .timelessFeature("branch", "set at account opening").featureValues("balance", balance)
        .featureCategories("branch", branch).build(), GatePolicy.defaults());
    assertThat(evidence.part(FeatureScreen.class).orElseThrow().scores()).containsExactlyInAnyOrderElementsOf(inMemory.part(FeatureScreen.class).orElseThrow().scores());
    ReviewStore none = ReviewStore.directory(Path.of("target/no-reviews"));
    Clock clock = Clock.fixed(Instant.parse("2026-12-02T00:00:00Z"), ZoneOffset.UTC);
    GateResult onSpark = BacktestGate.evaluate(evidence, GatePolicy.defaults(), none, clock);
    GateResult onHeap = BacktestGate.evaluate(inMemory, GatePolicy.defaults(), none, clock);
    assertThat(onSpark.verdict()).isEqualTo(onHeap.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(onSpark.findings()).extracting(Finding::kind, Finding::subject)
        .containsExactly(tuple("feature-label", "balance"));
    assertThat(onHeap.findings()).extracting(Finding::kind, Finding::subject)
        .containsExactly(tuple("feature-label", "balance"));

    assertThat(screened(data.repartition(3).orderBy(data.col("cand").desc())).fingerprint())
        .isEqualTo(evidence.fingerprint());
    Dataset<Row> oneBranchChanged = data.selectExpr("rowId", "label", "cand", "base", "decisionTime", "knownAt",
        "balance", "IF(rowId = 7, 'elsewhere', branch) AS branch");
    assertThat(screened(oneBranchChanged).fingerprint()).as("bound to the screened values")
        .isNotEqualTo(evidence.fingerprint());
  }

  @Test
  void valuesOfAnUndeclaredFeatureOrGivenTwiceAreRefusedBeforeAnyJob() {
    Dataset<Row> data = spark.createDataFrame(List.of(RowFactory.create(0L, true, 1.0)), new StructType()
        .add("rowId", DataTypes.LongType).add("label", DataTypes.BooleanType).add("balance", DataTypes.DoubleType));
    SparkGateEvidence.Builder builder = SparkGateEvidence.builder(data).gate("g#m").labels("label")
        .candidate("gbm", "balance").baseline("prod", "balance").rows("rowId", "rowId")
        .timelessFeature("limit", "set at account opening").featureValues("balance", "balance");

    assertThatThrownBy(builder::compute)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("values are given for [balance], which are not declared features [limit]: declare each with "
            + "feature(name, knownAtColumn) or timelessFeature(name, reason) first");
    assertThatThrownBy(() -> builder.featureCategories("balance", "balance"))
        .hasMessage("the values of feature 'balance' are given twice: give each feature's values once, as "
            + "featureValues or as featureCategories");
  }

  private static GateEvidence screened(Dataset<Row> data) {
    return SparkGateEvidence.builder(data).gate("com.acme.Backtest#gbm").labels("label")
        .candidate("gbm", "cand").baseline("prod", "base").rows("rowId", "decisionTime")
        .feature("balance", "knownAt").timelessFeature("branch", "set at account opening")
        .featureValues("balance", "balance").featureCategories("branch", "branch")
        .compute();
  }

  private static GateEvidence evidence(Dataset<Row> data, Duration lag, TableHistory... histories) {
    SparkGateEvidence.Builder builder = SparkGateEvidence.builder(data);
    for (TableHistory history : histories) {
      builder.history(history);
    }
    return builder
        .gate("com.acme.Backtest#gbm").labels("label")
        .candidate("gbm", "cand").baseline("prod", "base")
        .rows("rowId", "decisionTime")
        .feature("balance", "balance_knownAt").feature("status", "status_knownAt").timelessFeature("limit", "set at account opening")
        .availabilityLag(lag)
        .compute();
  }
}
