package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The leak that timestamps cannot show: {@code employer_default_rate}, a target encoding re-run over every
 * review's outcome (the test period's included) that kept its honest-looking as-of date, 2024-09-30. Both the
 * refit scorecard and the challenger use it, so the lift stays below 0.05 and every knowledge time passes; the
 * feature–label screen blocks it, because the rate alone nearly predicts the label.
 *
 * <p>Tagged {@value LeakyBackfillBacktest#TAG} and excluded from the default test run; {@code
 * TargetEncodedGateTests} runs it through the EngineTestKit and asserts that the gate blocks it, and the demo
 * ({@code -Pdemo}) shows the message. The honest control is {@link EmployerRateBacktest}.
 */
@Tag(LeakyBackfillBacktest.TAG)
class TargetEncodedBacktest {

  @Test
  @LeakageGated
  void employerRateOverAllOutcomes(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().employerRate(true));
  }
}
