package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.junit.LeakageGateFailure;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link LeakyBackfillBacktest} (excluded from the default run by its tag) through the EngineTestKit,
 * exactly as Surefire would run it, and checks that the gate blocks both variants with the expected
 * findings: the lift far above the limit in both; point-in-time violations of the three status-table
 * features where the backfill stamped {@code updated_at}; where it did not, the rewritten history that the
 * committed manifest reveals.
 */
class LeakyBackfillGateTests {
  private static final String CLASS = LeakyBackfillBacktest.class.getName();
  private static Map<String, GatedRuns.Outcome> outcomes;

  @BeforeAll
  static void runTheLeakyBacktests() {
    GatedRuns runs = GatedRuns.of(LeakyBackfillBacktest.class);
    runs.tests().assertStatistics(stats -> stats.started(3).succeeded(0).failed(3).aborted(0));
    outcomes = runs.outcomes();
  }

  @Test
  void withUpdatedAtStampedTheGateFindsTheLiftAndTheLateStatusFeatures() {
    GatedRuns.Outcome stamped = outcomes.get("rewrittenTableWithUpdatedAt");
    assertThat(stamped.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(stamped.report().get("verdict").asText()).isEqualTo("FAILED");
    assertThat(stamped.findingKinds()).containsExactly("lift", "point-in-time", "point-in-time", "point-in-time");
    assertThat(stamped.subjects("point-in-time")).containsExactly("balance", "status", "worst_status_12m");
    assertThat(stamped.failure().getMessage())
        .startsWith("Leakage gate FAILED: " + CLASS + "#rewrittenTableWithUpdatedAt")
        .contains("limit. A lift this large is the classic signature of leaked future data.")
        .contains("Feature 'status' was recorded after the decision time")
        .contains("known 2025-08-15T02:00:00Z");
  }

  @Test
  void withoutUpdatedAtTheKnowledgeTimesLookInnocentAndTheLiftAndTheHistoryManifestGiveTheRewriteAway() {
    GatedRuns.Outcome silent = outcomes.get("rewrittenTableSilently");
    assertThat(silent.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(silent.findingKinds()).containsExactly("lift", "rewritten-history");
    assertThat(silent.failure().getMessage())
        .startsWith("Leakage gate FAILED: " + CLASS + "#rewrittenTableSilently")
        .contains("History of 'statements' was rewritten in place: 53 of 53 closed partitions differ")
        .doesNotContain("recorded after the decision time");
  }

  @Test
  void withThePipelineHandedToTheGateTheCleanedStatusHistoryIsNamedAsTheCarrierOfTheLift() {
    GatedRuns.Outcome pipeline = outcomes.get("rewrittenTableSilentlyWithPipeline");
    assertThat(pipeline.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(pipeline.findingKinds()).contains("lift", "rewritten-history", "lift-attribution", "lift-carrier")
        .doesNotContain("fit-scope", "check-failed");
    // the worst of the last 12 rewritten codes: every status the cleanup resolved to the account's outcome
    assertThat(pipeline.subjects("lift-carrier")).containsExactly("worst_status_12m");
    assertThat(pipeline.failure().getMessage()).containsPattern("0\\.\\d{3} of the refit's \\+0\\.\\d{3} lift disappears "
        + "without 'worst_status_12m' \\(\\d+%, 95% interval \\d+% to \\d+%\\)");
  }

  @Test
  void theLiftIsFarAboveTheLimitAndItsIntervalExcludesIt() {
    for (GatedRuns.Outcome outcome : outcomes.values()) {
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
    ObjectNode stampedRun = stamped.get("run").deepCopy();
    ObjectNode silentRun = silent.get("run").deepCopy();
    // only the silent variant declares the statements history (its manifest check reads it)
    assertThat(silentRun.at("/data/historyTables/0/table").asText()).isEqualTo("statements");
    assertThat(stampedRun.at("/data/historyTables")).isEmpty();
    ((ObjectNode) stampedRun.get("data")).remove("historyTables");
    ((ObjectNode) silentRun.get("data")).remove("historyTables");
    assertThat(stampedRun).isEqualTo(silentRun);
    assertThat(stamped.get("fingerprint")).isNotEqualTo(silent.get("fingerprint"));
  }

}
