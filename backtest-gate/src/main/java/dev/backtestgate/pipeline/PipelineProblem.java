package dev.backtestgate.pipeline;

/** A pipeline check could not run: the pipeline threw, returned unusable scores, changed its input or ran out of time. */
final class PipelineProblem extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  PipelineProblem(String message) {
    super(message);
  }

  PipelineProblem(String message, Throwable cause) {
    super(message, cause);
  }
}
