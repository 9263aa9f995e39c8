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
 * Runs {@link TargetEncodedBacktest} (excluded from the default run by its tag) and its honest control {@link
 * EmployerRateBacktest} through the EngineTestKit, as Surefire would: the target-encoded feature has honest
 * timestamps and a lift below the limit, and only the feature–label screen blocks it; the control passes.
 */
class TargetEncodedGateTests {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One gated test's failure (or null) and its JSON report. */
  private record Outcome(Throwable failure, JsonNode report) {
    List<String> findingKinds() {
      List<String> kinds = new ArrayList<>();
      report.get("findings").forEach(f -> kinds.add(f.get("kind").asText() + ":" + f.get("subject").asText()));
      return kinds;
    }
  }

  private static Outcome run(Class<?> backtest) throws IOException {
    EngineExecutionResults results = EngineTestKit.engine("junit-jupiter").selectors(selectClass(backtest)).execute();
    results.testEvents().assertStatistics(stats -> stats.started(1));
    Path report = null;
    for (Event event : results.allEvents().reportingEntryPublished().list()) {
      String path = event.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get("backtestgate.report");
      if (path != null) {
        report = Path.of(path);
      }
    }
    Throwable failure = results.testEvents().finished().list().get(0)
        .getRequiredPayload(TestExecutionResult.class).getThrowable().orElse(null);
    return new Outcome(failure, JSON.readTree(report.toFile()));
  }

  @Test
  void theTargetEncodedFeatureIsBlockedByTheScreenAloneAndItsHonestControlPasses() throws IOException {
    Outcome leaky = run(TargetEncodedBacktest.class);

    assertThat(leaky.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(leaky.findingKinds()).containsExactly("feature-label:" + EmployerRates.FEATURE);
    assertThat(leaky.report().get("comparison").get("lift").asDouble()).isLessThan(0.05);
    JsonNode evidence = leaky.report().get("findings").get(0).get("evidence");
    assertThat(evidence.get("auc").asDouble()).isGreaterThanOrEqualTo(0.90);
    assertThat(leaky.failure().getMessage())
        .contains("Feature '" + EmployerRates.FEATURE + "' alone ranks the rows with AUC 0.9")
        .doesNotContain("recorded after the decision time", "is above the 0.050 limit");

    Outcome honest = run(EmployerRateBacktest.class);
    assertThat(honest.failure()).isNull();
    assertThat(honest.findingKinds()).isEmpty();
  }
}
