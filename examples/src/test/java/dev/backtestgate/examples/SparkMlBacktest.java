package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * The honest twin of {@link SparkMlLeakyBacktest}'s first story: the same Spark ML pipeline (indexers, target
 * encoding, assembler, gradient-boosted trees), every stage fitted on the training rows alone. The gate's refits on
 * Spark give the recorded scores back: it passes.
 */
class SparkMlBacktest {
  @Test
  @LeakageGated
  void indexerAndEncoderFittedOnTheTrainingRows(Backtest backtest) {
    backtest.evidence(SparkMlCredit.fittedOnTheTrainingRows(backtest.gateId(), backtest.policy()));
  }
}
