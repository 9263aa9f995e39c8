package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;

/**
 * Records a {@link ScoredBacktest} into the {@link Backtest} recorder of a {@code @LeakageGated} test: the
 * only JUnit-specific step of a gated backtest.
 *
 * <pre>{@code
 * Recorded.into(backtest, CreditBacktests.standard().pointInTime());
 * }</pre>
 */
final class Recorded {
  private Recorded() {}

  /** Records rows, both models' scores, decision times, every source feature's timing and any feature values. */
  static void into(Backtest backtest, ScoredBacktest scored) {
    backtest.labels(scored.labels())
        .candidate(scored.candidate(), scored.candidateScores())
        .baseline(scored.baseline(), scored.baselineScores())
        .decisionTimes(scored.decisionTimes());
    scored.knownAt().forEach(backtest::feature);
    scored.timeless().forEach(backtest::timelessFeature);
    if (scored.history() != null) {
      backtest.history(scored.history());
    }
    scored.featureValues().forEach(backtest::featureValues);
    scored.featureCodes().forEach(backtest::featureCategories);
  }

  /** Records the backtest and its training rows: decision times, label times and accounts on both sides. */
  static void into(Backtest backtest, TrainingWindow window) {
    into(backtest, window.backtest());
    DecisionRows training = window.training();
    backtest.training(training.decisionAt(), training.labelKnownAt(), training.entities())
        .entities(window.test().entities());
  }
}
