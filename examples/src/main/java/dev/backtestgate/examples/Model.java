package dev.backtestgate.examples;

/**
 * A fitted model: scores decision rows, higher meaning more likely to default.
 *
 * <pre>{@code
 * Model scorecard = Scorecard.fit("prod-scorecard-v3", trainInputs, trainRows.defaulted());
 * double[] scores = scorecard.score(testInputs);
 * }</pre>
 */
sealed interface Model permits Scorecard, BoostedTrees {

  /** The model's name, as reports and sign-offs show it. */
  String name();

  /** One score per row of {@code inputs}, which must have the columns the model was trained on. */
  double[] score(ModelInputs inputs);

  /** Fails when {@code inputs} has other columns than the model was trained on. */
  static void requireColumns(String model, ModelInputs trained, ModelInputs inputs) {
    if (!trained.names().equals(inputs.names())) {
      throw new IllegalArgumentException("model " + model + " was trained on columns " + trained.names()
          + " but is asked to score " + inputs.names() + ": build both with the same ModelInputs.Columns.");
    }
  }

  /** 0/1 labels for Smile. */
  static int[] zeroOne(boolean[] labels) {
    int[] y = new int[labels.length];
    for (int i = 0; i < y.length; i++) {
      y[i] = labels[i] ? 1 : 0;
    }
    return y;
  }
}
