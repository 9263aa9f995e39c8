package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * The honest twin of {@link ShiftedPaymentsBacktest}: the 90-day payments column read from the three months before
 * each review. The gate refits the pipeline on the next-review outcomes too, and it follows the reviews' own.
 */
class TrailingPaymentsBacktest {
  @Test
  @LeakageGated
  void paymentsReadBeforeTheReview(Backtest backtest) {
    RecordedPipeline.into(backtest, CollectionsBacktests.payments(false));
  }
}
