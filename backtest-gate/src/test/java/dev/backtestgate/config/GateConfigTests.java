package dev.backtestgate.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.InvalidSettingException;
import dev.backtestgate.Setting;
import dev.backtestgate.internal.Edits;
import dev.backtestgate.history.LateWritePolicy;
import dev.backtestgate.screen.featurelabel.FeatureLabelSettings;
import dev.backtestgate.screen.futureread.FutureReadSettings;
import dev.backtestgate.screen.horizon.LabelHorizonSettings;
import dev.backtestgate.screen.overlap.TrainTestOverlapPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one home of configuration: every key, its default and its parsing, the gate's and each check's. */
class GateConfigTests {
  @ParameterizedTest
  @CsvSource({"'', '', 0", "abc, abc, 0", "abc, '', 3", "kitten, sitting, 3", "max-lfit, max-lift, 2",
      "flaw, lawn, 2", "backtestgate.mode, backtestgate.modes, 1"})
  void distanceCountsInsertionsDeletionsAndSubstitutions(String a, String b, int expected) {
    assertThat(Edits.distance(a, b)).isEqualTo(expected);
    assertThat(Edits.distance(b, a)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"backtestgate.maxlift, backtestgate.max-lift", "backtestgate.review-directory, backtestgate.review-dir",
      "backtestgate.reportdir, backtestgate.report-dir", "backtestgate.lag, backtestgate.availability-lag",
      "backtestgate.availability_lag, backtestgate.availability-lag", "backtestgate.tolerance, backtestgate.lift-tolerance", "backtestgate.confidance, backtestgate.confidence",
      "backtestgate., backtestgate.mode"})
  void theSuggestionIsTheNearestValidKey(String typo, String suggestion) {
    assertThat(GateConfig.nearest(typo)).isEqualTo(suggestion);
  }

  @Test
  void everyKeyInDocumentationOrderTheGatesThenEachChecksThenThePlugins() {
    assertThat(GateConfig.keys()).startsWith("backtestgate.max-lift", "backtestgate.confidence",
        "backtestgate.lift-tolerance", "backtestgate.availability-lag", "backtestgate.review-dir",
        "backtestgate.report-dir", "backtestgate.mode", "backtestgate.late-writes", "backtestgate.embargo",
        "backtestgate.train-test-overlap", "backtestgate.future-read-sample", "backtestgate.max-feature-auc")
        .doesNotContain("backtestgate.check.skip");
    assertThat(GateConfig.pluginKeys()).containsExactly("backtestgate.check.skip");
    assertThat(GateConfig.setting("backtestgate.check.skip")).isPresent();
    assertThat(GateConfig.defaults()).containsEntry("backtestgate.max-feature-auc", "0.90")
        .containsEntry("backtestgate.late-writes", "fail").doesNotContainKey("backtestgate.check.skip");
    assertThat(GateConfig.defaults()).containsOnlyKeys(GateConfig.keys());
  }

  @Test
  void theDefaultsResolveToTheDefaultPolicy() {
    GateConfig.Resolved resolved = GateConfig.resolve(key -> Optional.empty(), "nowhere");
    assertThat(resolved.policy()).isEqualTo(GatePolicy.defaults());
    assertThat(resolved.reviewDir()).hasToString("leakage-reviews");
    assertThat(resolved.reportDir()).hasToString("target/backtest-gate");
  }

  @Test
  void eachChecksKeyLandsInItsChecksSettings() {
    Map<String, String> configured = Map.of("backtestgate.late-writes", "fail", "backtestgate.embargo", "P7D",
        "backtestgate.train-test-overlap", "off", "backtestgate.future-read-sample", "all",
        "backtestgate.max-feature-auc", " 0.8 ", "backtestgate.max-lift", "0.03");
    GatePolicy policy = GateConfig.resolve(key -> Optional.ofNullable(configured.get(key)), "test").policy();
    assertThat(policy.maxLift()).isEqualTo(0.03);
    assertThat(policy.settings(LateWritePolicy.DEFAULT)).isEqualTo(LateWritePolicy.FAIL);
    assertThat(policy.settings(LabelHorizonSettings.DEFAULTS).embargo()).isEqualTo(Duration.ofDays(7));
    assertThat(policy.settings(TrainTestOverlapPolicy.DEFAULT)).isEqualTo(TrainTestOverlapPolicy.OFF);
    assertThat(policy.settings(FutureReadSettings.DEFAULTS).sample()).isEqualTo(Integer.MAX_VALUE);
    assertThat(policy.settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc()).isEqualTo(0.8);
  }

  @Test
  void everySettingInForceIsListedAsItWouldBeWrittenAndReadsBackToTheSamePolicy() {
    Map<String, String> configured = Map.of("backtestgate.max-lift", "0.03", "backtestgate.embargo", "PT12H",
        "backtestgate.future-read-sample", "all", "backtestgate.max-feature-auc", "0.8", "backtestgate.lift-periods",
        "week", "backtestgate.pipeline-budget", "PT2M", "backtestgate.mode", "verify",
        "acme.cohort-min-positives", "25");
    GatePolicy policy = GateConfig.resolve(key -> Optional.ofNullable(configured.get(key)), "test").policy();

    Map<String, String> inForce = GateConfig.inForce(policy);
    assertThat(inForce).containsAllEntriesOf(configured).containsEntry("backtestgate.confidence", "0.95")
        .containsEntry("backtestgate.availability-lag", "PT0S").containsEntry("backtestgate.late-writes", "fail");
    assertThat(List.copyOf(inForce.keySet())).as("every key in documentation order but the directories")
        .isEqualTo(GateConfig.keys().stream().filter(k -> !k.endsWith("-dir")).toList());
    assertThat(GateConfig.resolve(key -> Optional.ofNullable(inForce.get(key)), "the report").policy())
        .as("the listed values configure the same policy").isEqualTo(policy);
    assertThat(GateConfig.resolve(key -> Optional.ofNullable(GateConfig.inForce(GatePolicy.defaults()).get(key)),
        "the report").policy()).isEqualTo(GatePolicy.defaults());
  }

  @Test
  void everyBuiltInSettingGivesItsReadBack() {
    assertThat(GateConfig.settings().stream().filter(s -> !s.key().endsWith("-dir")
        && !GateConfig.pluginKeys().contains(s.key()) && s.inForce() == null).map(Setting::key))
        .as("settings of the policy without a read-back").isEmpty();
  }

  @Test
  void aThirdPartySettingWithoutReadBackIsListedAsNotShown() {
    Setting<Integer> legacy = Setting.of("backtestgate.legacy-window", "3", "a whole number",
        text -> text.matches("[0-9]+") ? Integer.valueOf(text) : null, (p, v) -> p);
    assertThat(GateConfig.inForce(GatePolicy.defaults(), List.of(GatePolicy.MAX_LIFT, legacy))).containsExactly(
        Map.entry("backtestgate.max-lift", "0.05"), Map.entry("backtestgate.legacy-window", GateConfig.NOT_SHOWN));
  }

  @Test
  void aReadBackThatWritesARefusedValueIsNamedNeverShownAndNeverStopsTheReports() {
    Setting<Integer> broken = Setting.of("backtestgate.broken-window", "3", "a whole number",
        text -> text.matches("[0-9]+") ? Integer.valueOf(text) : null, (p, v) -> p, p -> "three");
    Setting<Integer> throwing = Setting.of("backtestgate.throwing-window", "3", "a whole number",
        text -> text.matches("[0-9]+") ? Integer.valueOf(text) : null, (p, v) -> p, p -> {
          throw new IllegalStateException("no window in this policy");
        });
    String refused = "the read-back of backtestgate.broken-window wrote 'three', which is not one of its allowed "
        + "values (a whole number): fix the setting's inForce function in its CheckProvider.";
    assertThatThrownBy(() -> broken.valueIn(GatePolicy.defaults())).isInstanceOf(IllegalStateException.class)
        .hasMessage(refused);
    assertThat(GateConfig.inForce(GatePolicy.defaults(), List.of(broken, throwing))).containsExactly(
        Map.entry("backtestgate.broken-window", "not shown: " + refused),
        Map.entry("backtestgate.throwing-window", "not shown: no window in this policy"));
  }

  @ParameterizedTest
  @CsvSource({"0.05, 0.05", "1, 1", "0.0001, 0.0001", "0.90, 0.9", "1e-7, 0.0000001", "0, 0"})
  void aNumberIsWrittenAsPlainDigitsThatReadBackToTheSameNumber(double value, String text) {
    assertThat(Setting.text(value)).isEqualTo(text);
    assertThat(Setting.decimal(text, v -> true)).isEqualTo(value);
  }

  @Test
  void anInvalidValueNamesKeyValueSourceAllowedValuesAndDefault() {
    assertThatThrownBy(() -> GateConfig.resolve(key -> key.equals("backtestgate.embargo") ? Optional.of("7 days")
        : Optional.empty(), "junit-platform.properties"))
        .isInstanceOfSatisfying(InvalidSettingException.class, e -> assertThat(e.key()).isEqualTo(
            "backtestgate.embargo"))
        .hasMessage("Invalid leakage gate setting backtestgate.embargo: '7 days' (from the junit-platform.properties)."
            + " Allowed: an ISO-8601 duration of zero or more, e.g. PT0S, P7D or P30D. Fix the value, or remove it "
            + "to use the default (PT0S).");
    assertThatThrownBy(() -> GateConfig.resolve(key -> key.equals("backtestgate.report-dir") ? Optional.of("")
        : Optional.empty(), "test")).hasMessageContaining("backtestgate.report-dir: ''");
  }

  @Test
  void aSettingsDefaultMustBeOneOfItsValuesAndItsKeyOurShape() {
    assertThatThrownBy(() -> Setting.of("backtestgate.x", "nope", "a number", text -> null, (p, v) -> p))
        .hasMessageContaining("the default 'nope' of backtestgate.x is not one of its allowed values (a number)");
    assertThatThrownBy(() -> Setting.of("maxLift", "1", "a number", text -> 1, (p, v) -> p))
        .hasMessage("setting key 'maxLift' is not a namespace and a name of lower-case words joined by hyphens, the "
            + "parts joined by dots, e.g. acme.max-score-age (your check's own namespace first).");
    for (String bad : List.of("acme", "acme.", ".max-age", "acme.Max-Age", "acme..max-age", "acme.max_age",
        "acme.max-age-", "1acme.max-age", "acme.-max")) {
      assertThatThrownBy(() -> Setting.of(bad, null, "a number", text -> 1, (p, v) -> p)).as(bad)
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a namespace and a name");
    }
  }

  @Test
  void aCheckOfYourOwnDeclaresItsOwnNamespaceDottedOrHyphenated() {
    for (String good : List.of("acme.max-score-age", "acme.scores.max-age", "acme-risk.max-age2", "backtestgate.x")) {
      assertThat(Setting.of(good, "1", "a number", text -> 1, (p, v) -> p).key()).isEqualTo(good);
      assertThat(Setting.namespace(good)).isEqualTo(good.substring(0, good.indexOf('.')));
    }
  }

  @Test
  void theJvmsJunitsAndTheBuildToolsNamespacesAreNoChecks() {
    assertThatThrownBy(() -> Setting.of("user.max-age", "1", "a number", text -> 1, (p, v) -> p))
        .hasMessage("setting key 'user.max-age' is in the namespace 'user', which the JVM, JUnit, a build tool or a "
            + "package root uses: its properties would read as misspelled keys of your check. Use a namespace of "
            + "your own, e.g. acme.max-age.");
    for (String taken : List.of("java.x", "junit.x", "maven.x", "com.acme.x", "org.acme.x")) {
      assertThatThrownBy(() -> Setting.of(taken, "1", "a number", text -> 1, (p, v) -> p)).as(taken)
          .hasMessageContaining("is in the namespace");
    }
  }
}
