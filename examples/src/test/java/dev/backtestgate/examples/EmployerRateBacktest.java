package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * The honest control of {@link TargetEncodedBacktest}: the same two models and the same feature, but the employer
 * default rate is encoded from training outcomes only (leave-one-out on the training rows). No test outcome is in
 * any value; every feature alone stays far below the 0.90 limit, and the gate passes.
 */
class EmployerRateBacktest {

  @Test
  @LeakageGated
  void employerRateFromTraining(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().employerRate(false));
  }
}
