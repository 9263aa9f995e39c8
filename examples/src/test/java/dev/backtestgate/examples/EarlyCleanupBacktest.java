package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A leak the average lift hides: the challenger tested on the statement table after a silent cleanup that ran on
 * 2025-01-15, inside the test period, and closed the review codes whose outcome it could see. The reviews decided
 * more than 90 days before it (October 2024) read their own outcome, a few later ones read part of it, those from
 * January on read nothing they could not know. Averaged over the six
 * test months the lift stays under the 0.05 limit, every knowledge time is honest and no manifest of the table
 * exists: only the lift per month, high before and flat after, shows it, and the {@code lift-trend} check blocks it.
 * The honest control is {@link StatementTableBacktest}.
 *
 * <p>Tagged {@value LeakyBackfillBacktest#TAG} and excluded from the default test run; {@code EarlyCleanupGateTests}
 * runs it through the EngineTestKit, and the demo ({@code -Pdemo}) shows the message.
 */
@Tag(LeakyBackfillBacktest.TAG)
class EarlyCleanupBacktest {

  @Test
  @LeakageGated
  void statusesRewrittenInJanuary(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().earlyCleanup());
  }
}
