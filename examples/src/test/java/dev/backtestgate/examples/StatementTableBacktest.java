package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * The honest control of {@link EarlyCleanupBacktest}: the same challenger, the same read of the statement table, but
 * the table as the source systems wrote it. The lift is small in every month and stable, and the gate passes.
 */
class StatementTableBacktest {

  @Test
  @LeakageGated
  void statusesAsWritten(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().untouchedTable());
  }
}
