package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.junit.LeakageGateFailure;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link SparkMlLeakyBacktest} (excluded from the default run by its tag) and its honest twin
 * {@link SparkMlBacktest} through the EngineTestKit, on {@code local[2]}: the pipeline fitted before the split is
 * blocked by {@code fit-scope}, its twin passes, and on the backfilled table the attribution names the carrier.
 */
class SparkMlGateTests {
  @Test
  void thePipelineFittedBeforeTheSplitIsBlockedTheTwinPassesAndTheCarrierIsNamed() {
    GatedRuns leaky = GatedRuns.of(SparkMlLeakyBacktest.class);
    GatedRuns.Outcome before = leaky.outcome("indexerAndEncoderFittedBeforeTheSplit");
    assertThat(before.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(before.findingKinds()).contains("fit-scope", "lift-attribution").doesNotContain("check-failed");
    assertThat(before.failure().getMessage())
        .contains("The candidate scores are not what the pipeline gives when fitted on the training rows alone")
        .contains("Fit every step of the pipeline on the training rows only");

    GatedRuns.Outcome honest = GatedRuns.of(SparkMlBacktest.class).outcome("indexerAndEncoderFittedOnTheTrainingRows");
    assertThat(honest.failure()).isNull();
    assertThat(honest.findingKinds()).contains("lift-attribution")
        .doesNotContain("fit-scope", "check-failed", "lift-carrier");

    GatedRuns.Outcome backfill = leaky.outcome("backfilledStatusOnSpark");
    assertThat(backfill.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(backfill.findingKinds()).contains("lift-attribution", "lift-carrier")
        .doesNotContain("fit-scope", "check-failed");
    // as in memory (LeakyBackfillGateTests): the worst of the last 12 rewritten codes carries the lift
    assertThat(backfill.subjects("lift-carrier")).containsExactly("worst_status_12m");
  }
}
