package com.acme;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/** A churn model that beats its baseline by far more than five AUC points: the gate asks for a review. */
class ChurnBacktest {
  @Test
  @LeakageGated
  void gbm(Backtest backtest) {
    Data.scored(backtest, 0.3);
  }
}
