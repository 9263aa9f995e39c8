package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.junit.LeakageGateFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs {@link LeakyFeatureFunctionBacktest} (excluded from the default run by its tag) and its honest control
 * {@link FeatureFunctionBacktest} through the EngineTestKit, exactly as Surefire would: the probe blocks the
 * function that reads the future, with example rows, and lets the honest one pass.
 */
class LeakyFeatureFunctionGateTests {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theProbeBlocksTheFunctionThatReadsTheFuture() throws IOException {
    EngineExecutionResults results = run(LeakyFeatureFunctionBacktest.class);
    results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(0).failed(1));
    Throwable failure = results.testEvents().failed().list().get(0).getRequiredPayload(TestExecutionResult.class)
        .getThrowable().orElseThrow();
    JsonNode report = report(results);

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage())
        .startsWith("Leakage gate FAILED: " + LeakyFeatureFunctionBacktest.class.getName())
        .containsPattern("Feature 'worst_status_12m' reads the future: run again on history cut at the decision "
            + "time, its function gave another value in [0-9,]+ of 1,000 sampled rows")
        .contains("  e.g. row 19, entity 87, decided 2025-03-12T16:56:49.239Z: used 0.0, as of the decision 1.0")
        .doesNotContain("recorded after the decision time");
    assertThat(kinds(report)).contains("future-read").doesNotContain("point-in-time");
    JsonNode futureRead = finding(report, "future-read");
    assertThat(futureRead.get("subject").asText()).isEqualTo("worst_status_12m");
    assertThat(futureRead.get("resolution").asText()).isEqualTo("fix");
    assertThat(futureRead.get("evidence").get("differing").asInt()).isGreaterThan(10);
  }

  @Test
  void theHonestFunctionPassesTheProbe() throws IOException {
    EngineExecutionResults results = run(FeatureFunctionBacktest.class);
    results.testEvents().assertStatistics(stats -> stats.started(1).succeeded(1).failed(0));
    assertThat(kinds(report(results))).isEmpty();
  }

  private static EngineExecutionResults run(Class<?> backtest) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(backtest)).execute();
  }

  private static JsonNode report(EngineExecutionResults results) throws IOException {
    for (Event event : results.allEvents().reportingEntryPublished().list()) {
      String report = event.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get("backtestgate.report");
      if (report != null) {
        return JSON.readTree(Path.of(report).toFile());
      }
    }
    throw new AssertionError("the gate published no report");
  }

  private static List<String> kinds(JsonNode report) {
    List<String> kinds = new ArrayList<>();
    report.get("findings").forEach(f -> kinds.add(f.get("kind").asText()));
    return kinds;
  }

  private static JsonNode finding(JsonNode report, String kind) {
    for (JsonNode f : report.get("findings")) {
      if (f.get("kind").asText().equals(kind)) {
        return f;
      }
    }
    throw new AssertionError("no " + kind + " finding in " + report.get("findings"));
  }
}
