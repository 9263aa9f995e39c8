package dev.backtestgate;

import dev.backtestgate.screen.featurelabel.FeatureLabelScreen;
import dev.backtestgate.screen.featurelabel.FeatureLabelSettings;
import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.screen.featurelabel.FeatureLabelFinding;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.MissingValues;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recording feature values: validation, the screen's finding, the policy's limit, and the fingerprint. */
class FeatureValuesTests {
  private static final String GATE = "com.acme.ChurnBacktest#gbm";
  @TempDir Path reviews;

  /** A value copied from the label with a little noise: the classic target-derived feature. */
  static double[] derivedFromLabel(boolean[] labels, double noise, long seed) {
    java.util.Random random = new java.util.Random(seed);
    double[] values = new double[labels.length];
    for (int i = 0; i < labels.length; i++) {
      values[i] = (labels[i] ? 1 : 0) + noise * random.nextGaussian();
    }
    return values;
  }

  private GateResult evaluate(BacktestRun run, GatePolicy policy) {
    return BacktestGate.evaluate(run, policy, ReviewStore.directory(reviews), CLOCK);
  }

  private static String problemsOf(BacktestRun.Builder builder) {
    assertThatThrownBy(builder::build).isInstanceOf(InvalidBacktestRunException.class);
    try {
      builder.build();
      throw new AssertionError("unreachable");
    } catch (InvalidBacktestRunException e) {
      return e.getMessage();
    }
  }

  @Test
  void invalidValuesFailAtBuildNamingFeatureRowAndFix() {
    GateFixtures.Data d = data(1, 100, 1.0, 0.95);
    double[] infinite = new double[100];
    infinite[7] = Double.NEGATIVE_INFINITY;
    int[] codes = new int[100];
    codes[3] = -5;

    assertThat(problemsOf(run(GATE, d).featureValues("balance", new double[99])))
        .contains("feature values of 'balance' have 99 entries but the run has 100 rows");
    assertThat(problemsOf(run(GATE, d).featureValues("balanse", new double[100])))
        .contains("feature values of 'balanse' are recorded, but no feature 'balanse' is declared (declared: "
            + "[balance, region])");
    assertThat(problemsOf(run(GATE, d).featureValues("balance", infinite)))
        .contains("feature values of 'balance' have 1 infinite value (first at row 7: -Infinity): record NaN");
    assertThat(problemsOf(run(GATE, d).featureCategories("region", codes)))
        .contains("feature values of 'region' have 1 category code below -1 (first at row 3: -5)");
    assertThat(problemsOf(run(GATE, d).featureValues("balance", new double[100])
        .featureCategories("balance", new int[100]))).contains("feature values of 'balance' are recorded twice");
    assertThat(problemsOf(run(GATE, d).featureValues("balance", null)))
        .contains("feature values of 'balance' are null");
  }

  @Test
  void valuesMayBeRecordedBeforeTheFeatureIsDeclared() {
    GateFixtures.Data d = data(1, 100, 1.0, 0.95);
    BacktestRun run = BacktestRun.builder(GATE).featureValues("late", new double[100]).labels(d.labels())
        .candidate("c", d.candidate()).baseline("b", d.baseline()).decisionTimes(d.decided())
        .timelessFeature("late", "declared after its values").build();
    assertThat(run.featureValues()).extracting(FeatureColumn::name).containsExactly("late");
  }

  @Test
  void aTargetDerivedFeatureFailsAndAnHonestOneDoesNot() {
    GateFixtures.Data d = data(1, 2_000, 1.0, 0.95);
    BacktestRun run = run(GATE, d).featureValues("balance", derivedFromLabel(d.labels(), 0.3, 5))
        .featureCategories("region", regions(d.labels().length)).build();

    GateResult result = evaluate(run, GatePolicy.defaults());

    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.unresolved()).singleElement().isInstanceOfSatisfying(FeatureLabelFinding.class, f -> {
      assertThat(f.subject()).isEqualTo("balance");
      assertThat(f.kind()).isEqualTo("feature-label");
      assertThat(f.resolution()).isEqualTo(Finding.Resolution.WAIVER);
      assertThat(f.score().auc()).isGreaterThan(0.9);
      assertThat(f.render().headline()).startsWith("Feature 'balance' alone predicts the label with AUC 0.9");
      assertThat(f.render().lines().get(0)).contains("at or above the 0.900 limit (backtestgate.max-feature-auc)",
          "higher values going with positive rows", "95% interval");
      assertThat(f.render().evidence()).containsKeys("feature", "auc", "ciLower", "ciUpper", "perfect", "missing");
    });
    assertThat(FeatureLabelScreen.of(run, 0.95)).extracting(s -> s.feature()).containsExactly("balance", "region");
  }

  @Test
  void theLimitComesFromThePolicyAndPerfectSeparationFailsWhateverTheLimit() {
    GateFixtures.Data d = data(1, 2_000, 1.0, 0.95);
    BacktestRun noisy = run(GATE, d).featureValues("balance", derivedFromLabel(d.labels(), 0.6, 5)).build();
    double auc = FeatureLabelScreen.of(noisy, 0.95).get(0).auc();
    assertThat(auc).isBetween(0.75, 0.9);

    assertThat(evaluate(noisy, GatePolicy.defaults()).verdict()).isEqualTo(Verdict.PASSED);
    assertThat(evaluate(noisy, GatePolicy.defaults().with(new FeatureLabelSettings(auc))).verdict()).isEqualTo(Verdict.FAILED);
    assertThat(evaluate(noisy, GatePolicy.defaults().with(new FeatureLabelSettings(Math.nextUp(auc)))).verdict())
        .isEqualTo(Verdict.PASSED);

    BacktestRun perfect = run(GATE, d).featureValues("balance", derivedFromLabel(d.labels(), 0.0, 5)).build();
    GateResult result = evaluate(perfect, GatePolicy.defaults().with(new FeatureLabelSettings(1.0)));
    assertThat(result.unresolved()).singleElement().isInstanceOfSatisfying(FeatureLabelFinding.class,
        f -> assertThat(f.render().headline()).isEqualTo("Feature 'balance' alone separates the classes perfectly."));
  }

  @Test
  void aFeatureThatCannotBeScreenedFailsTheGate() {
    GateFixtures.Data d = data(1, 100, 1.0, 0.95);
    double[] values = new double[100];
    values[0] = -Double.MAX_VALUE;
    values[1] = Double.NaN;
    GateResult result = evaluate(run(GATE, d).featureValues("balance", values).build(), GatePolicy.defaults());
    assertThat(result.unresolved()).singleElement().isInstanceOfSatisfying(Finding.CheckFailed.class,
        f -> assertThat(f.reason()).contains("feature 'balance'", "-Double.MAX_VALUE"));
  }

  @Test
  void aJoinedFeatureTableBringsItsValues() {
    Spine spine = Spine.of(new long[] {1, 2, 1, 2}, new long[] {100, 100, 200, 200});
    EventLog balance = EventLog.numeric("balance", new long[] {1, 2}, new long[] {50, 150}, new long[] {50, 150},
        new double[] {10.0, 20.0}, MissingValues.REJECT);
    FeatureTable table = PointInTimeJoin.builder().build().join(spine, balance);
    BacktestRun run = BacktestRun.builder(GATE).labels(new boolean[] {true, false, true, false})
        .candidate("c", new double[] {4, 3, 2, 1}).baseline("b", new double[] {1, 2, 3, 4}).features(table).build();

    assertThat(run.featureValues()).singleElement().isInstanceOfSatisfying(FeatureColumn.Numeric.class, c -> {
      assertThat(c.name()).isEqualTo("balance");
      assertThat(c.values()).containsExactly(10.0, Double.NaN, 10.0, 20.0);
    });
  }

  @Test
  void recordedValuesAreCoveredByTheFingerprint() {
    String none = BacktestGate.fingerprint(pinned().build());
    double[] values = {1, 2, Double.NaN, 4, 5};
    String numeric = BacktestGate.fingerprint(pinned().featureValues("balance", values).build());
    double[] changed = values.clone();
    changed[4] = 5.000001;
    int[] codes = {0, 1, -1, 1, 0};

    assertThat(numeric).isNotEqualTo(none);
    assertThat(BacktestGate.fingerprint(pinned().featureValues("balance", changed).build())).isNotEqualTo(numeric);
    assertThat(BacktestGate.fingerprint(pinned().featureValues("balance", values.clone()).build()))
        .isEqualTo(numeric);
    String categorical = BacktestGate.fingerprint(pinned().featureCategories("region", codes).build());
    assertThat(categorical).isNotEqualTo(none);
    assertThat(BacktestGate.fingerprint(pinned().featureCategories("region", new int[] {0, 1, -1, 1, 1}).build()))
        .isNotEqualTo(categorical);
    assertThat(BacktestGate.fingerprint(pinned().featureCategories("balance", codes).build()))
        .isNotEqualTo(categorical);
  }

  /** Fixed inputs whose fingerprint is pinned. */
  private static BacktestRun.Builder pinned() {
    return BacktestRun.builder("com.acme.PinnedBacktest#gbm")
        .labels(new boolean[] {true, false, true, false, false})
        .candidate("gbm-v7", new double[] {0.9, 0.2, 0.7, 0.4, 0.1})
        .baseline("prod-v3", new double[] {0.8, 0.3, 0.5, 0.6, 0.2})
        .decisionTimes(new long[] {1_700_000_000_000L, 1_700_000_100_000L, 1_700_000_200_000L, 1_700_000_300_000L,
            1_700_000_400_000L})
        .feature("balance", new long[] {1_600_000_000_000L, 1_600_000_000_001L, Long.MIN_VALUE, 1_600_000_000_003L,
            1_600_000_000_004L})
        .timelessFeature("region", "set once at account opening");
  }

  /** Region codes unrelated to the label. */
  static int[] regions(int rows) {
    int[] codes = new int[rows];
    for (int i = 0; i < rows; i++) {
      codes[i] = (i * 7) % 5;
    }
    return codes;
  }

  @Test
  void policyRejectsAMaxFeatureAucOutsideItsRange() {
    for (double bad : new double[] {0.5, 1.01, Double.NaN}) {
      assertThatThrownBy(() -> GatePolicy.defaults().with(new FeatureLabelSettings(bad)))
          .hasMessageContaining("max feature AUC is " + bad + ": it must be above 0.5 and at most 1");
    }
    assertThat(GatePolicy.defaults().settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc()).isEqualTo(0.90);
    assertThat(List.of(GatePolicy.defaults().withMaxLift(0.1).with(new FeatureLabelSettings(0.8)).settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc())).containsExactly(0.8);
  }
}
