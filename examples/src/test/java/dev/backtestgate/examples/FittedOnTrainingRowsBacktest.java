package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * The honest twins of {@link FittedOnAllRowsBacktest}: the same XGBoost pipelines, the encoder and the selection
 * fitted on the training rows alone. The refit reproduces the recorded scores, and the gate passes with the lift
 * attributed to the features.
 */
class FittedOnTrainingRowsBacktest {
  @Test
  @LeakageGated
  void employerEncodedOnTrainingRows(Backtest backtest) {
    RecordedPipeline.into(backtest, CreditBacktests.standard().pipeline(false, false));
  }

  @Test
  @LeakageGated
  void columnsSelectedOnTrainingRows(Backtest backtest) {
    RecordedPipeline.into(backtest, CreditBacktests.standard().pipeline(true, false));
  }
}
