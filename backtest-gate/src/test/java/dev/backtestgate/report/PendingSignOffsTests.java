package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.CLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineInput;
import dev.backtestgate.pipeline.PipelineRows;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PendingSignOffsTests {
  @Test
  void aPendingSignOffOfARunWithAPipelineShowsTheLiftEachFeatureCarries() {
    Random random = new Random(7);
    int n = 2_000;
    double[][] train = new double[2][n];
    boolean[] trainLabels = new boolean[n];
    double[][] test = new double[2][n];
    boolean[] testLabels = new boolean[n];
    double[] baseline = new double[n];
    for (int i = 0; i < n; i++) {
      trainLabels[i] = random.nextBoolean();
      train[0][i] = (trainLabels[i] ? 2 : 0) + random.nextGaussian();
      train[1][i] = random.nextGaussian();
      testLabels[i] = random.nextBoolean();
      test[0][i] = (testLabels[i] ? 2 : 0) + random.nextGaussian();
      test[1][i] = random.nextGaussian();
      baseline[i] = random.nextGaussian();
    }
    Pipeline firstColumn = training -> rows -> rows.column(0).clone();   // without "status", it reads "noise"
    BacktestRun run = BacktestRun.builder("pending#pipeline").labels(testLabels).candidate("model", test[0].clone())
        .baseline("coin", baseline).decisionTimes(new long[n]).timelessFeature("status", "test")
        .timelessFeature("noise", "test").featureValues("status", test[0]).featureValues("noise", test[1])
        .input(PipelineInput.of(firstColumn, PipelineRows.builder().feature("status", train[0])
            .feature("noise", train[1]).labels(trainLabels).build()))
        .build();

    SignOff pending = PendingSignOffs.from(BacktestGate.evaluate(run, GatePolicy.defaults(),
        ReviewStore.directory(Path.of("no-reviews-here")), CLOCK), java.util.Optional.empty(),
        SignOff.Trials.NOT_RECORDED);

    assertThat(pending.reviewed().liftCarried()).extracting(SignOff.LiftCarried::feature)
        .containsExactly("status", "noise");
    SignOff.LiftCarried status = pending.reviewed().liftCarried().get(0);
    assertThat(status.carried()).isGreaterThan(0.3);
    assertThat(status.carriedCi().get(0)).isLessThan(status.carried());
    assertThat(SignOffJson.write(pending)).contains("\"liftCarried\"");
  }
}
