package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;

/** Records a {@link PipelineBacktest}: the scored backtest, then its pipeline and training rows. */
final class RecordedPipeline {
  private RecordedPipeline() {}

  static void into(Backtest backtest, PipelineBacktest pipeline) {
    Recorded.into(backtest, pipeline.scored());
    backtest.pipeline(pipeline.pipeline(), pipeline.training());
  }
}
