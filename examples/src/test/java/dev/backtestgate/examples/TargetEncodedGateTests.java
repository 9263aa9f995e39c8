package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.junit.LeakageGateFailure;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link TargetEncodedBacktest} (excluded from the default run by its tag) and its honest control {@link
 * EmployerRateBacktest} through the EngineTestKit, as Surefire would: the target-encoded feature has honest
 * timestamps and a lift below the limit, and only the feature–label screen blocks it; the control passes.
 */
class TargetEncodedGateTests {
  private static GatedRuns.Outcome run(Class<?> backtest) {
    GatedRuns runs = GatedRuns.of(backtest);
    runs.tests().assertStatistics(stats -> stats.started(1));
    return runs.only();
  }

  @Test
  void theTargetEncodedFeatureIsBlockedByTheScreenAloneAndItsHonestControlPasses() {
    GatedRuns.Outcome leaky = run(TargetEncodedBacktest.class);

    assertThat(leaky.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(leaky.findingKinds()).containsExactly("feature-label");
    assertThat(leaky.subjects("feature-label")).containsExactly(EmployerRates.FEATURE);
    assertThat(leaky.report().get("comparison").get("lift").asDouble()).isLessThan(0.05);
    JsonNode evidence = leaky.report().get("findings").get(0).get("evidence");
    assertThat(evidence.get("auc").asDouble()).isGreaterThanOrEqualTo(0.90);
    assertThat(leaky.failure().getMessage())
        .contains("Feature '" + EmployerRates.FEATURE + "' alone ranks the rows with AUC 0.9")
        .doesNotContain("recorded after the decision time", "is above the 0.050 limit");

    GatedRuns.Outcome honest = run(EmployerRateBacktest.class);
    assertThat(honest.failure()).isNull();
    assertThat(honest.findingKinds()).isEmpty();
  }
}
