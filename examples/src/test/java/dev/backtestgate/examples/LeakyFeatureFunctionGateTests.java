package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.junit.LeakageGateFailure;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link LeakyFeatureFunctionBacktest} (excluded from the default run by its tag) and its honest control
 * {@link FeatureFunctionBacktest} through the EngineTestKit, exactly as Surefire would: the probe blocks the
 * function that reads the future, with example rows, and lets the honest one pass.
 */
class LeakyFeatureFunctionGateTests {
  @Test
  void theProbeBlocksTheFunctionThatReadsTheFuture() {
    GatedRuns runs = GatedRuns.of(LeakyFeatureFunctionBacktest.class);
    runs.tests().assertStatistics(stats -> stats.started(1).succeeded(0).failed(1));
    GatedRuns.Outcome outcome = runs.only();
    Throwable failure = outcome.failure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage())
        .startsWith("Leakage gate FAILED: " + LeakyFeatureFunctionBacktest.class.getName())
        .containsPattern("Feature 'worst_status_12m' reads the future: run again on history cut at the decision "
            + "time, its function gave another value in [0-9,]+ of 1,000 sampled rows")
        .contains("  e.g. row 19, entity 87, decided 2025-03-12T16:56:49.239Z: used 0.0, as of the decision 1.0")
        .doesNotContain("recorded after the decision time");
    assertThat(outcome.findingKinds()).contains("future-read").doesNotContain("point-in-time");
    JsonNode futureRead = outcome.finding("future-read");
    assertThat(futureRead.get("subject").asText()).isEqualTo("worst_status_12m");
    assertThat(futureRead.get("resolution").asText()).isEqualTo("fix");
    assertThat(futureRead.get("evidence").get("differing").asInt()).isGreaterThan(10);
  }

  @Test
  void theHonestFunctionPassesTheProbe() {
    GatedRuns runs = GatedRuns.of(FeatureFunctionBacktest.class);
    runs.tests().assertStatistics(stats -> stats.started(1).succeeded(1).failed(0));
    assertThat(runs.only().findingKinds()).isEmpty();
  }
}
