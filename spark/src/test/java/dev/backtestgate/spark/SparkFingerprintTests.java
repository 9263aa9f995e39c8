package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.pointintime.PointInTimeCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One fingerprint on both engines: the same rows give the in-memory gate's fingerprint on Spark, whatever the
 * partitioning and order, and a sign-off made on either engine covers the same rows on the other.
 */
class SparkFingerprintTests {
  private static final String GATE = "com.acme.ChurnBacktest#gbm";
  private static final GatePolicy POLICY = GatePolicy.defaults().withMode(Mode.VERIFY);
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T00:00:00Z"), ZoneOffset.UTC);
  private static final int N = 600;

  private static final boolean[] LABELS = new boolean[N];
  private static final double[] CANDIDATE = new double[N];
  private static final double[] BASELINE = new double[N];
  private static final long[] DECIDED = new long[N];
  private static final long[] KNOWN = new long[N];
  private static final double[] AMOUNT = new double[N];
  private static final int[] BRANCH = new int[N];
  private static Dataset<Row> data;

  private final SparkSession spark = SparkTests.session();

  @TempDir Path repo;

  /** A leaky candidate (a sign-off is needed), a timed, a timeless, a numeric and a categorical feature. */
  @BeforeAll
  static void rows() {
    Random random = new Random(5);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      LABELS[i] = i < 2 || (i >= 4 && random.nextInt(3) == 0);
      CANDIDATE[i] = random.nextGaussian() + (LABELS[i] ? 2 : 0);
      BASELINE[i] = random.nextGaussian() + (LABELS[i] ? 0.3 : 0);
      DECIDED[i] = 1_000_000 + random.nextInt(5_000);
      KNOWN[i] = random.nextInt(9) == 0 ? PointInTimeCheck.NO_VALUE : DECIDED[i] - 1 - random.nextInt(100);
      AMOUNT[i] = switch (random.nextInt(10)) {
        case 0 -> Double.NaN;
        case 1 -> -0.0;
        default -> random.nextInt(50) * 0.25;
      };
      BRANCH[i] = random.nextInt(5) - 1;
      rows.add(RowFactory.create((long) i, LABELS[i], CANDIDATE[i], BASELINE[i], DECIDED[i],
          KNOWN[i] == PointInTimeCheck.NO_VALUE ? null : KNOWN[i],
          Double.isNaN(AMOUNT[i]) && i % 2 == 0 ? null : AMOUNT[i], BRANCH[i] < 0 ? null : BRANCH[i]));
    }
    StructType schema = new StructType()
        .add("rowId", DataTypes.LongType).add("label", DataTypes.BooleanType)
        .add("cand", DataTypes.DoubleType).add("base", DataTypes.DoubleType)
        .add("decisionTime", DataTypes.LongType).add("knownAt", DataTypes.LongType)
        .add("amount", DataTypes.DoubleType).add("branch", DataTypes.IntegerType);
    data = SparkTests.session().createDataFrame(rows, schema);
  }

  /** The run in memory: "amount" and "balance" timed (the same knowledge times), "branch" and "limit" timeless. */
  private static BacktestRun inMemory() {
    return BacktestRun.builder(GATE).labels(LABELS).candidate("gbm", CANDIDATE).baseline("prod", BASELINE)
        .decisionTimes(DECIDED).feature("balance", KNOWN).feature("amount", KNOWN)
        .timelessFeature("branch", "set at account opening").timelessFeature("limit", "set at account opening")
        .featureValues("amount", AMOUNT).featureCategories("branch", BRANCH).build();
  }

  private static String onSpark(Dataset<Row> frame) {
    TreeMap<String, String> knownAt = new TreeMap<>();
    knownAt.put("amount", "knownAt");
    knownAt.put("balance", "knownAt");
    knownAt.put("branch", null);
    knownAt.put("limit", null);
    return SparkFingerprint.compute(frame, GATE, "gbm", "prod", "label", "decisionTime", knownAt,
        new TreeMap<>(Map.of("amount", "amount")), new TreeMap<>(Map.of("branch", "branch")));
  }

  /** The same run as Spark evidence. */
  private static GateEvidence evidence() {
    return SparkGateEvidence.builder(data).gate(GATE).policy(POLICY).labels("label")
        .candidate("gbm", "cand").baseline("prod", "base").rows("rowId", "decisionTime")
        .feature("balance", "knownAt").feature("amount", "knownAt")
        .timelessFeature("branch", "set at account opening").timelessFeature("limit", "set at account opening")
        .featureValues("amount", "amount").featureCategories("branch", "branch").compute();
  }

  @Test
  void theSameRowsHaveTheInMemoryFingerprintOnAnyPartitioning() {
    String expected = BacktestGate.fingerprint(inMemory());
    assertThat(expected).startsWith("sha256-v2:");
    assertThat(onSpark(data)).isEqualTo(expected);
    assertThat(onSpark(data.repartition(1))).isEqualTo(expected);
    assertThat(onSpark(data.repartition(7).orderBy(functions.rand(3)))).isEqualTo(expected);

    Dataset<Row> oneAmountChanged = data.withColumn("amount",
        functions.when(functions.col("rowId").equalTo(11), functions.lit(99.5)).otherwise(functions.col("amount")));
    assertThat(onSpark(oneAmountChanged)).isNotEqualTo(expected);
    Dataset<Row> oneLabelFlipped = data.withColumn("label",
        functions.when(functions.col("rowId").equalTo(11), functions.not(functions.col("label")))
            .otherwise(functions.col("label")));
    assertThat(onSpark(oneLabelFlipped)).isNotEqualTo(expected);
  }

  @Test
  void aSignOffMadeOnEitherEngineCoversTheSameRowsOnTheOther() throws IOException {
    ReviewStore store = ReviewStore.directory(repo.resolve("leakage-reviews"));
    Files.createDirectories(repo.resolve("leakage-reviews"));
    BacktestRun run = inMemory();
    GateEvidence evidence = evidence();
    assertThat(evidence.fingerprint()).isEqualTo(BacktestGate.fingerprint(run));

    GateResult failedInMemory = BacktestGate.evaluate(run, POLICY, store, CLOCK);
    assertThat(failedInMemory.verdict()).isEqualTo(Verdict.FAILED);
    approve(store, failedInMemory);
    assertThat(BacktestGate.evaluate(evidence, POLICY, store, CLOCK).verdict())
        .as("signed off in memory, judged on Spark").isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);

    Files.delete(store.locationOf(GATE));
    GateResult failedOnSpark = BacktestGate.evaluate(evidence, POLICY, store, CLOCK);
    assertThat(failedOnSpark.verdict()).isEqualTo(Verdict.FAILED);
    approve(store, failedOnSpark);
    assertThat(BacktestGate.evaluate(run, POLICY, store, CLOCK).verdict())
        .as("signed off on Spark, judged in memory").isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
  }

  private static void approve(ReviewStore store, GateResult failed) throws IOException {
    Comparison c = failed.comparison();
    SignOff s = new SignOff(SignOff.SCHEMA, GATE, failed.fingerprint(),
        new SignOff.Reviewed(c.candidate(), c.baseline(), c.candidateAuc(), c.baselineAuc(), c.lift(),
            List.of(c.ciLower(), c.ciUpper()), failed.run().rows(), failed.run().positives(), failed.run().features()),
        Decision.APPROVED, "ana@acme.com", LocalDate.parse("2026-12-01"), LocalDate.parse("2027-03-01"),
        "Reviewed on one engine, judged on the other.", new SignOff.Checklist(true, true, true, true, true),
        List.of());
    Files.writeString(store.locationOf(GATE), SignOffJson.write(s));
  }
}
