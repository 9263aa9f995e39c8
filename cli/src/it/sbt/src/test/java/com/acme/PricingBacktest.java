package com.acme;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/** A pricing model about as good as its baseline: the gate passes. */
class PricingBacktest {
  @Test
  @LeakageGated
  void glm(Backtest backtest) {
    Data.scored(backtest, 0.02);
  }
}
