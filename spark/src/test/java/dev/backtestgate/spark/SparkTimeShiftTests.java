package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineInput;
import dev.backtestgate.pipeline.PipelineRows;
import dev.backtestgate.pipeline.TimeShiftUncheckedFinding;
import dev.backtestgate.pipeline.TimeShiftedLabelsFinding;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The time-shifted labels test on Spark against the in-memory test of the same rows (collected), with an in-memory
 * pipeline that fits the same Spark ML estimator on a DataFrame built the same way: a panel of accounts decided each
 * month, where the leaky column "ahead" reads the next month's label. The test rows' labels are doubles 0.0/1.0, Spark
 * ML's convention. The same finding, counts and numbers (1e-12),
 * the same texts; the honest twin raises none.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkTimeShiftTests {
  static final String[] FEATURES = {"risk", "ahead"};
  static final long MONTH = 30L * 86_400_000L;
  private static final Set<String> KINDS = Set.of(TimeShiftedLabelsFinding.KIND, TimeShiftUncheckedFinding.KIND);
  private final ReviewStore none = ReviewStore.directory(Path.of("target/no-reviews"));
  private final Clock clock = Clock.fixed(Instant.parse("2026-12-07T00:00:00Z"), ZoneOffset.UTC);
  private final GatePolicy policy = GatePolicy.defaults();
  private Panel leaky;
  private Panel honest;

  @BeforeAll
  void panels() {
    leaky = new Panel(SparkTests.session(), 11, 250, 4, true);
    honest = new Panel(SparkTests.session(), 11, 250, 4, false);
  }

  @Test
  void aColumnThatReadsTheNextMonthIsFoundOnSparkAsInMemory() {
    List<Finding> onSpark = timeShift(BacktestGate.evaluate(leaky.evidence(leaky.pipeline()), policy, none, clock));
    List<Finding> inMemory = timeShift(BacktestGate.evaluate(leaky.run(), policy, none, clock));

    assertThat(onSpark).extracting(Finding::kind).containsExactly(TimeShiftedLabelsFinding.KIND)
        .isEqualTo(inMemory.stream().map(Finding::kind).toList());
    TimeShiftedLabelsFinding spark = (TimeShiftedLabelsFinding) onSpark.get(0);
    TimeShiftedLabelsFinding memory = (TimeShiftedLabelsFinding) inMemory.get(0);
    assertThat(spark.toNext()).isEqualTo(memory.toNext()).isGreaterThanOrEqualTo(30);
    assertThat(spark.toOwn()).isEqualTo(memory.toOwn()).isGreaterThanOrEqualTo(30);
    assertThat(spark.trainingRows()).isEqualTo(memory.trainingRows()).isEqualTo(250 * 3);
    double[] s = {spark.auc(), spark.ciLower(), spark.ciUpper(), spark.p(), spark.alpha(), spark.minStep()};
    double[] m = {memory.auc(), memory.ciLower(), memory.ciUpper(), memory.p(), memory.alpha(), memory.minStep()};
    assertThat(s).containsExactly(m, within(1e-12));
    assertThat(spark.auc()).isGreaterThan(0.6);
    assertThat(spark.examples()).hasSize(3).isEqualTo(memory.examples());
    assertThat(spark.render().lines()).isEqualTo(memory.render().lines());
  }

  @Test
  void theHonestTwinRaisesNoTimeShiftFindingOnSparkAsInMemory() {
    assertThat(timeShift(BacktestGate.evaluate(honest.evidence(honest.pipeline()), policy, none, clock))).isEmpty();
    assertThat(timeShift(BacktestGate.evaluate(honest.run(), policy, none, clock))).isEmpty();
  }

  @Test
  void withoutEntityColumnsTheEvidenceSaysTheTestDidNotRun() {
    SparkPipeline anonymous = SparkPipeline.of(Panel.estimator(List.of(FEATURES)), honest.trainingFrame(), "label",
        "rowId", FEATURES);
    List<Finding> findings = timeShift(BacktestGate.evaluate(honest.evidence(anonymous), policy, none, clock));
    assertThat(findings).singleElement().satisfies(f -> assertThat(f.render().headline()).isEqualTo("The "
        + "time-shifted labels test did not run: the Spark pipeline names no entity and decision-time columns, so no "
        + "row has a next decision. Name them with SparkPipeline.entities(trainingEntity, trainingDecisionTime, "
        + "testEntity) to have the pipeline tested for reading the next period."));
  }

  @Test
  void labelsThatNeverChangeSayTheTestDidNotRunWithTheInMemoryReason() {
    Panel steady = new Panel(SparkTests.session(), 11, 250, 4, false);
    for (int i = 0; i < steady.testLabels.length; i++) {   // each account's test label is the same every month
      steady.testLabels[i] = steady.testEntities[i] % 3 == 0;
    }
    List<Finding> onSpark = timeShift(BacktestGate.evaluate(steady.evidence(steady.pipeline()), policy, none, clock));
    List<Finding> inMemory = timeShift(BacktestGate.evaluate(steady.run(), policy, none, clock));
    assertThat(onSpark).singleElement().satisfies(f -> assertThat(((TimeShiftUncheckedFinding) f).reason())
        .startsWith("only 0 test rows go from label 0 to a next label of 1 and 0 from 1 to 0"));
    assertThat(onSpark.get(0).render().lines()).isEqualTo(inMemory.get(0).render().lines());
  }

  private static List<Finding> timeShift(GateResult result) {
    return result.findings().stream().filter(f -> KINDS.contains(f.kind())).toList();
  }

  /**
   * Accounts decided once a month, training months 0 .. m - 1 and test months m .. 2m - 1: a risk that moves a
   * little each month, a label drawn from it, "risk" the risk seen with noise, "ahead" the next month's label with
   * noise (leaky) or noise alone (honest).
   */
  static final class Panel {
    static final StructType SCHEMA = new StructType().add("rowId", DataTypes.IntegerType)
        .add("label", DataTypes.IntegerType).add("account", DataTypes.LongType).add("month", DataTypes.LongType)
        .add("risk", DataTypes.DoubleType).add("ahead", DataTypes.DoubleType);
    final SparkSession spark;
    final double[][] train = new double[2][];
    final boolean[] trainLabels;
    final long[] trainEntities;
    final long[] trainTimes;
    final double[][] test = new double[2][];
    final boolean[] testLabels;
    final long[] testEntities;
    final long[] testTimes;

    Panel(SparkSession spark, long seed, int accounts, int months, boolean leaky) {
      this.spark = spark;
      Random random = new Random(seed);
      int periods = 2 * months;
      boolean[][] label = new boolean[accounts][periods + 1];
      double[][] risk = new double[accounts][periods + 1];
      for (int a = 0; a < accounts; a++) {
        double r = random.nextGaussian();
        for (int t = 0; t <= periods; t++) {
          r = 0.8 * r + 0.6 * random.nextGaussian();
          risk[a][t] = r;
          label[a][t] = random.nextDouble() < 1 / (1 + Math.exp(-(r - 0.8)));
        }
      }
      int n = accounts * months;
      trainLabels = new boolean[n];
      trainEntities = new long[n];
      trainTimes = new long[n];
      testLabels = new boolean[n];
      testEntities = new long[n];
      testTimes = new long[n];
      for (int f = 0; f < 2; f++) {
        train[f] = new double[n];
        test[f] = new double[n];
      }
      for (int side = 0; side < 2; side++) {
        int i = 0;
        for (int t = side * months; t < (side + 1) * months; t++) {   // month by month, so rows of a time are apart
          for (int a = 0; a < accounts; a++, i++) {
            double[][] columns = side == 0 ? train : test;
            (side == 0 ? trainLabels : testLabels)[i] = label[a][t];
            (side == 0 ? trainEntities : testEntities)[i] = 1000 + a;
            (side == 0 ? trainTimes : testTimes)[i] = Instant.parse("2025-01-01T00:00:00Z").toEpochMilli()
                + t * MONTH;
            columns[0][i] = risk[a][t] + 0.5 * random.nextGaussian();
            columns[1][i] = leaky ? (label[a][t + 1] ? 1 : 0) + 0.7 * random.nextGaussian() : random.nextGaussian();
          }
        }
      }
    }

    static org.apache.spark.ml.Pipeline estimator(List<String> features) {
      return new org.apache.spark.ml.Pipeline().setStages(new PipelineStage[] {
          new VectorAssembler().setInputCols(features.toArray(String[]::new)).setOutputCol("features"),
          new LogisticRegression().setLabelCol("label").setFeaturesCol("features").setMaxIter(10).setRegParam(0.01)});
    }

    /** Rows as a DataFrame: the columns given (NaN for a feature left out), labels when given, one row id each. */
    Dataset<Row> frame(double[][] columns, List<String> names, boolean[] labels, long[] entities, long[] times,
        int rows) {
      List<Row> out = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        int r = names.indexOf("risk");
        int h = names.indexOf("ahead");
        out.add(RowFactory.create(i, labels == null ? 0 : labels[i] ? 1 : 0, entities == null ? 0L : entities[i],
            times == null ? 0L : times[i], r < 0 ? Double.NaN : columns[r][i], h < 0 ? Double.NaN : columns[h][i]));
      }
      return spark.createDataFrame(out, SCHEMA);
    }

    Dataset<Row> trainingFrame() {
      return frame(train, List.of(FEATURES), trainLabels, trainEntities, trainTimes, trainLabels.length);
    }

    SparkPipeline pipeline() {
      Dataset<Row> training = trainingFrame();
      // tag::spark-time-shift[]
      SparkPipeline pipeline = SparkPipeline.of(estimator(List.of("risk", "ahead")), training, "label", "rowId",
              "risk", "ahead")
          .entities("account", "month", "account");   // training entity, training decision time, test entity
      // end::spark-time-shift[]
      return pipeline;
    }

    /** The honest refit's scores as the recorded candidate, the risk alone as the baseline. */
    double[] candidate() {
      Dataset<Row> scored = estimator(List.of(FEATURES)).fit(trainingFrame())
          .transform(frame(test, List.of(FEATURES), testLabels, testEntities, testTimes, testLabels.length));
      return SparkPipelineWorld.collect(scored, testLabels.length);
    }

    GateEvidence evidence(SparkPipeline pipeline) {
      double[] candidate = candidate();
      List<Row> out = new ArrayList<>();
      for (int i = 0; i < testLabels.length; i++) {
        out.add(RowFactory.create(i, testLabels[i] ? 1 : 0, testEntities[i], testTimes[i], test[0][i], test[1][i],
            candidate[i], test[0][i]));
      }
      Dataset<Row> frame = spark.createDataFrame(out, SCHEMA.add("cand", DataTypes.DoubleType)
          .add("base", DataTypes.DoubleType))
          .withColumn("label", org.apache.spark.sql.functions.col("label").cast("double"));   // Spark ML's 0.0/1.0
      SparkGateEvidence.Builder b = SparkGateEvidence.builder(frame).gate("com.acme.Panel#lr").policy(
          GatePolicy.defaults()).labels("label").candidate("lr", "cand").baseline("risk-only", "base")
          .rows("rowId", "month").pipeline(pipeline);
      for (String f : FEATURES) {
        b.timelessFeature(f, "as of the month's statement");
      }
      return b.compute();
    }

    /** The same pipeline in memory: it builds its DataFrame from the rows it is given, as the Spark side's. */
    Pipeline inMemory() {
      return rows -> {
        org.apache.spark.ml.PipelineModel model = estimator(rows.featureNames())
            .fit(frame(columns(rows), rows.featureNames(), rows.labels(), null, null, rows.rows()));
        return scored -> SparkPipelineWorld.collect(model.transform(frame(columns(scored), scored.featureNames(), null,
            null, null, scored.rows())), scored.rows());
      };
    }

    private static double[][] columns(PipelineRows rows) {
      double[][] out = new double[rows.width()][];
      for (int c = 0; c < rows.width(); c++) {
        out[c] = rows.column(c);
      }
      return out;
    }

    BacktestRun run() {
      PipelineRows.Builder training = PipelineRows.builder();
      for (int f = 0; f < FEATURES.length; f++) {
        training.feature(FEATURES[f], train[f]);
      }
      long[] known = trainTimes.clone();
      for (int i = 0; i < known.length; i++) {
        known[i] += MONTH / 2;
      }
      BacktestRun.Builder b = BacktestRun.builder("com.acme.Panel#lr").labels(testLabels)
          .candidate("lr", candidate()).baseline("risk-only", test[0].clone()).decisionTimes(testTimes)
          .training(trainTimes, known, trainEntities).entities(testEntities)
          .input(PipelineInput.of(inMemory(), training.labels(trainLabels).build()));
      for (int f = 0; f < FEATURES.length; f++) {
        b.timelessFeature(FEATURES[f], "as of the month's statement").featureValues(FEATURES[f], test[f]);
      }
      return b.build();
    }
  }
}
