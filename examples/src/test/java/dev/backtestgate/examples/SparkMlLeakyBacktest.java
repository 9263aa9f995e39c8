package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The model in Spark ML, leaky twice over ({@link SparkMlCredit}): a pipeline whose indexers and target encoding were
 * fitted on every review before the split, blocked by {@code fit-scope} from the gate's refits on Spark; and the
 * seed story's backfilled statement table, where the lift attribution computed on Spark names the carrier.
 *
 * <p>Tagged {@value LeakyBackfillBacktest#TAG} and excluded from the default run; {@link SparkMlGateTests} runs it
 * through the EngineTestKit and the demo shows the messages. The honest twin is {@link SparkMlBacktest}.
 */
@Tag(LeakyBackfillBacktest.TAG)
class SparkMlLeakyBacktest {
  @Test
  @LeakageGated
  void indexerAndEncoderFittedBeforeTheSplit(Backtest backtest) {
    backtest.evidence(SparkMlCredit.fittedBeforeTheSplit(backtest.gateId(), backtest.policy()));
  }

  @Test
  @LeakageGated
  void backfilledStatusOnSpark(Backtest backtest) {
    backtest.evidence(SparkMlCredit.backfilledStatus(backtest.gateId(), backtest.policy()));
  }
}
