package dev.backtestgate.examples;

import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineRows;

/**
 * A backtest that hands the gate its pipeline: the scored backtest, the pipeline that should have made the scores,
 * the rows it was trained on and, where entities are decided more than once, who and when each row is.
 *
 * @param scored the recorded backtest (its feature values are the pipeline's test rows)
 * @param pipeline the backtest's pipeline, every step fitted on the rows it is given
 * @param training the training rows, with labels
 * @param entities the entities and times of both sides, or {@code null} when the backtest records none
 */
record PipelineBacktest(ScoredBacktest scored, Pipeline pipeline, PipelineRows training, Entities entities) {
  /** A backtest that records no entities. */
  PipelineBacktest(ScoredBacktest scored, Pipeline pipeline, PipelineRows training) {
    this(scored, pipeline, training, null);
  }

  /**
   * Who and when each row is.
   *
   * @param trainingDecided the training rows' decision times, epoch ms, in the pipeline's row order
   * @param trainingLabelKnown when each training label became known
   * @param trainingEntities the training rows' entities
   * @param testEntities the test rows' entities
   */
  record Entities(long[] trainingDecided, long[] trainingLabelKnown, long[] trainingEntities, long[] testEntities) {}
}
