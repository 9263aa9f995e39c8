package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import dev.backtestgate.junit.LeakageGatedTests.GatedTestCases;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Configuration through real engine runs: resolution order, strict values, unknown keys, directories. */
class ConfigurationTests {
  private static final String GATE = GatedTestCases.class.getName() + "#";
  private static final String CONFIGURED = ConfiguredTestCases.class.getName() + "#";
  @TempDir
  Path temp;
  private GateKit kit;

  @BeforeEach
  void kit() {
    kit = new GateKit(temp);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      backtestgate.max-lift        | 0.05d | a decimal number at least 0 and below 1, e.g. 0.05  | 0.05
      backtestgate.max-lift        | 1     | a decimal number at least 0 and below 1, e.g. 0.05  | 0.05
      backtestgate.confidence      | NaN   | a decimal number strictly between 0 and 1, e.g. 0.95 | 0.95
      backtestgate.lift-tolerance  | -0.01 | a decimal number at least 0 and below 1, e.g. 0.01  | 0.01
      backtestgate.availability-lag| 6h    | an ISO-8601 duration of zero or more and at most PT2562047788015H12M55.807S (Long.MAX_VALUE milliseconds), e.g. PT0S, PT6H or P1D | PT0S
      backtestgate.availability-lag| -PT1H | an ISO-8601 duration of zero or more and at most PT2562047788015H12M55.807S (Long.MAX_VALUE milliseconds), e.g. PT0S, PT6H or P1D | PT0S
      backtestgate.availability-lag| PT2562047788015H12M55.808S | an ISO-8601 duration of zero or more and at most PT2562047788015H12M55.807S (Long.MAX_VALUE milliseconds), e.g. PT0S, PT6H or P1D | PT0S
      backtestgate.availability-lag| PT9223372036854775807S | an ISO-8601 duration of zero or more and at most PT2562047788015H12M55.807S (Long.MAX_VALUE milliseconds), e.g. PT0S, PT6H or P1D | PT0S
      backtestgate.mode            | ci    | auto, verify or local | auto
      backtestgate.mode            | LOCAL | auto, verify or local | auto
      backtestgate.review-dir      | ' '   | a directory path, absolute or relative to the module directory | leakage-reviews
      """)
  void anInvalidValueFailsNamingKeyValueAllowedValuesAndSource(String key, String value, String allowed,
      String defaultValue) {
    Throwable failure = kit.with(key, value).run(GatedTestCases.class, "leaky").onlyFailure();

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class).hasMessage("Invalid leakage gate setting "
        + key + ": '" + value + "' (from the configuration parameter: Surefire configurationParameters, a -D system "
        + "property or junit-platform.properties). Allowed: " + allowed + ". Fix the value, or remove it to use the "
        + "default (" + defaultValue + ").");
    assertThat(kit.reportDir()).doesNotExist();
  }

  @Test
  void anInvalidAnnotationValueFailsNamingTheAnnotation() {
    Throwable failure = kit.run(ConfiguredTestCases.class, "impossibleLimit").onlyFailure();

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("Invalid leakage gate setting backtestgate.max-lift: '1.5' (from the annotation on "
            + CONFIGURED + "impossibleLimit: @LeakageGated(maxLift = 1.5)). Allowed: a decimal number at least 0");
  }

  @Test
  void defaultsApplyWhenNothingIsSet() {
    kit.run(GatedTestCases.class, "honest").assertPassed(1);

    com.fasterxml.jackson.databind.node.ObjectNode policy =
        (com.fasterxml.jackson.databind.node.ObjectNode) kit.reportJson(GATE + "honest").get("policy");
    com.fasterxml.jackson.databind.node.ObjectNode settings =
        (com.fasterxml.jackson.databind.node.ObjectNode) policy.remove("settings");
    // the one setting the kit gives: each test's own trials ledger, in its temporary directory
    assertThat(settings.get("backtestgate.ledger").asText()).endsWith("trials");
    settings.put("backtestgate.ledger", dev.backtestgate.trials.TrialsSettings.DEFAULT_LEDGER);
    assertThat(settings.toString()).as("every setting in force, by configuration key")
        .isEqualTo(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(dev.backtestgate.config.GateConfig
            .inForce(dev.backtestgate.GatePolicy.defaults().withMode(dev.backtestgate.Mode.LOCAL))).toString());
    assertThat(policy.toString())
        .isEqualTo("{\"maxLift\":0.05,\"confidence\":0.95,\"liftTolerance\":0.01,\"availabilityLag\":\"PT0S\","
            + "\"maxFeatureAuc\":0.9}");
  }

  @Test
  void configurationParametersSetThePolicy() {
    kit.with(BacktestGateConfig.MAX_LIFT, "0.5").with(BacktestGateConfig.CONFIDENCE, " 0.9 ")
        .with(BacktestGateConfig.LIFT_TOLERANCE, "0.02").with(BacktestGateConfig.AVAILABILITY_LAG, "PT6H")
        .with(BacktestGateConfig.MAX_FEATURE_AUC, "0.95");

    kit.run(GatedTestCases.class, "leaky").assertPassed(1);

    com.fasterxml.jackson.databind.JsonNode policy = kit.reportJson(GATE + "leaky").get("policy");
    assertThat(policy.get("settings").get(BacktestGateConfig.MAX_LIFT).asText()).isEqualTo("0.5");
    assertThat(policy.get("settings").get(BacktestGateConfig.CONFIDENCE).asText()).isEqualTo("0.9");
    assertThat(policy.get("settings").get(BacktestGateConfig.AVAILABILITY_LAG).asText()).isEqualTo("PT6H");
    assertThat(policy.get("settings").get(BacktestGateConfig.MAX_FEATURE_AUC).asText()).isEqualTo("0.95");
    ((com.fasterxml.jackson.databind.node.ObjectNode) policy).remove("settings");
    assertThat(policy.toString())
        .isEqualTo("{\"maxLift\":0.5,\"confidence\":0.9,\"liftTolerance\":0.02,\"availabilityLag\":\"PT6H\","
            + "\"maxFeatureAuc\":0.95}");
  }

  @Test
  void theAvailabilityLagMakesValuesUsableOnlyLater() {
    Throwable failure = kit.with(BacktestGateConfig.AVAILABILITY_LAG, "P2D")
        .run(GatedTestCases.class, "honest").onlyFailure();

    assertThat(failure).hasMessageContaining("Feature 'balance' was recorded after the decision time in 1,000 of "
        + "1,000 rows (100.0%)").hasMessageContaining("(availability lag 2d included)");
  }

  @Test
  void theAnnotationWinsOverTheConfigurationParameter() {
    kit.with(BacktestGateConfig.MAX_LIFT, "0.9");

    Throwable failure = kit.run(ConfiguredTestCases.class, "strictLimit").onlyFailure();

    assertThat(failure).hasMessageContaining("is above the 0.010 limit");
  }

  @Test
  void anInvalidLateWritesPolicyNamesTheAllowedValues() {
    kit.with(BacktestGateConfig.LATE_WRITES, "block");

    Throwable failure = kit.run(GatedTestCases.class, "honest").onlyFailure();

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("backtestgate.late-writes").hasMessageContaining("'block'")
        .hasMessageContaining("warn or fail");
  }

  @Test
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // sets a system property for the run
  void anUnknownKeyInASystemPropertyFailsWithTheValidKeys() {
    Throwable failure = withSystemProperty("backtestgate.max-lfit", "0.1",
        () -> kit.run(GatedTestCases.class, "honest").onlyFailure());

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class).hasMessage("""
        Unknown leakage gate configuration key:
          - backtestgate.max-lfit (system property): did you mean backtestgate.max-lift?
        Valid keys: backtestgate.max-lift, backtestgate.confidence, backtestgate.lift-tolerance, \
        backtestgate.availability-lag, backtestgate.review-dir, backtestgate.report-dir, backtestgate.mode, \
        backtestgate.late-writes, backtestgate.embargo, backtestgate.train-test-overlap, \
        backtestgate.future-read-sample, backtestgate.max-feature-aucEXTRA.
        Keys of backtest-gate-maven-plugin, accepted and ignored here: backtestgate.check.skip.
        Rename or remove it: a misspelled key would silently leave its setting at the default.""".replace("EXTRA",
        // keys of check providers on the test class path beyond the built-in ones (the core's test fixture)
        BacktestGateConfig.keys().subList(12, BacktestGateConfig.keys().size()).stream().map(k -> ", " + k)
            .collect(java.util.stream.Collectors.joining())));
  }

  @Test
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // sets a system property for the run
  void theMavenPluginsSkipFlagIsAKnownKeyThatTheGateIgnores() {
    // mvn verify -Dbacktestgate.check.skip=true: Surefire hands every -D to the tests as a system property
    withSystemProperty(BacktestGateConfig.CHECK_SKIP, "true",
        () -> kit.run(GatedTestCases.class, "honest").assertPassed(1));

    Throwable failure = withSystemProperty(BacktestGateConfig.CHECK_SKIP, "true",
        () -> kit.run(GatedTestCases.class, "leaky").onlyFailure());
    assertThat(failure).isInstanceOf(LeakageGateFailure.class).hasMessageContaining("AUC lift");
  }

  @Test
  void anUnknownKeyInJunitPlatformPropertiesFails() throws IOException {
    Path classes = Files.createDirectories(temp.resolve("classes"));
    Path file = Files.writeString(classes.resolve("junit-platform.properties"),
        "backtestgate.review-directory=reviews\nbacktestgate.mode=local\n");

    Throwable failure = withClasspathRoot(classes, () -> kit.run(GatedTestCases.class, "honest").onlyFailure());

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("- backtestgate.review-directory (junit-platform.properties at " + file.toUri().toURL()
            + "): did you mean backtestgate.review-dir?")
        .hasMessageNotContaining("backtestgate.mode (");
  }

  @Test
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // sets a system property for the run
  void relativeDirectoriesResolveAgainstTheModuleDirectory() {
    kit.with(BacktestGateConfig.REVIEW_DIR, "reviews").with(BacktestGateConfig.REPORT_DIR, "build/gate")
        .with(BacktestGateConfig.MODE, "verify");

    Throwable failure = withSystemProperty("basedir", temp.resolve("module").toString(),
        () -> kit.run(GatedTestCases.class, "leaky").onlyFailure());

    Path module = temp.resolve("module");
    assertThat(module.resolve("build/gate/" + GATE + "leaky.json")).exists();
    assertThat(failure).hasMessageContaining(module.resolve("build/gate/" + GATE + "leaky.json").toString())
        .hasMessageContaining("to copy to " + module.resolve("reviews") + "/");
  }

  @Test
  void aReportDirectoryInsideTheReviewDirectoryIsRefused() {
    kit.with(BacktestGateConfig.REPORT_DIR, kit.reviewDir().resolve("reports").toString());

    assertThat(kit.run(GatedTestCases.class, "honest").onlyFailure())
        .hasMessageContaining("lies inside the review directory").hasMessageContaining("backtestgate.report-dir");
  }

  private static <T> T withSystemProperty(String key, String value, Supplier<T> action) {
    String old = System.getProperty(key);
    System.setProperty(key, value);
    try {
      return action.get();
    } finally {
      if (old == null) {
        System.clearProperty(key);
      } else {
        System.setProperty(key, old);
      }
    }
  }

  private static <T> T withClasspathRoot(Path root, Supplier<T> action) throws IOException {
    Thread thread = Thread.currentThread();
    ClassLoader old = thread.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {root.toUri().toURL()}, old)) {
      thread.setContextClassLoader(loader);
      return action.get();
    } finally {
      thread.setContextClassLoader(old);
    }
  }

  /** Limits set on the annotation (the plain honest and leaky backtests come from {@link GatedTestCases}). */
  static class ConfiguredTestCases {
    @Test
    @LeakageGated(maxLift = 0.01)
    void strictLimit(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    @LeakageGated(maxLift = 1.5)
    void impossibleLimit(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }
}
