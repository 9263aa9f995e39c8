package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A leak through a column that reads the next period: the collections model's 90-day payments column was joined one
 * statement late, so each value takes in the month after the review. Every timestamp is the review's, the pipeline is
 * fitted on the training rows alone and the lift stays below the limit; the gate refits the pipeline on each review's
 * next-review outcome, and it predicts those ({@code time-shifted-labels}).
 *
 * <p>Tagged {@value LeakyBackfillBacktest#TAG} and excluded from the default test run; {@code ShiftedPaymentsGateTests}
 * runs it through the EngineTestKit and asserts that the gate blocks it, and the demo ({@code -Pdemo}) shows the
 * message. The honest twin is {@link TrailingPaymentsBacktest}.
 */
@Tag(LeakyBackfillBacktest.TAG)
class ShiftedPaymentsBacktest {
  @Test
  @LeakageGated
  void paymentsReadOneStatementLate(Backtest backtest) {
    RecordedPipeline.into(backtest, CollectionsBacktests.payments(true));
  }
}
