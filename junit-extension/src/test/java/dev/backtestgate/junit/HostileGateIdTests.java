package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.internal.FileNames;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gate ids that would make two tests of one run share a sign-off file or overwrite each other's report:
 * the same explicit id twice (in one class or two), ids that differ only in case (one file on macOS and
 * Windows), and an id that its file name collides with. The second test fails with a message naming both;
 * the first keeps its own outcome and report; the review directory is never created.
 */
class HostileGateIdTests {
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  /** Exactly one of the two tests failed, with an {@link ExtensionConfigurationException}; returns its message. */
  private String secondRefused(GateKit.Outcome outcome) {
    outcome.results().testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1));
    Throwable failure = outcome.failures().get(0);
    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class);
    assertThat(failure.getMessage()).doesNotContain("NullPointerException", "Cannot invoke", "Index",
        "For input string");
    assertThat(kit.reviewDir()).doesNotExist();
    return failure.getMessage();
  }

  @Test
  void twoTestsSharingAnExplicitIdInOneClass() {
    String message = secondRefused(kit.run(SharedIdTestCases.class));

    assertThat(message).contains("Two gated tests in this run share the gate id 'churn': "
        + SharedIdTestCases.class.getName() + "#first (first) and " + SharedIdTestCases.class.getName()
        + "#second (second)", "Give each its own @LeakageGated(id = \"...\")");
    assertThat(kit.report("churn")).exists();
  }

  @Test
  void theFirstTestsReportAndPendingSignOffSurviveTheSecondTestWithItsId() {
    GateKit.Outcome outcome = kit.run(LeakyFirstTestCases.class);

    outcome.results().testEvents().assertStatistics(stats -> stats.started(2).failed(2));
    assertThat(outcome.failures().get(0)).isInstanceOf(LeakageGateFailure.class);
    assertThat(outcome.failures().get(1)).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining(LeakyFirstTestCases.class.getName() + "#a (first) and "
            + LeakyFirstTestCases.class.getName() + "#b (second)");
    // the report and the pending sign-off are the leaky first test's, not the honest second's
    assertThat(kit.reportJson("churn").get("verdict").asText()).isEqualTo("FAILED");
    assertThat(GateKit.read(kit.pending("churn"))).contains(kit.reportJson("churn").get("fingerprint").asText());
    assertThat(kit.reviewDir()).doesNotExist();
  }

  @Test
  void twoClassesSharingAnExplicitIdInOneRun() {
    String message = secondRefused(kit.runAll(FirstChurnTestCases.class, SecondChurnTestCases.class));

    assertThat(message).contains("share the gate id 'churn-model': " + FirstChurnTestCases.class.getName()
        + "#model (first) and " + SecondChurnTestCases.class.getName() + "#model (second)");
  }

  @Test
  void idsDifferingOnlyInCaseAreOneFileOnMacOsAndWindows() {
    String message = secondRefused(kit.run(CaseTestCases.class));

    assertThat(message).contains("Gate ids '", "map to one file name", "differ only in case",
        "Give one of them another @LeakageGated(id = \"...\")");
    assertThat(message).containsAnyOf("'Churn' and 'churn'", "'churn' and 'Churn'");
  }

  @Test
  void anIdThatIsAnotherIdsSafeFileNameIsRefused() {
    assertThat(FileNames.of("my gate")).isEqualTo(LookalikeTestCases.LOOKALIKE + ".json");

    String message = secondRefused(kit.run(LookalikeTestCases.class));

    assertThat(message).contains("'my gate'", "'" + LookalikeTestCases.LOOKALIKE + "'", "map to one file name");
    assertThat(Files.exists(kit.report("my gate"))).isTrue();
  }

  @Test
  void inParallelExactlyOneOfTwoTestsSharingAnIdIsRefused() {
    kit.with("junit.jupiter.execution.parallel.enabled", "true")
        .with("junit.jupiter.execution.parallel.mode.default", "concurrent");

    String message = secondRefused(kit.run(SharedIdTestCases.class));

    assertThat(message).contains("share the gate id 'churn'", "#first", "#second");
  }

  @Test
  void parameterizedInvocationsOfOneTestEachHaveTheirOwnGate() {
    kit.run(ParameterizedIdTestCases.class).assertPassed(3);

    assertThat(kit.report("churn[1]")).exists();
    assertThat(kit.report("churn[3]")).exists();
  }

  @Test
  void separateRunsMayReuseAnIdTheWayABuildRerunsATest() {
    kit.run(SharedIdTestCases.class, "first").assertPassed(1);
    kit.run(SharedIdTestCases.class, "first").assertPassed(1);
  }

  /**
   * Two runs of one build, as two Surefire forks are (each fork is its own JUnit run, which the one-run check above
   * does not see): the second test writing the id is refused naming both, and the first's report and pending
   * sign-off survive.
   */
  @Test
  void aSecondTestWritingTheIdInAnotherRunOfTheSameBuildIsRefused() {
    kit.run(LeakyFirstTestCases.class, "a").onlyFailure();
    String report = GateKit.read(kit.report("churn"));
    String pending = GateKit.read(kit.pending("churn"));

    GateKit.Outcome second = kit.run(LeakyFirstTestCases.class, "b");

    second.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
    assertThat(second.failures().get(0)).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("Two gated tests of this build share the gate id 'churn': "
            + LeakyFirstTestCases.class.getName() + "#a (first) and " + LeakyFirstTestCases.class.getName()
            + "#b (second)")
        .hasMessageContaining("The first claimed " + kit.report("churn") + " earlier in this build, in another "
            + "test run (another Surefire fork, JVM or class loader)")
        .hasMessageContaining("Give each its own @LeakageGated(id = \"...\")");
    assertThat(GateKit.read(kit.report("churn"))).isEqualTo(report);
    assertThat(GateKit.read(kit.pending("churn"))).isEqualTo(pending);
    assertThat(kit.reviewDir()).doesNotExist();
  }

  @Test
  void idsWithOneFileNameInAnotherRunOfTheSameBuildAreRefused() {
    kit.run(LookalikeTestCases.class, "a").assertPassed(1);

    Throwable failure = kit.run(LookalikeTestCases.class, "b").onlyFailure();

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class).hasMessageContaining("have gate ids "
        + "'my gate' and '" + LookalikeTestCases.LOOKALIKE + "', which map to one file name, "
        + LookalikeTestCases.LOOKALIKE + ".json");
  }

  @Test
  void inTheNextBuildAnotherTestMayTakeTheIdOver() {
    kit.run(SharedIdTestCases.class, "first").assertPassed(1);
    kit.nextBuild(); // the test was renamed: the next mvn verify, without clean

    kit.run(SharedIdTestCases.class, "second").assertPassed(1);
  }

  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class SharedIdTestCases {
    @Test
    @LeakageGated(id = "churn")
    void first(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }

    @Test
    @LeakageGated(id = "churn")
    void second(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }

  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class LeakyFirstTestCases {
    @Test
    @LeakageGated(id = "churn")
    void a(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    @LeakageGated(id = "churn")
    void b(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }

  static class ParameterizedIdTestCases {
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2, 3})
    @LeakageGated(id = "churn")
    void model(int fold, Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }

  static class FirstChurnTestCases {
    @Test
    @LeakageGated(id = "churn-model")
    void model(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }

  static class SecondChurnTestCases {
    @Test
    @LeakageGated(id = "churn-model")
    void model(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }

  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class CaseTestCases {
    @Test
    @LeakageGated(id = "Churn")
    void a(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }

    @Test
    @LeakageGated(id = "churn")
    void b(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }

  @TestMethodOrder(MethodOrderer.MethodName.class)
  static class LookalikeTestCases {
    /** The file-name stem of the id "my gate": its space replaced, a hash of the id appended. */
    static final String LOOKALIKE = "my_gate-1ba9dc12";

    @Test
    @LeakageGated(id = "my gate")
    void a(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }

    @Test
    @LeakageGated(id = LOOKALIKE)
    void b(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }
}
