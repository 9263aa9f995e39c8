package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.junit.LeakageGateFailure;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link ShiftedPaymentsBacktest} (excluded from the default run by its tag) and its honest twin {@link
 * TrailingPaymentsBacktest} through the EngineTestKit, as Surefire would: the payments column that reads the month
 * after the review is blocked by the time-shift test alone (its lift is below the limit); read from the months
 * before, it passes.
 */
class ShiftedPaymentsGateTests {
  @Test
  void aColumnThatReadsTheNextMonthIsBlockedAndItsHonestTwinPasses() {
    GatedRuns.Outcome leaky = GatedRuns.of(ShiftedPaymentsBacktest.class).outcome("paymentsReadOneStatementLate");
    GatedRuns.Outcome honest = GatedRuns.of(TrailingPaymentsBacktest.class).outcome("paymentsReadBeforeTheReview");

    assertThat(leaky.failure()).isInstanceOf(LeakageGateFailure.class);
    assertThat(leaky.findingKinds()).contains("time-shifted-labels", "lift-attribution")
        .doesNotContain("lift", "check-failed", "point-in-time", "fit-scope", "time-shift-unchecked");
    assertThat(leaky.failure().getMessage()).contains("The pipeline predicts the next decision's labels");
    assertThat(honest.failure()).isNull();
    assertThat(honest.findingKinds()).contains("lift-attribution")
        .doesNotContain("time-shifted-labels", "time-shift-unchecked", "fit-scope", "check-failed");
  }
}
