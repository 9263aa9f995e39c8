package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The backtest's own pipeline, as the gate calls it: fit on the rows given, return what scores rows. The gate passes
 * plain columns ({@link PipelineRows}), never a model library's types, so any trainer fits behind a lambda. Fitting
 * must use only the rows given: that is what the gate checks.
 *
 * <pre>{@code
 * Pipeline pipeline = training -> {
 *   Booster booster = XGBoost.train(new DMatrix(training.rowMajor(), training.rows(), training.width(), NaN)
 *       .withLabels(training.labelsAsFloats()), params, 50, Map.of(), null, null);
 *   return rows -> booster.predict(new DMatrix(rows.rowMajor(), rows.rows(), rows.width(), NaN));
 * };
 * backtest.input(PipelineInput.of(pipeline, trainingRows));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.2")
@FunctionalInterface
public interface Pipeline {
  /**
   * Fits on {@code training} alone (features and labels) and returns the fitted scorer. Must not change the arrays
   * it is given.
   */
  Scorer fit(PipelineRows training);

  /** A fitted pipeline. */
  @API(status = EXPERIMENTAL, since = "0.2")
  @FunctionalInterface
  interface Scorer {
    /**
     * One finite score per row of {@code rows} (higher means more likely positive), in row order. The rows carry no
     * labels. Must not change the arrays it is given.
     */
    double[] score(PipelineRows rows);
  }
}
