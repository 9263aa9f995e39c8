package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The training window that runs into the test period. The outcome is "90+ days past due within 90 days of the
 * review", so a review's label is known only 90 days after it. Extending the challenger's training window to the
 * first test review (October 2024) puts three months of reviews into training whose outcomes resolved during the
 * test period: every feature is point-in-time correct and the lift stays modest, but the model learned from the
 * months it is tested on. The label-horizon check blocks it. The honest control ends the window 90 days before
 * the first test review (plus {@code backtestgate.embargo}, zero here), and passes.
 *
 * <p>The leaky variant is tagged {@value LeakyBackfillBacktest#TAG} and excluded from the default test run, so the
 * project's own build stays green; {@code TrainingWindowGateTests} runs both through the EngineTestKit and the
 * demo ({@code -Pdemo}) shows the message. The control runs in the default build.
 *
 * <pre>{@code
 * mvn -B -ntp -Pdemo -DskipTests -pl examples -am verify
 * }</pre>
 */
class TrainingWindowBacktest {

  @Test
  @Tag(LeakyBackfillBacktest.TAG)
  @LeakageGated
  void trainedUpToTheTestPeriod(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().trainingWindow(Timeline.TEST_FROM));
  }

  @Test
  @LeakageGated
  void trainedUntilAnOutcomeWindowBeforeIt(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().trainingWindow(Timeline.TEST_FROM - Timeline.OUTCOME_WINDOW));
  }
}
