package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.lifttrend.LiftTrendFinding;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * The lift trend of gate evidence computed on Spark gives the findings of the in-memory run on the same rows: the
 * same failing finding for a backfill's step, nothing for a stable lift.
 */
class SparkLiftTrendEvidenceTests {
  private static final long START = Instant.parse("2025-01-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
  private static final ReviewStore NO_REVIEWS = ReviewStore.directory(Path.of("target/no-such-review-dir"));
  /** Fewer rows per period than the default needs, so eight months of 240 rows each are measured. */
  private static final GatePolicy POLICY = GatePolicy.defaults().with(LiftTrendSettings.defaults().withMinClass(20));

  private final SparkSession spark = SparkTests.session();

  /**
   * Eight months of 240 rows in shuffled order, a third positive, scores with ties; the candidate's edge is {@code
   * before} in the first {@code change} months and {@code after} from then on.
   */
  private record Data(boolean[] labels, double[] candidate, double[] baseline, long[] times) {
    static Data draw(long seed, int change, double before, double after) {
      Random random = new Random(seed);
      int n = 8 * 240;
      Data d = new Data(new boolean[n], new double[n], new double[n], new long[n]);
      for (int i = 0; i < n; i++) {
        int day = random.nextInt(240);
        d.labels[i] = random.nextDouble() < 0.33;
        double shared = Math.round(random.nextGaussian() * 10) / 10.0;
        d.baseline[i] = (d.labels[i] ? 0.8 : 0) + shared;
        d.candidate[i] = (d.labels[i] ? 0.8 + (day < change * 30 ? before : after) : 0) + shared
            + 0.5 * random.nextGaussian();
        d.times[i] = START + day * DAY + random.nextInt(86_400_000);
      }
      return d;
    }

    BacktestRun run() {
      return BacktestRun.builder("com.acme.Backtest#gbm").labels(labels).candidate("gbm", candidate)
          .baseline("prod", baseline).decisionTimes(times).timelessFeature("limit", "set at account opening").build();
    }

    GateEvidence onSpark(SparkSession spark) {
      StructType schema = new StructType().add("rowId", DataTypes.IntegerType).add("label", DataTypes.BooleanType)
          .add("cand", DataTypes.DoubleType).add("base", DataTypes.DoubleType).add("decided", DataTypes.LongType);
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < labels.length; i++) {
        rows.add(RowFactory.create(i, labels[i], candidate[i], baseline[i], times[i]));
      }
      Dataset<Row> frame = spark.createDataFrame(rows, schema).repartition(2);
      return SparkGateEvidence.builder(frame).gate("com.acme.Backtest#gbm").labels("label")
          .candidate("gbm", "cand").baseline("prod", "base").rows("rowId", "decided")
          .timelessFeature("limit", "set at account opening").policy(POLICY).compute();
    }
  }

  private static List<Finding> trendFindings(GateResult result) {
    return result.findings().stream().filter(f -> f.kind().equals(LiftTrendFinding.KIND)).toList();
  }

  @Test
  void aBackfillsStepFailsOnSparkEvidenceWithTheRunsOwnFinding() {
    Data data = Data.draw(5, 4, 0.9, 0.1);

    GateResult inMemory = BacktestGate.evaluate(data.run(), POLICY, NO_REVIEWS, CLOCK);
    GateEvidence evidence = data.onSpark(spark);
    GateResult fromSpark = BacktestGate.evaluate(evidence, POLICY, NO_REVIEWS, CLOCK);

    assertThat(evidence.part(LiftTrend.class)).isEqualTo(GateEvidence.of(data.run(), POLICY).part(LiftTrend.class));
    assertThat(trendFindings(inMemory)).singleElement().isInstanceOf(LiftTrendFinding.class);
    assertThat(trendFindings(fromSpark)).isEqualTo(trendFindings(inMemory));
    assertThat(fromSpark.verdict()).isEqualTo(inMemory.verdict()).isEqualTo(Verdict.FAILED);
  }

  @Test
  void aStableLiftFindsNothingOnSparkAsInMemory() {
    Data data = Data.draw(6, 8, 0.3, 0.3);

    GateResult inMemory = BacktestGate.evaluate(data.run(), POLICY, NO_REVIEWS, CLOCK);
    GateEvidence evidence = data.onSpark(spark);
    GateResult fromSpark = BacktestGate.evaluate(evidence, POLICY, NO_REVIEWS, CLOCK);

    assertThat(evidence.part(LiftTrend.class).orElseThrow().tested()).isTrue();
    assertThat(trendFindings(inMemory)).isEmpty();
    assertThat(trendFindings(fromSpark)).isEmpty();
  }
}
