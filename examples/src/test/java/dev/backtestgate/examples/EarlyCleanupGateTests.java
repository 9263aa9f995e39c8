package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.junit.LeakageGateFailure;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link EarlyCleanupBacktest} (excluded from the default run by its tag) and its honest control {@link
 * StatementTableBacktest} through the EngineTestKit, as Surefire would: the cleanup inside the test period leaves an
 * average lift under the limit and honest timestamps, and only the lift per month blocks it; the control passes.
 */
class EarlyCleanupGateTests {
  private static GatedRuns.Outcome run(Class<?> backtest) {
    GatedRuns runs = GatedRuns.of(backtest);
    runs.tests().assertStatistics(stats -> stats.started(1));
    return runs.only();
  }

  @Test
  void theCleanupInsideTheTestPeriodIsBlockedByTheLiftTrendAloneAndItsHonestControlPasses() {
    GatedRuns.Outcome leaky = run(EarlyCleanupBacktest.class);

    assertThat(leaky.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(leaky.findingKinds()).containsExactly("lift-trend");
    double lift = leaky.report().get("comparison").get("lift").asDouble();
    assertThat(lift).isBetween(0.02, 0.05);
    JsonNode evidence = leaky.finding("lift-trend").get("evidence");
    List<Double> lifts = lifts(evidence);
    assertThat(lifts).hasSize(6);
    assertThat(lifts.get(0)).isGreaterThan(0.10);          // October 2024 reads its outcome
    assertThat(lifts.subList(3, 6)).allSatisfy(l -> assertThat(l).isLessThan(0.03)); // after the cleanup: nothing
    assertThat(leaky.failure().getMessage())
        .contains("The lift falls at 2024-11: +0.135 before")
        .doesNotContain("recorded after the decision time", "is above the 0.050 limit");

    GatedRuns.Outcome honest = run(StatementTableBacktest.class);
    assertThat(honest.failure()).isNull();
    assertThat(honest.findingKinds()).isEmpty();
    assertThat(honest.report().get("comparison").get("lift").asDouble()).isLessThan(0.02);
  }

  private static List<Double> lifts(JsonNode evidence) {
    List<Double> lifts = new ArrayList<>();
    evidence.get("periods").forEach(p -> lifts.add(p.get("lift").asDouble()));
    return lifts;
  }
}
