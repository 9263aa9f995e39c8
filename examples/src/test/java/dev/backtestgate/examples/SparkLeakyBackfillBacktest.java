package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link LeakyBackfillBacktest}'s stamped variant judged on evidence computed by Spark. Tagged
 * {@value LeakyBackfillBacktest#TAG} and excluded from the default run; {@link SparkPointInTimeTests} runs it through
 * the EngineTestKit and checks that it fails with the same findings as its in-memory twin.
 */
@Tag(LeakyBackfillBacktest.TAG)
class SparkLeakyBackfillBacktest {

  @Test
  @LeakageGated
  void rewrittenTableWithUpdatedAt(Backtest backtest) {
    backtest.evidence(SparkCredit.evidence(backtest.gateId(), backtest.policy(),
        CreditBacktests.standard().leakyBackfill(StatementTable.Stamping.STAMP_UPDATED_AT)));
  }
}
