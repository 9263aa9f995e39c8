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
