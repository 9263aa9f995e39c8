package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.junit.LeakageGatedTests.GatedTestCases;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Configuration values and keys as a hostile or careless build gives them: look-alike numbers (hex, suffixes,
 * Unicode digits, exponents out of range), durations that are negative or overflow, enum values in the wrong case,
 * sample sizes beyond an int, keys with a typo, a trailing space or another case, and the Maven plugin's own key.
 * Every value is refused naming the key, the value and the allowed values, before any file is written; the review
 * directory is never created.
 */
class HostileConfigKeyTests {
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @ParameterizedTest(name = "{0} = ''{1}''")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      backtestgate.max-lift           | 0x1p-4
      backtestgate.max-lift           | 0.05f
      backtestgate.max-lift           | ٠.٠٥
      backtestgate.max-lift           | 1e400
      backtestgate.max-lift           | Infinity
      backtestgate.max-lift           | -0.01
      backtestgate.max-lift           | 5%
      backtestgate.max-lift           | 0,05
      backtestgate.confidence         | 1
      backtestgate.confidence         | 0
      backtestgate.confidence         | 95
      backtestgate.lift-tolerance     | 1.0
      backtestgate.lift-tolerance     | -NaN
      backtestgate.max-feature-auc    | 0.5
      backtestgate.max-feature-auc    | 1.0000001
      backtestgate.availability-lag   | P-1D
      backtestgate.availability-lag   | PT-1S
      backtestgate.availability-lag   | 6 hours
      backtestgate.availability-lag   | P292278995Y
      backtestgate.embargo            | -P7D
      backtestgate.embargo            | P7
      backtestgate.embargo            | PT9223372036854775808S
      backtestgate.mode               | Local
      backtestgate.mode               | ci
      backtestgate.late-writes        | FAIL
      backtestgate.late-writes        | error
      backtestgate.train-test-overlap | none
      backtestgate.future-read-sample | 0
      backtestgate.future-read-sample | -1
      backtestgate.future-read-sample | 2147483648
      backtestgate.future-read-sample | 1_000
      backtestgate.future-read-sample | ALL
      backtestgate.future-read-sample | 1e3
      backtestgate.report-dir         | "  "
      """)
  void aHostileValueIsRefusedNamingKeyValueAndAllowedValues(String key, String value) {
    Throwable failure = kit.with(key, value).run(GatedTestCases.class, "honest").onlyFailure();

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("Invalid leakage gate setting " + key + ": '" + value + "' (from the configuration "
            + "parameter")
        .hasMessageContaining("Allowed: ")
        .hasMessageContaining("remove it to use the default (" + BacktestGateConfig.defaults().get(key) + ")");
    assertThat(failure.getMessage()).doesNotContain("NumberFormatException", "DateTimeParseException",
        "ArithmeticException", "For input string");
    assertThat(kit.reportDir()).doesNotExist();
    assertThat(kit.reviewDir()).doesNotExist();
  }

  @ParameterizedTest(name = "{0} = ''{1}''")
  @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
      backtestgate.max-lift           | " 0.5 "
      backtestgate.max-lift           | +0.5
      backtestgate.max-lift           | 5E-1
      backtestgate.availability-lag   | pt1s
      backtestgate.future-read-sample | 2147483647
      backtestgate.future-read-sample | all
      """)
  void aValueInAnAcceptedSpellingIsTakenAsWritten(String key, String value) {
    kit.with(key, value).run(GatedTestCases.class, "honest").assertPassed(1);

    assertThat(kit.reviewDir()).doesNotExist();
  }

  @ParameterizedTest(name = "-D{0}")
  @CsvSource(delimiter = '|', textBlock = """
      backtestgate.max-lift.           | backtestgate.max-lift
      backtestgate.MAX-LIFT            | backtestgate.max-lift
      backtestgate.max_lift            | backtestgate.max-lift
      backtestgate.reviewdir           | backtestgate.review-dir
      backtestgate.check-skip          | backtestgate.check.skip
      backtestgate.check.skipped       | backtestgate.check.skip
      backtestgate.futureread-sample   | backtestgate.future-read-sample
      backtestgate.overlap             | backtestgate.train-test-overlap
      """)
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // sets a system property for the run
  void aKeyWithATypoIsRefusedWithTheNearestKnownKey(String key, String nearest) {
    Throwable failure = withSystemProperty(key, "0.1", () -> kit.run(GatedTestCases.class, "honest").onlyFailure());

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("Unknown leakage gate configuration key:\n  - " + key + " (system property): did you "
            + "mean " + nearest + "?");
    assertThat(kit.reportDir()).doesNotExist();
    assertThat(kit.reviewDir()).doesNotExist();
  }

  @Test
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // sets a system property for the run
  void aKeyWithATrailingSpaceIsAnotherKey() {
    Throwable failure = withSystemProperty("backtestgate.mode ", "local",
        () -> kit.run(GatedTestCases.class, "honest").onlyFailure());

    assertThat(failure).hasMessageContaining("- backtestgate.mode  (system property): did you mean backtestgate.mode?");
  }

  @ParameterizedTest(name = "-Dbacktestgate.check.skip={0}")
  @CsvSource({"true", "false", "maybe", "''"})
  @ResourceLock(Resources.SYSTEM_PROPERTIES) // sets a system property for the run
  void thePluginsSkipFlagIsIgnoredByTheGateWhateverItsValue(String value) {
    Throwable failure = withSystemProperty(BacktestGateConfig.CHECK_SKIP, value,
        () -> kit.run(GatedTestCases.class, "leaky").onlyFailure());

    // the plugin's escape hatch turns off the plugin's check, never the gate
    assertThat(failure).isInstanceOf(LeakageGateFailure.class).hasMessageContaining("is above the 0.050 limit");
    assertThat(kit.reviewDir()).doesNotExist();
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
}
