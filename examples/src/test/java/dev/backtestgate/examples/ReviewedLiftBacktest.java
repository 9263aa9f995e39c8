package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Test;

/**
 * A big but real lift: the challenger plus the payments feed, joined as of each decision. The lift is
 * above the limit, so the gate asks for a person's review; it passes because the sign-off
 * {@code examples/leakage-reviews/dev.backtestgate.examples.ReviewedLiftBacktest#challengerWithPayments.json}
 * is committed with it, bound by its fingerprint to exactly this data and feature set.
 */
class ReviewedLiftBacktest {

  @Test
  @LeakageGated
  void challengerWithPayments(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().reviewedLift());
  }
}
