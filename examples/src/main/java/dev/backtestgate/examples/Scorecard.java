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
final class Scorecard extends Model {
  private final Standardization standardization;
  private final LogisticRegression regression;

  private Scorecard(String name, ModelInputs trainedOn, Standardization standardization, LogisticRegression lr) {
    super(name, trainedOn);
    this.standardization = standardization;
    this.regression = lr;
  }

  /** Fits the scorecard on {@code train} (small ridge penalty, so constant columns stay harmless). */
  static Scorecard fit(String name, ModelInputs train, boolean[] defaulted) {
    Standardization standardization = Standardization.fit(train.matrix());
    LogisticRegression lr = LogisticRegression.fit(standardization.apply(train.matrix()), zeroOne(defaulted),
        0.01, 1e-6, 500);
    return new Scorecard(name, train, standardization, lr);
  }

  @Override
  double[] scoreRows(ModelInputs inputs) {
    double[][] x = standardization.apply(inputs.matrix());
    double[] scores = new double[x.length];
    double[] posterior = new double[2];
    for (int i = 0; i < x.length; i++) {
      regression.predict(x[i], posterior);
      scores[i] = posterior[1];
    }
    return scores;
  }

  /** Per column mean and standard deviation (1 for a constant column), fitted on training rows. */
  private record Standardization(double[] mean, double[] scale) {
    static Standardization fit(double[][] rows) {
      int p = rows[0].length;
      double[] mean = new double[p];
      double[] scale = new double[p];
      for (double[] row : rows) {
        for (int c = 0; c < p; c++) {
          mean[c] += row[c] / rows.length;
        }
      }
      for (double[] row : rows) {
        for (int c = 0; c < p; c++) {
          scale[c] += (row[c] - mean[c]) * (row[c] - mean[c]) / rows.length;
        }
      }
      for (int c = 0; c < p; c++) {
        scale[c] = scale[c] > 0 ? Math.sqrt(scale[c]) : 1;
      }
      return new Standardization(mean, scale);
    }

    double[][] apply(double[][] rows) {
      double[][] z = new double[rows.length][mean.length];
      for (int i = 0; i < rows.length; i++) {
        for (int c = 0; c < mean.length; c++) {
          z[i][c] = (rows[i][c] - mean[c]) / scale[c];
        }
      }
      return z;
    }
  }
}
