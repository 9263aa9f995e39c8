package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.junit.LeakageGateFailure;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link TrainingWindowBacktest} (its leaky variant excluded from the default run by its tag) through the
 * EngineTestKit, exactly as Surefire would run it: the window trained up to the test period is blocked by the
 * label-horizon check alone (its features are point-in-time correct and its lift is within the limit), and the
 * window that ends one outcome window earlier passes.
 */
class TrainingWindowGateTests {
  private static final String CLASS = TrainingWindowBacktest.class.getName();
  private static Map<String, GatedRuns.Outcome> outcomes;

  @BeforeAll
  static void runBothWindows() {
    GatedRuns runs = GatedRuns.of(TrainingWindowBacktest.class);
    runs.tests().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1).aborted(0));
    outcomes = runs.outcomes();
  }

  @Test
  void theWindowTrainedUpToTheTestPeriodIsBlockedByTheLabelHorizonAlone() {
    GatedRuns.Outcome leaky = outcomes.get("trainedUpToTheTestPeriod");
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
    GatedRuns.Outcome honest = outcomes.get("trainedUntilAnOutcomeWindowBeforeIt");
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

}
