package dev.backtestgate.examples;

import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineRows;

/**
 * A backtest that hands the gate its pipeline: the scored backtest, the pipeline that should have made the scores,
 * and the rows it was trained on.
 *
 * @param scored the recorded backtest (its feature values are the pipeline's test rows)
 * @param pipeline the backtest's pipeline, every step fitted on the rows it is given
 * @param training the training rows, with labels
 */
record PipelineBacktest(ScoredBacktest scored, Pipeline pipeline, PipelineRows training) {}
