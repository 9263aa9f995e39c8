package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * The honest path: the same challenger on features joined as of each decision from the append-only logs.
 * The cleanup is there too, as corrections recorded in August 2025, so no 2024 decision sees it. The lift
 * over the production scorecard is small and real, and the gate passes without a review.
 */
class PointInTimeBacktest {

  @Test
  @LeakageGated
  void challenger(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().pointInTime());
  }
}
