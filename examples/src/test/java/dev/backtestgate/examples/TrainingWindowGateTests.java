package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.junit.LeakageGateFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs {@link TrainingWindowBacktest} (its leaky variant excluded from the default run by its tag) through the
 * EngineTestKit, exactly as Surefire would run it: the window trained up to the test period is blocked by the
 * label-horizon check alone (its features are point-in-time correct and its lift is within the limit), and the
 * window that ends one outcome window earlier passes.
 */
class TrainingWindowGateTests {
  private static final String CLASS = TrainingWindowBacktest.class.getName();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Map<String, Outcome> outcomes;

  /** What one gated test ended with: its failure (or none) and the gate's JSON report. */
  private record Outcome(Throwable failure, JsonNode report) {
    List<String> findingKinds() {
      List<String> kinds = new ArrayList<>();
      report.get("findings").forEach(f -> kinds.add(f.get("kind").asText()));
      return kinds;
    }
  }

  @BeforeAll
  static void runBothWindows() throws IOException {
    EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(TrainingWindowBacktest.class))
        .execute();
    results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1).aborted(0));
    Map<String, Path> reports = new HashMap<>();
    for (Event event : results.allEvents().reportingEntryPublished().list()) {
      String report = event.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get("backtestgate.report");
      if (report != null) {
        reports.put(method(event), Path.of(report));
      }
    }
    outcomes = new HashMap<>();
    for (Event event : results.testEvents().finished().list()) {
      Throwable failure = event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElse(null);
      outcomes.put(method(event), new Outcome(failure, JSON.readTree(reports.get(method(event)).toFile())));
    }
  }

  @Test
  void theWindowTrainedUpToTheTestPeriodIsBlockedByTheLabelHorizonAlone() {
    Outcome leaky = outcomes.get("trainedUpToTheTestPeriod");
    assertThat(leaky.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(leaky.report().get("verdict").asText()).isEqualTo("FAILED");
    assertThat(leaky.findingKinds()).containsExactly("label-horizon");
    assertThat(leaky.failure().getMessage())
        .startsWith("Leakage gate FAILED: " + CLASS + "#trainedUpToTheTestPeriod")
        .contains("Training labels resolved inside the test period:",
            "of 21,967 training rows (32.3%) had their label known after the earliest test decision "
                + "2024-10-01T09:06:16.624Z; the latest resolved 2024-12-29T16:45:33.079Z, 89d 7h past it.",
            "{\"kind\": \"label-horizon\", \"subject\": \"\", \"reason\": \"...\"}");
    JsonNode evidence = leaky.report().get("findings").get(0).get("evidence");
    assertThat(evidence.get("rowsAffected").asInt()).isEqualTo(7_091);
    assertThat(leaky.report().get("comparison").get("lift").asDouble()).isLessThan(0.05);
  }

  @Test
  void theWindowEndingAnOutcomeWindowEarlierPasses() {
    Outcome honest = outcomes.get("trainedUntilAnOutcomeWindowBeforeIt");
    assertThat(honest.failure()).isNull();
    assertThat(honest.report().get("verdict").asText()).isEqualTo("PASSED");
    assertThat(honest.findingKinds()).isEmpty();
  }

  @Test
  void bothScoreTheSameTestRowsWithDifferentTrainingSets() {
    JsonNode leaky = outcomes.get("trainedUpToTheTestPeriod").report();
    JsonNode honest = outcomes.get("trainedUntilAnOutcomeWindowBeforeIt").report();
    assertThat(leaky.get("run")).isEqualTo(honest.get("run"));
    assertThat(leaky.get("fingerprint")).isNotEqualTo(honest.get("fingerprint"));
  }

  private static String method(Event event) {
    return ((MethodSource) event.getTestDescriptor().getSource().orElseThrow()).getMethodName();
  }
}
