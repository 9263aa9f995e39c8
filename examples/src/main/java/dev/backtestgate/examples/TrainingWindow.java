package dev.backtestgate.examples;

/**
 * A backtest together with the rows its candidate was trained on: what the label-horizon and train/test-overlap
 * checks need. Each training label is known at the end of its 90-day outcome window; the entity of every row,
 * training or test, is its account.
 *
 * <pre>{@code
 * TrainingWindow leaky = CreditBacktests.standard().trainingWindow(Timeline.TEST_FROM);
 * long[] resolved = leaky.training().labelKnownAt();
 * }</pre>
 *
 * @param backtest the scored test rows
 * @param training the training rows
 * @param test the test rows (the same rows as {@code backtest}'s, with their accounts)
 */
record TrainingWindow(ScoredBacktest backtest, DecisionRows training, DecisionRows test) {}
