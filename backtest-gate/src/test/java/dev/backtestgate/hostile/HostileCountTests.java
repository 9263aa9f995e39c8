package dev.backtestgate.hostile;

import static dev.backtestgate.hostile.Hostile.CLOCK;
import static dev.backtestgate.hostile.Hostile.problems;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.pipeline.PipelineInput;
import dev.backtestgate.pipeline.PipelineRows;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Counts in words carry thousands separators, as the reports' other numbers do ("2,999 scores for 3,000 rows", never
 * "2999 scores for 3000 rows"): runs of 3,000 rows with each fault, and a guard ({@link Messages#BARE_COUNT}) that
 * every hostile test's message passes through.
 */
class HostileCountTests {
  private static final int ROWS = 3_000;
  private static final boolean[] LABELS = new boolean[ROWS];
  private static final double[] CANDIDATE = new double[ROWS];
  private static final double[] BASELINE = new double[ROWS];
  private static final long[] DECIDED = new long[ROWS];

  static {
    Random random = new Random(11);
    for (int i = 0; i < ROWS; i++) {
      LABELS[i] = i % 3 == 0;
      CANDIDATE[i] = (LABELS[i] ? 1 : 0) + random.nextGaussian();
      BASELINE[i] = (LABELS[i] ? 0.8 : 0) + random.nextGaussian();
      DECIDED[i] = 86_400_000L * (i % 90);
    }
  }

  private static BacktestRun.Builder run() {
    return BacktestRun.builder("com.acme.CountBacktest#gbm").labels(LABELS).candidate("gbm", CANDIDATE)
        .baseline("prod", BASELINE).decisionTimes(DECIDED).timelessFeature("region", "set at opening");
  }

  @Test
  void theGuardFindsABareCountAndLetsSeparatedOnesAndOtherNumbersPass() {
    assertThat(Messages.BARE_COUNT.matcher("returned 2999 scores for 3,000 rows").find()).isTrue();
    assertThat(Messages.BARE_COUNT.matcher("labels have 3000 rows").find()).isTrue();
    assertThat(Messages.BARE_COUNT.matcher("has 1500 non-finite values").find()).isTrue();
    for (String fine : new String[] {"returned 2,999 scores for 3,000 rows", "first at row 2999 (NaN)",
        "decided 2026-01-31T09:00:00Z", "999 rows", "pid 4711@2026 rows"}) {
      assertThat(Messages.BARE_COUNT.matcher(fine).find()).as(fine).isFalse();
    }
  }

  @Test
  void aColumnOneRowShortIsCountedWithSeparators() {
    assertThat(problems(run().candidate("gbm", Arrays.copyOf(CANDIDATE, ROWS - 1))))
        .contains("has 2,999 rows but labels have 3,000");
  }

  @Test
  void manyNonFiniteScoresAreCountedWithSeparators() {
    double[] scores = CANDIDATE.clone();
    Arrays.fill(scores, 0, 1_500, Double.NaN);
    assertThat(problems(run().candidate("gbm", scores))).contains("has 1,500 non-finite values (first at row 0");
  }

  @Test
  void labelsOfOneClassAreCountedWithSeparators() {
    assertThat(problems(run().labels(new boolean[ROWS]))).contains("(3,000 rows, 0 positive)");
  }

  @Test
  void identicalScoresAreCountedWithSeparators() {
    assertThat(problems(run().baseline("prod", CANDIDATE.clone()))).contains("are identical (3,000 rows");
  }

  @Test
  void aPipelineOneScoreShortIsCountedWithSeparators() {
    Random random = new Random(5);
    int train = 1_200;
    boolean[] trainLabels = new boolean[train];
    double[] trainValues = new double[train];
    for (int i = 0; i < train; i++) {
      trainLabels[i] = i % 3 == 0;
      trainValues[i] = (trainLabels[i] ? 1 : 0) + random.nextGaussian();
    }
    PipelineRows training = PipelineRows.builder().feature("x", trainValues).labels(trainLabels).build();
    BacktestRun built = BacktestRun.builder("com.acme.CountBacktest#gbm").labels(LABELS).candidate("gbm", CANDIDATE)
        .baseline("prod", BASELINE).decisionTimes(DECIDED).timelessFeature("x", "test")
        .featureValues("x", CANDIDATE.clone())
        .input(PipelineInput.of(fitted -> rows -> new double[rows.rows() - 1], training)).build();

    GateResult result = BacktestGate.evaluate(built, GatePolicy.defaults(),
        ReviewStore.directory(Path.of("no-reviews-here")), CLOCK);

    assertThat(result.findings()).filteredOn(Finding.CheckFailed.class::isInstance)
        .map(f -> Messages.assertPlain(((Finding.CheckFailed) f).reason()))
        .anySatisfy(reason -> assertThat(reason).contains("returned 2,999 scores for 3,000 rows"));
  }
}
