package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Leaks that live in fitting: the challenger is an XGBoost pipeline whose target encoder, or whose feature selection,
 * was fitted on the training and the test rows together. Every timestamp is honest and the lift stays modest; the
 * gate refits the pipeline the backtest hands it on the training rows alone, and the recorded scores are not what it
 * gives ({@code fit-scope}).
 *
 * <p>Tagged {@value LeakyBackfillBacktest#TAG} and excluded from the default test run; {@code FittedOnAllRowsGateTests}
 * runs it through the EngineTestKit and asserts that the gate blocks it, and the demo ({@code -Pdemo}) shows the
 * message. The honest twins are {@link FittedOnTrainingRowsBacktest}.
 */
@Tag(LeakyBackfillBacktest.TAG)
class FittedOnAllRowsBacktest {
  @Test
  @LeakageGated
  void employerEncodedOnAllRows(Backtest backtest) {
    RecordedPipeline.into(backtest, CreditBacktests.standard().pipeline(false, true));
  }

  @Test
  @LeakageGated
  void columnsSelectedOnAllRows(Backtest backtest) {
    RecordedPipeline.into(backtest, CreditBacktests.standard().pipeline(true, true));
  }
}
