package dev.backtestgate.examples;

import smile.classification.LogisticRegression;

/**
 * The production baseline: a logistic regression (Smile) on a few standardized columns, the kind of
 * scorecard that has been approved and running for years. Standardization is fitted on the training rows
 * only.
 *
 * <pre>{@code
 * Model prod = Scorecard.fit("prod-scorecard-v3", train, trainRows.defaulted());
 * }</pre>
 */
final class Scorecard implements Model {
  private final String name;
  private final ModelInputs trainedOn;
  private final double[] mean;
  private final double[] scale;
  private final LogisticRegression regression;

  private Scorecard(String name, ModelInputs trainedOn, double[] mean, double[] scale, LogisticRegression lr) {
    this.name = name;
    this.trainedOn = trainedOn;
    this.mean = mean;
    this.scale = scale;
    this.regression = lr;
  }

  /** Fits the scorecard on {@code train} (small ridge penalty, so constant columns stay harmless). */
  static Scorecard fit(String name, ModelInputs train, boolean[] defaulted) {
    int p = train.names().size();
    double[] mean = new double[p];
    double[] scale = new double[p];
    for (double[] row : train.matrix()) {
      for (int c = 0; c < p; c++) {
        mean[c] += row[c];
      }
    }
    for (int c = 0; c < p; c++) {
      mean[c] /= train.rows();
    }
    for (double[] row : train.matrix()) {
      for (int c = 0; c < p; c++) {
        scale[c] += (row[c] - mean[c]) * (row[c] - mean[c]);
      }
    }
    for (int c = 0; c < p; c++) {
      double sd = Math.sqrt(scale[c] / train.rows());
      scale[c] = sd > 0 ? sd : 1;
    }
    Scorecard unfitted = new Scorecard(name, train, mean, scale, null);
    LogisticRegression lr = LogisticRegression.fit(unfitted.standardized(train), Model.zeroOne(defaulted),
        0.01, 1e-6, 500);
    return new Scorecard(name, train, mean, scale, lr);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public double[] score(ModelInputs inputs) {
    Model.requireColumns(name, trainedOn, inputs);
    double[][] x = standardized(inputs);
    double[] scores = new double[x.length];
    double[] posterior = new double[2];
    for (int i = 0; i < x.length; i++) {
      regression.predict(x[i], posterior);
      scores[i] = posterior[1];
    }
    return scores;
  }

  private double[][] standardized(ModelInputs inputs) {
    double[][] x = new double[inputs.rows()][];
    for (int i = 0; i < x.length; i++) {
      double[] row = inputs.matrix()[i];
      double[] z = new double[row.length];
      for (int c = 0; c < row.length; c++) {
        z[c] = (row[c] - mean[c]) / scale[c];
      }
      x[i] = z;
    }
    return x;
  }
}
