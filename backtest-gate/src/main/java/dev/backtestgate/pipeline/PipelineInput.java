package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckInput;
import dev.backtestgate.internal.Wording;
import org.apiguardian.api.API;

/**
 * A backtest's pipeline and the rows it was trained on, recorded for the pipeline checks
 * ({@code BacktestRun.Builder.input(...)}, or {@code backtest.pipeline(...)} in JUnit). The test rows are the run's
 * own: its feature values ({@code featureValues}, {@code featureCategories} as codes), its labels and its candidate
 * scores. One pipeline per run.
 *
 * <pre>{@code
 * BacktestRun run = BacktestRun.builder("churn-gbm") ...
 *     .featureValues("balance", testBalance).featureValues("status", testStatus)
 *     .input(PipelineInput.of(pipeline, PipelineRows.builder()
 *         .feature("balance", trainBalance).feature("status", trainStatus).labels(trainLabels).build()))
 *     .build();
 * }</pre>
 *
 * @param pipeline the pipeline
 * @param training the training rows, with labels
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record PipelineInput(Pipeline pipeline, PipelineRows training) implements CheckInput {
  /**
   * Checks.
   *
   * @throws IllegalArgumentException when either is missing, or the training rows have no labels, fewer than 2 rows
   *     or one class only
   */
  public PipelineInput {
    if (pipeline == null) {
      throw new IllegalArgumentException("the pipeline is null: give the function that fits on training rows");
    }
    if (training == null) {
      throw new IllegalArgumentException("the pipeline's training rows are null");
    }
    if (!training.hasLabels()) {
      throw new IllegalArgumentException("the pipeline's training rows have no labels: build them with "
          + "PipelineRows.builder()...labels(trainingLabels)");
    }
    int positives = 0;
    for (boolean label : training.labels()) {
      positives += label ? 1 : 0;
    }
    if (training.rows() < 2 || positives == 0 || positives == training.rows()) {
      throw new IllegalArgumentException("the pipeline's training rows have " + Wording.count(training.rows())
          + " row(s), "
          + positives + " positive: a pipeline cannot be fitted on one class; record the rows it was trained on");
    }
  }

  /** The input. */
  public static PipelineInput of(Pipeline pipeline, PipelineRows training) {
    return new PipelineInput(pipeline, training);
  }

  @Override
  public String conflictWith(CheckInput recorded) {
    return recorded instanceof PipelineInput
        ? "a run has one pipeline: record the one that made the candidate scores" : null;
  }

  /**
   * The training rows (feature columns and labels) the pipeline is refitted on: the sign-off a {@code lift-carrier} or
   * {@code time-shifted-labels} finding needs is void when they change. Not the pipeline: it is code, and a retrained
   * model on the same data keeps its sign-off.
   */
  @Override
  public java.util.List<?> fingerprinted() {
    return java.util.List.of(training);
  }
}
