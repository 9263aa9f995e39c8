package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * {@link PointInTimeBacktest} with the training and test sets built on Spark: the same challenger, the same
 * gate, the same verdict (it passes). {@link SparkPointInTimeTests} shows that every input the gate reads
 * is identical to the in-memory run's.
 */
class SparkPointInTimeBacktest {

  @Test
  @LeakageGated
  void challenger(Backtest backtest) {
    Recorded.into(backtest, SparkCredit.backtests().pointInTime());
  }
}
