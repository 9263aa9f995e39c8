package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.pipeline.PipelineEvidence;
import dev.backtestgate.pipeline.PipelineSettings;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.feature.SQLTransformer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Bad input to the pipeline checks on Spark ({@code docs/hostile-input.md}): each refused when the evidence is
 * built, or judged {@code check-failed} naming the refit and the fix, as in memory. One feature, so two refits a case.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileSparkPipelineTests {
  private static volatile Thread driver;
  private static final java.util.concurrent.atomic.AtomicBoolean INTERRUPTED =
      new java.util.concurrent.atomic.AtomicBoolean();
  private final ReviewStore none = ReviewStore.directory(Path.of("target/no-reviews"));
  private final Clock clock = Clock.fixed(Instant.parse("2026-12-07T00:00:00Z"), ZoneOffset.UTC);
  private SparkPipelineWorld world;
  private double[] honest;

  @BeforeAll
  void world() {
    world = new SparkPipelineWorld(SparkTests.session(), 3, 300, 200);
    honest = world.honest();
    SparkTests.session().udf().register("gate_test_interrupt_driver", (UDF1<Integer, Integer>) x -> {
      if (INTERRUPTED.compareAndSet(false, true)) {   // once: no late task interrupts the test after it cleared it
        driver.interrupt();
      }
      return x;
    }, DataTypes.IntegerType);
    SparkTests.session().udf().register("gate_test_cancel_all", (UDF1<Integer, Integer>) x -> {
      SparkContext.getOrCreate().cancelAllJobs();
      long end = System.nanoTime() + Duration.ofMinutes(2).toNanos();   // a bound, never reached: the kill ends it
      while (!TaskContext.get().isInterrupted() && System.nanoTime() < end) {
        Thread.onSpinWait();
      }
      return x;
    }, DataTypes.IntegerType);
  }

  private SparkPipeline one(PipelineStage... after) {
    return one(world.trainingFrame(), after);
  }

  private SparkPipeline one(Dataset<Row> training, PipelineStage... after) {
    Pipeline estimator = SparkPipelineWorld.estimator(List.of("balance"));
    List<PipelineStage> stages = new java.util.ArrayList<>(List.of(estimator.getStages()));
    stages.addAll(List.of(after));
    return SparkPipeline.of(estimator.setStages(stages.toArray(PipelineStage[]::new)), training, "label", "rowId",
        "balance");
  }

  private String failure(SparkPipeline pipeline) {
    return failure(world.evidence(honest, pipeline, GatePolicy.defaults()), GatePolicy.defaults());
  }

  private String failure(GateEvidence evidence, GatePolicy policy) {
    PipelineEvidence part = evidence.part(PipelineEvidence.class).orElseThrow();
    assertThat(part.outcome()).isInstanceOf(PipelineEvidence.Failed.class);
    GateResult result = BacktestGate.evaluate(evidence, policy, none, clock);
    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    Finding failed = result.findings().stream().filter(f -> f.kind().equals("check-failed")).findFirst()
        .orElseThrow();
    assertThat(failed.subject()).isEqualTo("pipeline refit");
    return ((PipelineEvidence.Failed) part.outcome()).reason();
  }

  @Test
  void aPipelineThatThrowsIsCheckFailedNamingTheRefit() {
    Pipeline throwing = new Pipeline().setStages(new PipelineStage[] {
        new LogisticRegression().setLabelCol("label").setFeaturesCol("nope")});
    String reason = failure(SparkPipeline.of(throwing, world.trainingFrame(), "label", "rowId", "balance"));
    assertThat(reason).startsWith("the pipeline threw SparkIllegalArgumentException (\"[FIELD_NOT_FOUND] No such "
        + "struct field `nope`")
        .endsWith("while refitting on the training rows alone (1 of 2): fix the pipeline, or have it handle what "
            + "it cannot fit");
  }

  @Test
  void aModelThatAddsNoScoreColumnIsCheckFailedNamingTheColumns() {
    String reason = failure(one().score("score"));
    assertThat(reason).startsWith("the pipeline's model refitted on the training rows alone (1 of 2) adds no column "
        + "'score' to the rows it scores (it gives [").contains("probability").endsWith("or score(column) for a "
            + "numeric one");
  }

  @Test
  void scoresThatDoNotPairWithTheTestRowsAreCheckFailed() {
    String reason = failure(one(new SQLTransformer().setStatement("SELECT * FROM __THIS__ WHERE rowId > 1")));
    assertThat(reason).startsWith("the pipeline's model refitted on the training rows alone (1 of 2) does not "
        + "score each of the 200 test rows once by its row id 'rowId': 2 test row(s) without a score, 0 scored "
        + "row(s) whose id is no test row's, 0 extra score(s) of rows scored more than once.");
  }

  @Test
  void aTestRowIdThatIsNotUniqueIsRefused() {
    Dataset<Row> test = world.testFrame(honest).withColumn("rowId", when(col("rowId").equalTo(5), lit(4))
        .otherwise(col("rowId")));
    SparkGateEvidence.Builder b = SparkGateEvidence.builder(test).gate("com.acme.Backtest#gbm").labels("label")
        .candidate("lr", "cand").baseline("balance-only", "base").rows("rowId", "decisionTime").pipeline(one());
    assertThatThrownBy(b::compute).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the test rows' row id column 'rowId' holds 199 distinct ids (0 null) for 200 rows: the refits' "
            + "scores are paired with the recorded ones by row id, so each test row needs its own; number the rows "
            + "0 .. rows - 1 (e.g. with zipWithIndex)");
  }

  @Test
  void aTrainingLabelWithNullsIsRefused() {
    Dataset<Row> training = world.trainingFrame().withColumn("label", when(col("rowId").lt(3), lit(null))
        .otherwise(col("label")));
    assertThatThrownBy(() -> world.evidence(honest, one(training), GatePolicy.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the training label column 'label' has 3 null label(s) and 0 label(s) other than 0 and 1 among "
            + "300 training rows: the refits fit on every training row, so drop the unlabelled rows (and map the "
            + "classes to 1/0) before handing the training DataFrame to SparkPipeline.of");
  }

  @Test
  void timeShiftColumnsTheRowsLackAreRefusedNamingTheColumn() {
    Dataset<Row> training = world.trainingFrame().withColumn("account", col("rowId").cast("long"))
        .withColumn("month", col("rowId").cast("long"));
    assertThatThrownBy(() -> one(training).entities("account", "decidedAt", "account"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the pipeline's training rows (entities(...)) has no column 'decidedAt' (it has [");
    SparkPipeline noTestEntity = one(training).entities("account", "month", "account");
    assertThatThrownBy(() -> world.evidence(honest, noTestEntity, GatePolicy.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the test rows (the evidence's DataFrame, entities(...)) has no column 'account' "
            + "(it has [").hasMessageEndingWith("rename yours with withColumnRenamed or selectExpr(\"x AS account\")");
  }

  @Test
  void timeShiftColumnsWithNullsAreRefusedNamingTheColumnAndTheFix() {
    Dataset<Row> training = world.trainingFrame()
        .withColumn("account", when(col("rowId").lt(2), lit(null)).otherwise(col("rowId").cast("long")))
        .withColumn("month", col("rowId").cast("long"));
    SparkPipeline pipeline = one(training).entities("account", "month", "rowId");
    assertThatThrownBy(() -> world.evidence(honest, pipeline, GatePolicy.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the pipeline's training rows (entities(...)): column 'account' holds 2 null(s) among 300 rows: "
            + "the time-shift test finds each row's next decision of its entity, so every row needs its entity and "
            + "decision time; fill them or drop those rows first, or leave out SparkPipeline.entities(...) to skip "
            + "the test");
  }

  @Test
  void featuresTheEstimatorDoesNotReadAreRefused() {
    Dataset<Row> training = world.trainingFrame().withColumn("extra", lit(1.0));
    assertThatThrownBy(() -> SparkPipeline.of(SparkPipelineWorld.estimator(), training, "label", "rowId", "status",
        "balance", "noise", "extra")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the pipeline's features do not match the columns its VectorAssembler reads [status_idx, "
            + "balance, noise]: declared and not read (not an assembler input, nor a stage's output from one): "
            + "[extra]. Declare exactly the columns the pipeline takes, each once, in SparkPipeline.of(...).");
    assertThatThrownBy(() -> SparkPipeline.of(SparkPipelineWorld.estimator(), training, "label", "rowId", "status",
        "balance")).hasMessageContaining("read and derived from no declared feature: [noise]");
    assertThatThrownBy(() -> SparkPipeline.of(new LogisticRegression(), training, "label", "rowId", "status",
        "balance")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the estimator is a LogisticRegression, not a Spark ML Pipeline, so the gate cannot "
            + "find where to drop one of its 2 features [status, balance].");
  }

  @Test
  void dropColumnRefitsRewriteTheAssemblersInputsOnly() {
    SparkPipeline pipeline = world.pipeline();
    assertThat(pipeline.drop.removed("status")).containsExactly("status_idx");
    assertThat(pipeline.drop.removed("noise")).containsExactly("noise");
    Pipeline without = pipeline.drop.without("status");
    assertThat(((org.apache.spark.ml.feature.VectorAssembler) without.getStages()[1]).getInputCols())
        .containsExactly("balance", "noise");
    assertThat(((org.apache.spark.ml.feature.VectorAssembler) SparkPipelineWorld.estimator().getStages()[1])
        .getInputCols()).as("the user's pipeline is unchanged").containsExactly("status_idx", "balance", "noise");
    assertThat(without.getStages()[0]).isSameAs(((Pipeline) pipeline.estimator).getStages()[0]);
  }

  @Test
  void anEstimatorThatIgnoresItsSeedIsNotReproducible() {
    String reason = failure(one(new SQLTransformer().setStatement("SELECT *, rand() AS noisy FROM __THIS__"))
        .score("noisy"));
    assertThat(reason).startsWith("the pipeline is not reproducible with itself: two refits on the same training "
        + "rows score the test rows with AUC ").endsWith("fix its seeds (and thread count) so that a refit on the "
            + "same rows scores alike");
  }

  @Test
  void anInterruptCancelsTheRefitsAndIsCheckFailed() {
    driver = Thread.currentThread();
    // a filter on repartitioned rows: evaluated in the refit's job, on an executor thread
    GateEvidence evidence;
    try {
      evidence = world.evidence(world.testFrame(honest).repartition(2), one(new SQLTransformer()
          .setStatement("SELECT * FROM __THIS__ WHERE gate_test_interrupt_driver(rowId) >= 0")),
          GatePolicy.defaults());
    } finally {
      assertThat(Thread.interrupted()).as("the interrupt is restored for the caller").isTrue();
    }
    assertThat(failure(evidence, GatePolicy.defaults())).isEqualTo("interrupted while the pipeline was being "
        + "refitted: the refits were cancelled and nothing was checked; run the backtest again without interrupting "
        + "it");
  }

  @Test
  void aCancelledJobIsCheckFailed() {
    // a filter (a projection the gate does not read would be pruned), on repartitioned rows (over a local
    // relation Spark would evaluate it on the driver, not in a job)
    String reason = failure(world.evidence(world.testFrame(honest).repartition(2), one(new SQLTransformer()
        .setStatement("SELECT * FROM __THIS__ WHERE gate_test_cancel_all(rowId) >= 0")), GatePolicy.defaults()),
        GatePolicy.defaults());
    assertThat(reason).startsWith("a Spark job of the refit on the training rows alone (1 of 2) was cancelled (")
        .contains("before it finished, so nothing was checked: run the backtest again and let the gate's job group "
            + "(backtest-gate-refits-");
  }

  @Test
  void aBudgetThatEndsBeforeTheFullRefitsIsCheckFailed() {
    GatePolicy policy = GatePolicy.defaults().with(PipelineSettings.DEFAULTS.budget(Duration.ofMillis(1)));
    String reason = failure(world.evidence(honest, one(), policy), policy);
    assertThat(reason).isEqualTo("the pipeline budget (PT0.001S) ran out before the refit on the training rows alone "
        + "(1 of 2) finished: raise backtestgate.pipeline-budget, or give the gate a faster pipeline");
  }
}
