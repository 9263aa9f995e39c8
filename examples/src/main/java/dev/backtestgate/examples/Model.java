package dev.backtestgate.examples;

import java.util.List;

/**
 * A fitted model: scores decision rows, higher meaning more likely to default. It remembers the columns
 * it was trained on and refuses rows with others.
 *
 * <pre>{@code
 * Model scorecard = Scorecard.fit("prod-scorecard-v3", trainInputs, trainRows.defaulted());
 * double[] scores = scorecard.score(testInputs);
 * }</pre>
 */
abstract sealed class Model permits Scorecard, BoostedTrees {
  private final String name;
  private final List<String> columns;

  Model(String name, ModelInputs trainedOn) {
    this.name = name;
    this.columns = trainedOn.names();
  }

  /** The model's name, as reports and sign-offs show it. */
  final String name() {
    return name;
  }

  /**
   * One score per row of {@code inputs}.
   *
   * @throws IllegalArgumentException when {@code inputs} has other columns than the model was trained on
   */
  final double[] score(ModelInputs inputs) {
    if (!columns.equals(inputs.names())) {
      throw new IllegalArgumentException("model " + name + " was trained on columns " + columns
          + " but is asked to score " + inputs.names() + ": build both with the same ModelInputs.Columns.");
    }
    return scoreRows(inputs);
  }

  /** Scores rows whose columns were checked. */
  abstract double[] scoreRows(ModelInputs inputs);

  /** 0/1 labels for Smile. */
  static int[] zeroOne(boolean[] labels) {
    int[] y = new int[labels.length];
    for (int i = 0; i < y.length; i++) {
      y[i] = labels[i] ? 1 : 0;
    }
    return y;
  }
}
