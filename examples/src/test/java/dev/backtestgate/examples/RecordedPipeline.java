package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;

/**
 * Records a {@link PipelineBacktest}: the scored backtest, its pipeline and training rows, and the entities and times
 * of both sides when it has them.
 */
final class RecordedPipeline {
  private RecordedPipeline() {}

  static void into(Backtest backtest, PipelineBacktest pipeline) {
    Recorded.into(backtest, pipeline.scored());
    backtest.pipeline(pipeline.pipeline(), pipeline.training());
    PipelineBacktest.Entities e = pipeline.entities();
    if (e != null) {
      backtest.training(e.trainingDecided(), e.trainingLabelKnown(), e.trainingEntities()).entities(e.testEntities());
    }
  }
}
