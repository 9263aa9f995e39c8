package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * The honest control of {@link LeakyFeatureFunctionBacktest}: the same feature function, reading the status
 * log as it stood at each decision ({@code history.asOf(t)}). The future-read probe gets the values the
 * backtest used on every sampled row, and the gate passes.
 */
class FeatureFunctionBacktest {

  @Test
  @LeakageGated
  void worstStatusAsOfEachDecision(Backtest backtest) {
    ProbedBacktest probed = CreditBacktests.standard().featureFunction(WorstStatusFunction.AS_OF_DECISION);
    Recorded.into(backtest, probed.scored());
    backtest.futureRead(probed.probe());
  }
}
