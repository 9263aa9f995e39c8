package dev.backtestgate.hostile;

import static dev.backtestgate.GateFixtures.CLOCK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.InvalidSettingException;
import dev.backtestgate.Verdict;
import dev.backtestgate.pipeline.LiftAttributionFinding;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineChecks;
import dev.backtestgate.pipeline.PipelineInput;
import dev.backtestgate.pipeline.PipelineRows;
import dev.backtestgate.pipeline.PipelineSettings;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A backtest's pipeline that misbehaves, through the public API: whatever it throws or returns, whatever it writes
 * into the arrays it is given, however slow or unsteady it is, the gate fails with a {@code check-failed} finding
 * that names the pipeline's fault, never a pass, and never a JVM exception's bare text.
 */
class HostilePipelineTests {
  private static final int TRAIN = 400;
  private static final int TEST = 300;
  private static final double[][] TRAIN_X = new double[2][TRAIN];
  private static final boolean[] TRAIN_Y = new boolean[TRAIN];
  private static final double[][] TEST_X = new double[2][TEST];
  private static final boolean[] TEST_Y = new boolean[TEST];
  /** The production model: feature "a" with a little noise, so the lift is near zero. */
  private static final double[] BASELINE = new double[TEST];

  static {
    Random random = new Random(3);
    for (int i = 0; i < TRAIN; i++) {
      TRAIN_Y[i] = random.nextBoolean();
      TRAIN_X[0][i] = (TRAIN_Y[i] ? 1 : 0) + random.nextGaussian();
      TRAIN_X[1][i] = random.nextGaussian();
    }
    for (int i = 0; i < TEST; i++) {
      TEST_Y[i] = random.nextBoolean();
      TEST_X[0][i] = (TEST_Y[i] ? 1 : 0) + random.nextGaussian();
      TEST_X[1][i] = random.nextGaussian();
      BASELINE[i] = TEST_X[0][i] + 0.01 * random.nextGaussian();
    }
  }

  /** The honest pipeline: the score is the first feature itself; fitting learns nothing, so refits reproduce it. */
  private static final Pipeline HONEST = training -> rows -> rows.column(0).clone();

  private static PipelineRows training() {
    return PipelineRows.builder().feature("a", TRAIN_X[0].clone()).feature("b", TRAIN_X[1].clone())
        .labels(TRAIN_Y.clone()).build();
  }

  private static BacktestRun.Builder run(Pipeline pipeline) {
    return BacktestRun.builder("hostile#pipeline").labels(TEST_Y).candidate("a", TEST_X[0].clone())
        .baseline("a-before", BASELINE).decisionTimes(new long[TEST]).timelessFeature("a", "test")
        .timelessFeature("b", "test").featureValues("a", TEST_X[0].clone()).featureValues("b", TEST_X[1].clone())
        .input(PipelineInput.of(pipeline, training()));
  }

  private static GateResult gate(BacktestRun run, GatePolicy policy) {
    return BacktestGate.evaluate(run, policy, ReviewStore.directory(Path.of("no-reviews-here")), CLOCK);
  }

  private static String checkFailed(Pipeline pipeline) {
    GateResult result = gate(run(pipeline).build(), GatePolicy.defaults());
    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    List<Finding.CheckFailed> failed = result.findings().stream().filter(Finding.CheckFailed.class::isInstance)
        .map(Finding.CheckFailed.class::cast).toList();
    assertThat(failed).as("check-failed findings").singleElement()
        .satisfies(f -> assertThat(f.check()).isEqualTo("pipeline refit"));
    return Messages.assertPlain(failed.get(0).reason());
  }

  @Test
  void theHonestPipelinePassesSoEveryCaseBelowCanFail() {
    GateResult result = gate(run(HONEST).build(), GatePolicy.defaults());
    assertThat(result.verdict()).isEqualTo(Verdict.PASSED);
    assertThat(result.findings()).extracting(Finding::kind).contains(LiftAttributionFinding.KIND)
        .doesNotContain("fit-scope", "check-failed");
  }

  static Stream<Arguments> faults() {
    return Stream.of(
        Arguments.of("fit throws", (Pipeline) t -> {
          throw new IllegalStateException("no convergence");
        }, "the pipeline threw IllegalStateException (\"no convergence\") while refitting on the training rows "
            + "alone (1 of 2)"),
        Arguments.of("fit throws an Error", (Pipeline) t -> {
          throw new StackOverflowError();
        }, "StackOverflowError"),
        Arguments.of("score throws", (Pipeline) t -> rows -> {
          throw new UnsupportedOperationException("unknown category");
        }, "UnsupportedOperationException (\"unknown category\")"),
        Arguments.of("fit returns no scorer", (Pipeline) t -> null, "returned no scorer (null)"),
        Arguments.of("score returns null", (Pipeline) t -> rows -> null, "returned no scores (null)"),
        Arguments.of("one score too few", (Pipeline) t -> rows -> new double[rows.rows() - 1],
            "returned 299 scores for 300 rows"),
        Arguments.of("one score too many", (Pipeline) t -> rows -> new double[rows.rows() + 1],
            "returned 301 scores for 300 rows"),
        Arguments.of("a NaN score", (Pipeline) t -> rows -> nanAt(rows.rows(), 7, Double.NaN),
            "returned 1 score(s) that are not finite numbers, first at row 7 (NaN)"),
        Arguments.of("an infinite score", (Pipeline) t -> rows -> nanAt(rows.rows(), 0, Double.NEGATIVE_INFINITY),
            "first at row 0 (-Infinity)"),
        Arguments.of("reading the scoring rows' labels", (Pipeline) t -> rows -> {
          rows.labels();
          return new double[rows.rows()];
        }, "these are scoring rows, which carry no labels"),
        Arguments.of("scaling a training column in place", (Pipeline) t -> {
          double[] a = t.column(0);
          for (int i = 0; i < a.length; i++) {
            a[i] /= 2;
          }
          return rows -> rows.column(0).clone();
        }, "the pipeline changed the arrays it was given (training column 'a'"),
        Arguments.of("filling a test column's missing values in place", (Pipeline) t -> rows -> {
          rows.column(rows.width() - 1)[0] = 0;
          return rows.column(0).clone();
        }, "test column 'b'"),
        Arguments.of("flipping a training label", (Pipeline) t -> {
          t.labels()[0] = !t.labels()[0];
          return rows -> rows.column(0).clone();
        }, "the pipeline changed the training labels it was given while refitting on the training rows alone"),
        Arguments.of("random scores on every fit", (Pipeline) t -> {
          Random random = new Random();
          return rows -> random.doubles(rows.rows()).toArray();
        }, "the pipeline is not reproducible with itself: two refits on the same training rows score the test rows "
            + "with AUC"));
  }

  private static double[] nanAt(int rows, int row, double value) {
    double[] out = new double[rows];
    out[row] = value;
    return out;
  }

  @ParameterizedTest(name = "a pipeline with {0} fails the gate naming it")
  @MethodSource("faults")
  void aPipelineThatMisbehavesFailsTheGateNamingTheFault(String what, Pipeline pipeline, String message) {
    assertThat(checkFailed(pipeline)).contains(message);
  }

  @Test
  void aPipelineThatWritesToItsInputAndThenThrowsIsReportedForBoth() {
    String failure = checkFailed(t -> {
      double[] a = t.column(0);
      for (int i = 0; i < a.length; i++) {
        a[i] /= 2;
      }
      throw new IllegalStateException("no convergence");
    });

    assertThat(failure).contains("the pipeline threw IllegalStateException (\"no convergence\") while refitting "
        + "on the training rows alone", "; also, the pipeline changed the arrays it was given (training column 'a'");
  }

  @Test
  void aPipelineFeatureTheRunDoesNotRecordIsNamed() {
    PipelineRows wider = PipelineRows.builder().feature("a", TRAIN_X[0]).feature("b", TRAIN_X[1])
        .feature("c", TRAIN_X[1]).labels(TRAIN_Y).build();
    BacktestRun run = BacktestRun.builder("hostile#pipeline").labels(TEST_Y).candidate("a", TEST_X[0])
        .baseline("b", TEST_X[1]).decisionTimes(new long[TEST]).timelessFeature("a", "test")
        .timelessFeature("b", "test").featureValues("a", TEST_X[0]).featureValues("b", TEST_X[1])
        .input(PipelineInput.of(HONEST, wider)).build();
    assertThat(gate(run, GatePolicy.defaults()).findings()).filteredOn(f -> f.kind().equals("check-failed"))
        .singleElement().satisfies(f -> assertThat(f.render().lines().get(0)).contains(
            "the pipeline's features do not match the run's recorded feature values: the pipeline takes 'a', 'b', "
                + "'c', the run records 'a', 'b'; not recorded for the test rows: 'c'"));
  }

  @Test
  void aRecordedFeatureThePipelineDoesNotTakeIsNamed() {
    PipelineRows narrower = PipelineRows.builder().feature("a", TRAIN_X[0]).labels(TRAIN_Y).build();
    BacktestRun run = run(HONEST).build();
    BacktestRun other = BacktestRun.builder("hostile#pipeline").labels(TEST_Y).candidate("a", TEST_X[0])
        .baseline("b", TEST_X[1]).decisionTimes(new long[TEST]).timelessFeature("a", "test")
        .timelessFeature("b", "test").featureValues("a", TEST_X[0]).featureValues("b", TEST_X[1])
        .input(PipelineInput.of(HONEST, narrower)).build();
    assertThat(run.rows()).isEqualTo(other.rows());
    assertThat(gate(other, GatePolicy.defaults()).findings()).filteredOn(f -> f.kind().equals("check-failed"))
        .singleElement().satisfies(f -> assertThat(f.render().lines().get(0))
            .contains("recorded but not taken by the pipeline: 'b'"));
  }

  static Stream<Arguments> badTrainingRows() {
    return Stream.of(
        Arguments.of("no labels", (UnaryOperator<PipelineRows.Builder>) b -> b,
            "the pipeline's training rows have no labels"),
        Arguments.of("one class", (UnaryOperator<PipelineRows.Builder>) b -> b.labels(new boolean[TRAIN]),
            "400 row(s), 0 positive: a pipeline cannot be fitted on one class"),
        Arguments.of("labels of another length", (UnaryOperator<PipelineRows.Builder>) b -> b.labels(new boolean[3]),
            "the pipeline's labels have 3 rows, its feature columns 400"),
        Arguments.of("a column of another length",
            (UnaryOperator<PipelineRows.Builder>) b -> b.feature("c", new double[5]).labels(TRAIN_Y),
            "pipeline feature 'c' has 5 rows, 'a' has 400"),
        Arguments.of("a column given twice",
            (UnaryOperator<PipelineRows.Builder>) b -> b.feature("a", TRAIN_X[0]).labels(TRAIN_Y),
            "pipeline feature 'a' is given twice"),
        Arguments.of("a blank name", (UnaryOperator<PipelineRows.Builder>) b -> b.feature(" ", TRAIN_X[0]),
            "a pipeline feature needs a name"));
  }

  @ParameterizedTest(name = "training rows with {0} are refused")
  @MethodSource("badTrainingRows")
  void trainingRowsThatCannotBeFittedAreRefusedWhenRecorded(String what, UnaryOperator<PipelineRows.Builder> change,
      String message) {
    assertThatThrownBy(() -> PipelineInput.of(HONEST,
        change.apply(PipelineRows.builder().feature("a", TRAIN_X[0]).feature("b", TRAIN_X[1])).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
  }

  @Test
  void emptyTrainingRowsAreRefused() {
    assertThatThrownBy(() -> PipelineInput.of(HONEST,
        PipelineRows.builder().feature("a", new double[0]).labels(new boolean[0]).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 row(s)");
  }

  static Stream<Arguments> badBaselineFeatures() {
    return Stream.of(
        Arguments.of("no list (null)", null, "the baseline's features are null"),
        Arguments.of("a null name", new String[] {"a", null}, "the baseline's feature #2 is null"),
        Arguments.of("a blank name", new String[] {" "}, "the baseline's feature #1 is blank"),
        Arguments.of("a name twice", new String[] {"a", "b", "a"}, "the baseline's feature 'a' is named twice"));
  }

  @ParameterizedTest(name = "baseline features with {0} are refused when the run is built")
  @MethodSource("badBaselineFeatures")
  void baselineFeaturesThatNameNothingOrTwiceAreRefused(String what, String[] features, String message) {
    BacktestRun.Builder scored = BacktestRun.builder("hostile#baseline-features").labels(TEST_Y)
        .candidate("a", TEST_X[0].clone()).baseline("a-before", BASELINE, features).decisionTimes(new long[TEST])
        .timelessFeature("a", "test");
    assertThat(Hostile.problems(scored)).contains(message);
    BacktestRun.Builder fixed = BacktestRun.builder("hostile#baseline-features").labels(TEST_Y)
        .candidate("a", TEST_X[0].clone()).baselineAuc("a-before", 0.7, features).decisionTimes(new long[TEST])
        .timelessFeature("a", "test");
    assertThat(Hostile.problems(fixed)).contains(message);
    assertThat(Hostile.illegal(() -> new dev.backtestgate.Baseline.Scored("a-before", BASELINE,
        features == null ? null : java.util.Arrays.asList(features)))).contains(message);
  }

  @Test
  void aBaselineFeatureThePipelineDoesNotTakeIsShownAndExemptsNothing() {
    BacktestRun run = BacktestRun.builder("hostile#baseline-elsewhere").labels(TEST_Y).candidate("a", TEST_X[0].clone())
        .baseline("a-before", BASELINE, "bureau_score").decisionTimes(new long[TEST]).timelessFeature("a", "test")
        .timelessFeature("b", "test").featureValues("a", TEST_X[0].clone()).featureValues("b", TEST_X[1].clone())
        .input(PipelineInput.of(HONEST, training())).build();
    LiftAttributionFinding attribution = gate(run, GatePolicy.defaults()).findings().stream()
        .filter(LiftAttributionFinding.class::isInstance).map(LiftAttributionFinding.class::cast).findFirst()
        .orElseThrow();
    assertThat(attribution.render().lines())
        .contains("  Declared for the baseline and none of the pipeline's features: 'bureau_score'.");
    assertThat(attribution.features()).noneMatch(f -> f.inBaseline());
  }

  @Test
  void aSecondPipelineIsRefused() {
    assertThatThrownBy(() -> run(HONEST).input(PipelineInput.of(HONEST, training())).build())
        .hasMessageContaining("a run has one pipeline");
  }

  @ParameterizedTest(name = "backtestgate.pipeline-budget={0} is refused")
  @ValueSource(strings = {"PT0S", "-PT1S", "10m", "0", "P0D"})
  void aBudgetThatIsNotADurationAboveZeroIsRefused(String value) {
    assertThatThrownBy(() -> PipelineChecks.PIPELINE_BUDGET.applyTo(GatePolicy.defaults(), value, "test"))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("backtestgate.pipeline-budget")
        .hasMessageContaining(value);
    assertThatThrownBy(() -> PipelineSettings.DEFAULTS.budget(Duration.ZERO))
        .hasMessageContaining("the pipeline budget must be more than zero");
  }

  @ParameterizedTest(name = "backtestgate.max-feature-lift-share={0} is refused")
  @ValueSource(strings = {"0", "1.5", "-0.1", "NaN", "50%"})
  void aCarrierShareOutsideZeroToOneIsRefused(String value) {
    assertThatThrownBy(() -> PipelineChecks.MAX_FEATURE_LIFT_SHARE.applyTo(GatePolicy.defaults(), value, "test"))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("backtestgate.max-feature-lift-share");
  }

  @ParameterizedTest(name = "backtestgate.time-shift-alpha={0} is refused")
  @ValueSource(strings = {"0", "0.5", "-0.01", "NaN", "1%"})
  void aTimeShiftLevelOutsideZeroToAHalfIsRefused(String value) {
    assertThatThrownBy(() -> PipelineChecks.TIME_SHIFT_ALPHA.applyTo(GatePolicy.defaults(), value, "test"))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("backtestgate.time-shift-alpha")
        .hasMessageContaining(value);
  }

  @ParameterizedTest(name = "backtestgate.time-shift-min-step={0} is refused")
  @ValueSource(strings = {"-0.01", "0.5", "NaN", "five"})
  void aTimeShiftStepOutsideZeroToAHalfIsRefused(String value) {
    assertThatThrownBy(() -> PipelineChecks.TIME_SHIFT_MIN_STEP.applyTo(GatePolicy.defaults(), value, "test"))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("backtestgate.time-shift-min-step");
  }

  @Test
  void trainingRowsRecordedTwiceWithDifferentCountsFailNamingBoth() {
    long[] times = new long[TRAIN - 1];
    long[] entities = new long[TRAIN - 1];
    long[] testEntities = new long[TEST];
    GateResult result = gate(run(HONEST).training(times, times, entities).entities(testEntities).build(),
        GatePolicy.defaults());
    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.findings()).filteredOn(Finding.CheckFailed.class::isInstance)
        .map(f -> ((Finding.CheckFailed) f).reason()).singleElement().asString()
        .contains("the run records 399 training rows (training(...)) and the pipeline 400 (PipelineRows)");
  }

  @Test
  void aBudgetThatRunsOutBeforeTheFullRefitsFailsNamingIt() {
    CountDownLatch never = new CountDownLatch(1);
    Pipeline stuck = t -> {
      try {
        never.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return rows -> rows.column(0).clone();
    };
    GatePolicy policy = GatePolicy.defaults().with(PipelineSettings.DEFAULTS.budget(Duration.ofMillis(50)));
    GateResult result = gate(run(stuck).build(), policy);
    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.findings()).filteredOn(f -> f.kind().equals("check-failed")).singleElement()
        .satisfies(f -> assertThat(f.render().lines().get(0)).contains("the pipeline budget (PT0.05S) ran out before "
            + "the refit on the training rows alone (1 of 2) finished: raise backtestgate.pipeline-budget"));
  }

  @Test
  void aBudgetThatRunsOutDuringTheDropColumnRefitsSaysWhatWasNotRefit() {
    CountDownLatch never = new CountDownLatch(1);
    Pipeline slowWhenNarrow = t -> {
      if (t.width() < 2) {
        try {
          never.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return rows -> rows.column(0).clone();
    };
    GatePolicy policy = GatePolicy.defaults().with(PipelineSettings.DEFAULTS.budget(Duration.ofMillis(200)));
    GateResult result = gate(run(slowWhenNarrow).build(), policy);
    LiftAttributionFinding attribution = result.findings().stream().filter(LiftAttributionFinding.class::isInstance)
        .map(LiftAttributionFinding.class::cast).findFirst().orElseThrow();
    assertThat(attribution.notRefit()).containsExactlyInAnyOrder("a", "b");
    assertThat(attribution.render().headline()).isEqualTo("No feature's refit finished within the pipeline budget, "
        + "so the lift is not attributed.");
    assertThat(attribution.render().lines()).anySatisfy(line -> assertThat(line).contains("The budget (PT0.2S) ran "
        + "out: 0 of 2 features refit, a sample; not refit: "));
    assertThat(attribution.render().evidence()).containsEntry("sampled", true);
  }

  @Test
  void aGateInterruptedDuringTheRefitsFailsTheCheckAndSaysSo() {
    Thread gateThread = Thread.currentThread();
    CountDownLatch never = new CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean once = new java.util.concurrent.atomic.AtomicBoolean();
    Pipeline interrupting = t -> {
      // as a test runner's timeout would, while the refits run; once, so that a refit still starting after the gate
      // returned cannot interrupt the thread again, after this test cleared it, in the middle of the next test
      if (once.compareAndSet(false, true)) {
        gateThread.interrupt();
      }
      try {
        never.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return rows -> rows.column(0).clone();
    };
    GateResult result;
    try {
      result = gate(run(interrupting).build(), GatePolicy.defaults());
    } finally {
      Thread.interrupted();
    }
    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.findings()).filteredOn(f -> f.kind().equals("check-failed")).singleElement()
        .satisfies(f -> assertThat(f.render().lines().get(0)).contains("interrupted while the pipeline was being "
            + "refitted: the refits were cancelled and nothing was checked"));
  }
}
