package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A feature function that reads the future: "worst status in the last 12 months" computed from the
 * append-only status log with a statement-date filter only, so it also reads the versions recorded after the
 * decision, among them the August 2025 corrections that resolved review codes to how the account ended. The
 * value is computed "at the decision", so its knowledge times look honest; the gate's future-read probe
 * computes it again on the log as it stood at each sampled decision, finds other values, and blocks the
 * backtest. No sign-off can pass it.
 *
 * <p>Tagged {@value LeakyBackfillBacktest#TAG} and excluded from the default test run like the other leaky
 * backtest; {@code LeakyFeatureFunctionGateTests} runs it through the EngineTestKit, the demo runs it to show
 * the message. Its honest control is {@link FeatureFunctionBacktest}.
 */
@Tag(LeakyBackfillBacktest.TAG)
class LeakyFeatureFunctionBacktest {

  @Test
  @LeakageGated
  void worstStatusReadsTheFuture(Backtest backtest) {
    ProbedBacktest probed = CreditBacktests.standard().featureFunction(WorstStatusFunction.READS_THE_FUTURE);
    Recorded.into(backtest, probed.scored());
    backtest.futureRead(probed.probe());
  }
}
