package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * {@link PointInTimeBacktest} with its training and test sets built on Spark and its gate evidence (comparison,
 * point-in-time results, fingerprint) computed there too: the test records the evidence instead of the rows, and
 * the same annotation judges it under the same rules, sign-offs and reports. It passes, as its in-memory twin does;
 * {@link SparkPointInTimeTests} shows that both decide alike, the leaky backfill included.
 */
class SparkPointInTimeBacktest {

  @Test
  @LeakageGated
  void challenger(Backtest backtest) {
    backtest.evidence(SparkCredit.evidence(backtest.gateId(), backtest.policy(),
        SparkCredit.backtests().pointInTime()));
  }
}
