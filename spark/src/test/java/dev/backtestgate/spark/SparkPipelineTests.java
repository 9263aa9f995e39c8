package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.pipeline.DuplicateRowsFinding;
import dev.backtestgate.pipeline.FeatureLift;
import dev.backtestgate.pipeline.FitScopeFinding;
import dev.backtestgate.pipeline.LiftAttributionFinding;
import dev.backtestgate.pipeline.PipelineEvidence;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The pipeline checks on Spark against the in-memory checks of the same rows, with an in-memory pipeline that fits
 * the same Spark ML estimator on a DataFrame built the same way: the same kinds, counts and numbers (1e-12), the same
 * texts; the leaky candidate (fitted on training and test rows together) is blocked by {@code fit-scope}, its honest
 * twin is not.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkPipelineTests {
  private static final Set<String> PIPELINE_KINDS = Set.of(FitScopeFinding.KIND, LiftAttributionFinding.KIND,
      "lift-carrier", DuplicateRowsFinding.KIND);
  private final ReviewStore none = ReviewStore.directory(Path.of("target/no-reviews"));
  private final Clock clock = Clock.fixed(Instant.parse("2026-12-07T00:00:00Z"), ZoneOffset.UTC);
  private final GatePolicy policy = GatePolicy.defaults();
  private SparkPipelineWorld world;

  @BeforeAll
  void world() {
    world = new SparkPipelineWorld(SparkTests.session(), 7, 1_000, 600);
  }

  @Test
  void theLeakyCandidateIsBlockedByFitScopeOnSparkAsInMemory() {
    double[] leaky = world.leaky();
    GateEvidence evidence = world.evidence(leaky, world.pipeline(), policy);
    List<Finding> onSpark = pipelineFindings(BacktestGate.evaluate(evidence, policy, none, clock));
    List<Finding> inMemory = pipelineFindings(BacktestGate.evaluate(world.run(leaky), policy, none, clock));

    assertThat(onSpark).extracting(Finding::kind).contains(FitScopeFinding.KIND)
        .isEqualTo(inMemory.stream().map(Finding::kind).toList());
    FitScopeFinding spark = find(onSpark, FitScopeFinding.class);
    FitScopeFinding memory = find(inMemory, FitScopeFinding.class);
    assertThat(spark.rows()).isEqualTo(memory.rows()).isEqualTo(600);
    assertThat(spark.outside()).isEqualTo(memory.outside()).isGreaterThan(1);
    assertThat(spark.tolerance()).isCloseTo(memory.tolerance(), within(1e-12));
    assertThat(spark.recordedAuc()).isCloseTo(memory.recordedAuc(), within(1e-12));
    assertThat(spark.refitAuc()).isCloseTo(memory.refitAuc(), within(1e-12));
    assertThat(spark.largest()).hasSameSizeAs(memory.largest());
    for (int k = 0; k < spark.largest().size(); k++) {
      assertThat(spark.largest().get(k)).containsExactly(memory.largest().get(k), within(1e-12));
    }
    assertThat(spark.render().lines()).isEqualTo(memory.render().lines());
    sameAttribution(onSpark, inMemory);
  }

  @Test
  void theHonestTwinPassesFitScopeAndTheAttributionIsTheInMemoryOne() {
    double[] honest = world.honest();
    Dataset<Row> training = world.trainingFrame();
    Dataset<Row> test = world.testFrame(honest);
    // tag::spark-pipeline[]
    Pipeline estimator = new Pipeline().setStages(new PipelineStage[] {
        new StringIndexer().setInputCol("status").setOutputCol("status_idx"),
        new VectorAssembler().setInputCols(new String[] {"status_idx", "balance", "noise"}).setOutputCol("features"),
        new LogisticRegression().setLabelCol("label").setMaxIter(10).setRegParam(0.01)});
    SparkPipeline pipeline = SparkPipeline.of(estimator, training, "label", "rowId", "status", "balance", "noise");
    GateEvidence evidence = SparkGateEvidence.builder(test).gate("com.acme.Backtest#lr").policy(policy)
        .labels("label").candidate("lr", "cand").baseline("balance-only", "base").rows("rowId", "decisionTime")
        .timelessFeature("status", "as of the last statement").timelessFeature("balance", "as of the last statement")
        .timelessFeature("noise", "as of the last statement")
        .pipeline(pipeline)   // refits on `training` alone, scored on `test`, paired by rowId
        .compute();
    // end::spark-pipeline[]
    PipelineEvidence part = evidence.part(PipelineEvidence.class).orElseThrow();
    assertThat(part.outcome()).isInstanceOf(PipelineEvidence.Measured.class);
    List<Finding> onSpark = pipelineFindings(BacktestGate.evaluate(evidence, policy, none, clock));
    List<Finding> inMemory = pipelineFindings(BacktestGate.evaluate(world.run(honest), policy, none, clock));

    assertThat(onSpark).extracting(Finding::kind).doesNotContain(FitScopeFinding.KIND)
        .contains(LiftAttributionFinding.KIND, DuplicateRowsFinding.KIND)
        .isEqualTo(inMemory.stream().map(Finding::kind).toList());
    PipelineEvidence.FitScope fit = ((PipelineEvidence.Measured) part.outcome()).fitScope();
    assertThat(fit.outside()).isZero();
    sameAttribution(onSpark, inMemory);
    DuplicateRowsFinding copies = find(onSpark, DuplicateRowsFinding.class);
    DuplicateRowsFinding memoryCopies = find(inMemory, DuplicateRowsFinding.class);
    assertThat(copies.duplicates()).isEqualTo(memoryCopies.duplicates()).isEqualTo(SparkPipelineWorld.COPIES);
    assertThat(copies.examples()).extracting(e -> e[0] + "<-" + e[1]).containsExactly("0<-100", "1<-101", "2<-102",
        "3<-103").isEqualTo(memoryCopies.examples().stream().map(e -> e[0] + "<-" + e[1]).toList());
    assertThat(copies.render().lines()).isEqualTo(find(inMemory, DuplicateRowsFinding.class).render().lines());
  }

  private static void sameAttribution(List<Finding> onSpark, List<Finding> inMemory) {
    LiftAttributionFinding spark = find(onSpark, LiftAttributionFinding.class);
    LiftAttributionFinding memory = find(inMemory, LiftAttributionFinding.class);
    assertThat(spark.lift()).isCloseTo(memory.lift(), within(1e-12));
    assertThat(spark.refit().refitAuc()).isCloseTo(memory.refit().refitAuc(), within(1e-12));
    assertThat(spark.refit().baselineAuc()).isCloseTo(memory.refit().baselineAuc(), within(1e-12));
    assertThat(spark.refit().ciLower()).isCloseTo(memory.refit().ciLower(), within(1e-12));
    assertThat(spark.refit().ciUpper()).isCloseTo(memory.refit().ciUpper(), within(1e-12));
    assertThat(spark.notRefit()).isEqualTo(memory.notRefit()).isEmpty();
    assertThat(spark.features()).extracting(FeatureLift::feature)
        .isEqualTo(memory.features().stream().map(FeatureLift::feature).toList());
    for (int k = 0; k < spark.features().size(); k++) {
      FeatureLift s = spark.features().get(k);
      FeatureLift m = memory.features().get(k);
      double[] sv = {s.aucWithout(), s.carried(), s.ciLower(), s.ciUpper(), s.liftWithout(), s.share(),
          s.shareLower(), s.shareUpper()};
      double[] mv = {m.aucWithout(), m.carried(), m.ciLower(), m.ciUpper(), m.liftWithout(), m.share(),
          m.shareLower(), m.shareUpper()};
      assertThat(sv).as(s.feature()).containsExactly(mv, within(1e-12));
    }
    assertThat(spark.features().get(0).feature()).isEqualTo("status");
    assertThat(spark.render().headline()).isEqualTo(memory.render().headline());
  }

  private static List<Finding> pipelineFindings(GateResult result) {
    return result.findings().stream().filter(f -> PIPELINE_KINDS.contains(f.kind())).toList();
  }

  private static <F extends Finding> F find(List<Finding> findings, Class<F> type) {
    return findings.stream().filter(type::isInstance).map(type::cast).findFirst().orElseThrow();
  }
}
