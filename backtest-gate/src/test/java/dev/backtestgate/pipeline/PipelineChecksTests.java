package dev.backtestgate.pipeline;

import static dev.backtestgate.GateFixtures.CLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.metrics.Auc;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PipelineChecksTests {
  private static final PipelineWorld WORLD = new PipelineWorld(11, 4_000, 3_000);

  static GateResult gate(BacktestRun run) {
    return BacktestGate.evaluate(run, GatePolicy.defaults(), ReviewStore.directory(Path.of("no-reviews-here")), CLOCK);
  }

  static <F extends Finding> List<F> findings(GateResult result, Class<F> type) {
    return result.findings().stream().filter(type::isInstance).map(type::cast).toList();
  }

  @Test
  void anHonestPipelineReproducesItsScoresAndTheLiftIsAttributedToStatus() {
    GateResult result = gate(WORLD.run("credit#honest", PipelineWorld.honest(), PipelineWorld.honest()).build());

    assertThat(findings(result, FitScopeFinding.class)).isEmpty();
    assertThat(findings(result, Finding.CheckFailed.class)).isEmpty();
    LiftAttributionFinding attribution = findings(result, LiftAttributionFinding.class).get(0);
    assertThat(attribution.features()).extracting(FeatureLift::feature).startsWith("status");
    assertThat(attribution.features().get(0).share()).isGreaterThan(0.5);
    assertThat(attribution.render().headline()).matches("0\\.\\d{3} of the refit's \\+0\\.\\d{3} lift disappears "
        + "without 'status' \\(\\d+%, 95% interval \\d+% to \\d+%\\), the most of any feature\\.");
    AttributionWords.assertTrue(attribution.render());
    assertThat(attribution.render().figure()).startsWith("<svg").contains("data-feature=\"status\"");
    assertThat(findings(result, LiftCarrierFinding.class)).singleElement()
        .satisfies(f -> assertThat(f.subject()).isEqualTo("status"));
  }

  @Test
  void theAttributionIsTheAucLostByEachDropColumnRefit() {
    BacktestRun run = WORLD.run("credit#brute", PipelineWorld.honest(), PipelineWorld.honest()).build();
    LiftAttributionFinding attribution = findings(gate(run), LiftAttributionFinding.class).get(0);

    PipelineRows training = WORLD.training();
    PipelineRows test = PipelineProbe.testRows(run, training);
    double full = Auc.of(WORLD.testLabels, PipelineWorld.honest().fit(training).score(test));
    for (FeatureLift f : attribution.features()) {
      double without = Auc.of(WORLD.testLabels,
          PipelineWorld.honest().fit(training.without(f.feature())).score(test.without(f.feature())));
      assertThat(f.aucWithout()).isEqualTo(without, org.assertj.core.api.Assertions.within(1e-12));
      assertThat(f.carried()).isEqualTo(full - without, org.assertj.core.api.Assertions.within(1e-12));
      assertThat(f.ciLower()).isLessThanOrEqualTo(f.carried());
      assertThat(f.ciUpper()).isGreaterThanOrEqualTo(f.carried());
    }
  }

  @Test
  void aScalerFittedOnTrainingAndTestRowsIsAFitScopeFinding() {
    GateResult result = gate(WORLD.run("credit#scaler", WORLD.scalerOnAllRows(), PipelineWorld.honest()).build());

    FitScopeFinding finding = findings(result, FitScopeFinding.class).get(0);
    assertThat(finding.outside()).isGreaterThan(2_900);
    assertThat(finding.largest()).hasSize(5);
    assertThat(finding.resolution()).isEqualTo(Finding.Resolution.FIX);
    assertThat(String.join("\n", finding.render().lines())).contains("of 3,000 test rows differ",
        "AUC of the recorded scores", "e.g.  row ");
  }

  @Test
  void honestNoiseBetweenRefitsIsNotALeak() {
    Pipeline noisy = training -> {
      Pipeline.Scorer fitted = PipelineWorld.honest().fit(training);
      Random seed = new Random();   // another seed on every fit, as threads or unseeded trainers give
      return rows -> {
        double[] s = fitted.score(rows);
        for (int i = 0; i < s.length; i++) {
          s[i] += 1e-4 * seed.nextGaussian();
        }
        return s;
      };
    };
    GateResult result = gate(WORLD.run("credit#noisy", noisy, noisy).build());
    assertThat(findings(result, FitScopeFinding.class)).isEmpty();
    assertThat(findings(result, Finding.CheckFailed.class)).isEmpty();
  }

  @Test
  void aRunWithoutAPipelineGetsNoPipelineCheck() {
    BacktestRun.Builder b = WORLD.run("credit#none", PipelineWorld.honest(), PipelineWorld.honest());
    BacktestRun without = BacktestRun.builder("credit#none").labels(WORLD.testLabels)
        .candidate("linear", PipelineWorld.honest().fit(WORLD.training()).score(
            PipelineProbe.testRows(b.build(), WORLD.training())))
        .baseline("balance-only", WORLD.test[1]).decisionTimes(WORLD.decided())
        .timelessFeature("status", "test world").build();
    GateResult result = gate(without);
    assertThat(result.findings()).noneMatch(f -> f.kind().equals(LiftAttributionFinding.KIND)
        || f.kind().equals(FitScopeFinding.KIND));
  }

  @Test
  void testRowsCopiedFromTrainingAreAWarningNamingThem() {
    PipelineWorld copied = new PipelineWorld(11, 4_000, 3_000);
    for (int i = 0; i < 40; i++) {   // the first 40 test rows are training rows 100 to 139, features and label
      for (int f = 0; f < PipelineWorld.FEATURES.length; f++) {
        copied.test[f][i] = copied.train[f][100 + i];
      }
      copied.testLabels[i] = copied.trainLabels[100 + i];
    }
    GateResult result = gate(copied.run("credit#copies", PipelineWorld.honest(), PipelineWorld.honest()).build());

    DuplicateRowsFinding finding = findings(result, DuplicateRowsFinding.class).get(0);
    assertThat(finding.duplicates()).isEqualTo(40);
    assertThat(finding.resolution()).isEqualTo(Finding.Resolution.WARNING);
    assertThat(finding.render().headline()).isEqualTo("40 of 3,000 test rows (1.3%) are copies of training "
        + "rows, every feature value (to float precision) and the label.");
    assertThat(finding.render().lines()).contains("  e.g.  test row 0 copies training row 100");
    assertThat(findings(gate(WORLD.run("credit#no-copies", PipelineWorld.honest(), PipelineWorld.honest()).build()),
        DuplicateRowsFinding.class)).isEmpty();
  }
}
