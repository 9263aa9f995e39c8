package dev.backtestgate.junit;

import dev.backtestgate.screen.futureread.FutureReadSettings;
import dev.backtestgate.screen.horizon.LabelHorizonSettings;
import dev.backtestgate.screen.featurelabel.FeatureLabelSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.Mode;
import dev.backtestgate.history.LateWritePolicy;
import dev.backtestgate.screen.overlap.TrainTestOverlapPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Strict parsing of every key, without an engine run (the engine path is in {@link ConfigurationTests}). */
class GateSettingsTests {
  private static final Path BASE = Path.of("/project/module");

  @Test
  void theDefaultsAreThoseOfTheDesign() {
    GateSettings settings = resolve(Map.of());

    assertThat(settings.policy()).isEqualTo(GatePolicy.defaults());
    assertThat(settings.reviewDir()).isEqualTo(BASE.resolve("leakage-reviews"));
    assertThat(settings.reportDir()).isEqualTo(BASE.resolve("target/backtest-gate"));
    assertThat(BacktestGateConfig.defaults()).containsOnlyKeys(BacktestGateConfig.keys());
  }

  @Test
  void everyKeyIsRead() {
    GateSettings settings = resolve(Map.of(
        BacktestGateConfig.MAX_LIFT, "0.03", BacktestGateConfig.CONFIDENCE, "0.99",
        BacktestGateConfig.LIFT_TOLERANCE, "0", BacktestGateConfig.AVAILABILITY_LAG, "P1DT6H",
        BacktestGateConfig.REVIEW_DIR, "/srv/reviews", BacktestGateConfig.REPORT_DIR, "out/../gate",
        BacktestGateConfig.MODE, "verify", BacktestGateConfig.FUTURE_READ_SAMPLE, "250"));

    assertThat(settings.policy())
        .isEqualTo(GatePolicy.defaults().withMaxLift(0.03).withConfidence(0.99).withLiftTolerance(0)
            .withAvailabilityLag(Duration.ofHours(30)).withMode(Mode.VERIFY)
            .with(new dev.backtestgate.screen.futureread.FutureReadSettings(250)));
    assertThat(settings.reviewDir()).isEqualTo(Path.of("/srv/reviews"));
    assertThat(settings.reportDir()).isEqualTo(BASE.resolve("gate"));
  }

  @ParameterizedTest
  @CsvSource({"0, 0.0", "0.5, 0.5", "' .25 ', 0.25", "5e-2, 0.05", "+0.1, 0.1", "0.999, 0.999"})
  void maxLiftAcceptsPlainDecimalsInRange(String text, double expected) {
    assertThat(resolve(Map.of(BacktestGateConfig.MAX_LIFT, text)).policy().maxLift()).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "1", "1.0", "-0.01", "NaN", "Infinity", "0x1p-4", "0.05d", "0.05f", "5%", "0,05",
      "1e0", "abc"})
  void maxLiftRejectsEverythingElse(String text) {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.MAX_LIFT, text)))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("Invalid leakage gate setting backtestgate.max-lift: '" + text + "'");
  }

  @ParameterizedTest
  @CsvSource({"0.8, 0.8", "1, 1.0", "0.95, 0.95", "0.5000001, 0.5000001"})
  void maxFeatureAucAcceptsDecimalsAboveOneHalfUpToOne(String text, double expected) {
    assertThat(resolve(Map.of(BacktestGateConfig.MAX_FEATURE_AUC, text)).policy().settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc()).isEqualTo(expected);
    assertThat(resolve(Map.of()).policy().settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc()).isEqualTo(0.90);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0.5", "0.2", "1.01", "90%", "NaN", ""})
  void maxFeatureAucRejectsEverythingElse(String text) {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.MAX_FEATURE_AUC, text)))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("Invalid leakage gate setting backtestgate.max-feature-auc: '" + text + "'")
        .hasMessageContaining("a decimal number above 0.5 and at most 1, e.g. 0.90")
        .hasMessageContaining("remove it to use the default (0.90)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "1", "-0.5", "1.01"})
  void confidenceMustBeStrictlyBetweenZeroAndOne(String text) {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.CONFIDENCE, text)))
        .hasMessageContaining("strictly between 0 and 1");
  }

  @ParameterizedTest
  @ValueSource(strings = {"PT-1S", "6h", "PT", "1 day", "P1Y", "PT2562047788015H12M55.808S", "PT9223372036854775807S",
      "P106751991167301D"})
  void theLagMustBeANonNegativeIsoDuration(String text) {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.AVAILABILITY_LAG, text)))
        .hasMessageContaining("an ISO-8601 duration of zero or more");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Auto", "VERIFY", "ci", "true", ""})
  void theModeIsOneOfThreeLowerCaseWords(String text) {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.MODE, text)))
        .hasMessageContaining("Allowed: auto, verify or local.");
  }

  @ParameterizedTest
  @CsvSource({"1, 1", "1000, 1000", "' 25 ', 25", "2147483647, 2147483647", "all, 2147483647"})
  void theFutureReadSampleIsAPositiveWholeNumberOrAll(String text, int expected) {
    assertThat(resolve(Map.of(BacktestGateConfig.FUTURE_READ_SAMPLE, text)).policy().settings(FutureReadSettings.DEFAULTS).sample())
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-5", "1e3", "1,000", "ALL", "2147483648", "10.0", ""})
  void theFutureReadSampleRejectsEverythingElse(String text) {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.FUTURE_READ_SAMPLE, text)))
        .hasMessageContaining("backtestgate.future-read-sample")
        .hasMessageContaining("a whole number of at least 1, e.g. 1000, or all");
  }

  @Test
  void theTrainingSetSettingsAreRead() {
    GatePolicy policy = resolve(Map.of(BacktestGateConfig.EMBARGO, "P7D", BacktestGateConfig.TRAIN_TEST_OVERLAP,
        "fail")).policy();
    assertThat(policy.settings(LabelHorizonSettings.DEFAULTS).embargo()).isEqualTo(Duration.ofDays(7));
    assertThat(policy.settings(TrainTestOverlapPolicy.DEFAULT)).isEqualTo(TrainTestOverlapPolicy.FAIL);
    assertThat(resolve(Map.of(BacktestGateConfig.TRAIN_TEST_OVERLAP, " off ")).policy().settings(TrainTestOverlapPolicy.DEFAULT))
        .isEqualTo(TrainTestOverlapPolicy.OFF);
  }

  @ParameterizedTest
  @ValueSource(strings = {"-P1D", "7d", "P", "a week", "P1M", ""})
  void theEmbargoMustBeANonNegativeIsoDuration(String text) {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.EMBARGO, text)))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("Invalid leakage gate setting backtestgate.embargo: '" + text + "'")
        .hasMessageContaining("an ISO-8601 duration of zero or more, e.g. PT0S, P7D or P30D")
        .hasMessageEndingWith("remove it to use the default (PT0S).");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Fail", "WARN", "error", "none", "false", ""})
  void theOverlapPolicyIsOneOfThreeLowerCaseWords(String text) {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.TRAIN_TEST_OVERLAP, text)))
        .hasMessageStartingWith("Invalid leakage gate setting backtestgate.train-test-overlap: '" + text + "'")
        .hasMessageContaining("Allowed: fail, warn or off.");
  }

  @Test
  void aDirectoryCannotBeBlankOrContainNul() {
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.REPORT_DIR, "  ")))
        .hasMessageContaining("backtestgate.report-dir").hasMessageContaining("a directory path");
    assertThatThrownBy(() -> resolve(Map.of(BacktestGateConfig.REVIEW_DIR, "a\0b")))
        .hasMessageContaining("backtestgate.review-dir");
  }

  @Test
  void anAnnotationMaxLiftIsCheckedToo() throws NoSuchMethodException {
    LeakageGated annotation = getClass().getDeclaredMethod("annotated").getAnnotation(LeakageGated.class);
    GatedTest test = new GatedTest("X#m", "X#m", List.of(new GatedTest.Placement(annotation, "X#m", true)));

    assertThatThrownBy(() -> GateSettings.resolve(key -> Optional.empty(), test, BASE))
        .hasMessage("Invalid leakage gate setting backtestgate.max-lift: '-0.1' (from the annotation on X#m: "
            + "@LeakageGated(maxLift = -0.1)). Allowed: a decimal number at least 0 and below 1, e.g. 0.05. Fix the "
            + "value, or remove it to use the default (0.05).");
  }

  @LeakageGated(maxLift = -0.1)
  private void annotated() {}

  private static GateSettings resolve(Map<String, String> parameters) {
    return GateSettings.resolve(key -> Optional.ofNullable(parameters.get(key)), new GatedTest("X#m", "X#m", List.of()),
        BASE);
  }
}
