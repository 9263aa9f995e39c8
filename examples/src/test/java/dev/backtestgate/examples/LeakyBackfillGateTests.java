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
 * Runs {@link LeakyBackfillBacktest} (excluded from the default run by its tag) through the EngineTestKit,
 * exactly as Surefire would run it, and checks that the gate blocks both variants with the expected
 * findings: the lift far above the limit in both; point-in-time violations of the three status-table
 * features where the backfill stamped {@code updated_at}; where it did not, the rewritten history that the
 * committed manifest reveals.
 */
class LeakyBackfillGateTests {
  private static final String CLASS = LeakyBackfillBacktest.class.getName();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Map<String, Outcome> outcomes;

  /** What one gated test ended with: its failure and the gate's JSON report. */
  private record Outcome(Throwable failure, JsonNode report) {
    List<String> findingKinds() {
      List<String> kinds = new ArrayList<>();
      report.get("findings").forEach(f -> kinds.add(f.get("kind").asText()));
      return kinds;
    }

    List<String> lateFeatures() {
      List<String> features = new ArrayList<>();
      report.get("findings").forEach(f -> {
        if (f.get("kind").asText().equals("point-in-time")) {
          features.add(f.get("subject").asText());
        }
      });
      return features;
    }
  }

  @BeforeAll
  static void runTheLeakyBacktests() throws IOException {
    EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(LeakyBackfillBacktest.class))
        .execute();
    results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(0).failed(2).aborted(0));
    Map<String, Path> reports = new HashMap<>();
    for (Event event : results.allEvents().reportingEntryPublished().list()) {
      String report = event.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get("backtestgate.report");
      if (report != null) {
        reports.put(method(event), Path.of(report));
      }
    }
    outcomes = new HashMap<>();
    for (Event event : results.testEvents().finished().list()) {
      Throwable failure = event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
      outcomes.put(method(event), new Outcome(failure, JSON.readTree(reports.get(method(event)).toFile())));
    }
  }

  @Test
  void withUpdatedAtStampedTheGateFindsTheLiftAndTheLateStatusFeatures() {
    Outcome stamped = outcomes.get("rewrittenTableWithUpdatedAt");
    assertThat(stamped.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(stamped.report().get("verdict").asText()).isEqualTo("FAILED");
    assertThat(stamped.findingKinds()).containsExactly("lift", "point-in-time", "point-in-time", "point-in-time");
    assertThat(stamped.lateFeatures()).containsExactly("balance", "status", "worst_status_12m");
    assertThat(stamped.failure().getMessage())
        .startsWith("Leakage gate FAILED: " + CLASS + "#rewrittenTableWithUpdatedAt")
        .contains("limit. A lift this large is the classic signature of leaked future data.")
        .contains("Feature 'status' was recorded after the decision time")
        .contains("known 2025-08-15T02:00:00Z");
  }

  @Test
  void withoutUpdatedAtTheKnowledgeTimesLookInnocentAndTheLiftAndTheHistoryManifestGiveTheRewriteAway() {
    Outcome silent = outcomes.get("rewrittenTableSilently");
    assertThat(silent.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(silent.findingKinds()).containsExactly("lift", "rewritten-history");
    assertThat(silent.failure().getMessage())
        .startsWith("Leakage gate FAILED: " + CLASS + "#rewrittenTableSilently")
        .contains("History of 'statements' was rewritten in place: 53 of 53 closed partitions differ")
        .doesNotContain("recorded after the decision time");
  }

  @Test
  void theLiftIsFarAboveTheLimitAndItsIntervalExcludesIt() {
    for (Outcome outcome : outcomes.values()) {
      JsonNode comparison = outcome.report().get("comparison");
      assertThat(comparison.get("lift").asDouble()).isGreaterThan(0.10);
      assertThat(comparison.get("liftCi").get(0).asDouble()).isGreaterThan(0.05);
      assertThat(comparison.get("candidateAuc").asDouble()).isGreaterThan(0.9).isLessThan(1.0);
    }
  }

  @Test
  void bothVariantsAreTheSameBacktestOnTheSameRows() {
    JsonNode stamped = outcomes.get("rewrittenTableWithUpdatedAt").report();
    JsonNode silent = outcomes.get("rewrittenTableSilently").report();
    assertThat(stamped.get("comparison").get("lift").asDouble())
        .isEqualTo(silent.get("comparison").get("lift").asDouble());
    assertThat(stamped.get("run")).isEqualTo(silent.get("run"));
    assertThat(stamped.get("fingerprint")).isNotEqualTo(silent.get("fingerprint"));
  }

  private static String method(Event event) {
    return ((MethodSource) event.getTestDescriptor().getSource().orElseThrow()).getMethodName();
  }
}
