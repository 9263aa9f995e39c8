package dev.backtestgate.pipeline;

import dev.backtestgate.BacktestRun;
import java.util.Random;

/**
 * A small credit world for the pipeline checks: three features ("status" carries most of the signal, "balance" a
 * little, "noise" none), training and test rows, and a trainer (standardise, then weight each feature by its class
 * mean difference) that can be fitted honestly or with the test rows in its scaler.
 */
final class PipelineWorld {
  static final String[] FEATURES = {"status", "balance", "noise"};
  final double[][] train;
  final boolean[] trainLabels;
  final double[][] test;
  final boolean[] testLabels;

  PipelineWorld(long seed, int trainRows, int testRows) {
    Random random = new Random(seed);
    train = new double[FEATURES.length][trainRows];
    trainLabels = new boolean[trainRows];
    test = new double[FEATURES.length][testRows];
    testLabels = new boolean[testRows];
    fill(random, train, trainLabels);
    fill(random, test, testLabels);
  }

  private static void fill(Random random, double[][] columns, boolean[] labels) {
    for (int i = 0; i < labels.length; i++) {
      labels[i] = random.nextDouble() < 0.3;
      columns[0][i] = (labels[i] ? 1.6 : 0) + random.nextGaussian();          // status: strong
      columns[1][i] = 1000 + (labels[i] ? 60 : 0) + 200 * random.nextGaussian(); // balance: weak, other scale
      columns[2][i] = random.nextGaussian();                                   // noise
    }
  }

  PipelineRows training() {
    PipelineRows.Builder b = PipelineRows.builder();
    for (int f = 0; f < FEATURES.length; f++) {
      b.feature(FEATURES[f], train[f]);
    }
    return b.labels(trainLabels).build();
  }

  /** Standardise with the training rows' means and deviations, weight by the class mean difference. */
  static Pipeline honest() {
    return training -> fitted(training, null);
  }

  /** The same, but the scaler is fitted on the training and the test rows together: the classic leak. */
  Pipeline scalerOnAllRows() {
    return training -> fitted(training, this);
  }

  private static Pipeline.Scorer fitted(PipelineRows training, PipelineWorld leakFrom) {
    int width = training.width();
    double[] mean = new double[width];
    double[] sd = new double[width];
    double[] weight = new double[width];
    boolean[] labels = training.labels();
    for (int c = 0; c < width; c++) {
      double[] x = training.column(c);
      double[] all = x;
      if (leakFrom != null) {
        double[] t = leakFrom.test[indexOf(training.featureNames().get(c))];
        all = new double[x.length + t.length];
        System.arraycopy(x, 0, all, 0, x.length);
        System.arraycopy(t, 0, all, x.length, t.length);
      }
      double m = 0;
      for (double v : all) {
        m += v;
      }
      m /= all.length;
      double s = 0;
      for (double v : all) {
        s += (v - m) * (v - m);
      }
      mean[c] = m;
      sd[c] = Math.sqrt(s / all.length);
      double pos = 0;
      double neg = 0;
      int np = 0;
      for (int i = 0; i < x.length; i++) {
        double z = (x[i] - mean[c]) / sd[c];
        if (labels[i]) {
          pos += z;
          np++;
        } else {
          neg += z;
        }
      }
      weight[c] = pos / np - neg / (x.length - np);
    }
    return rows -> {
      double[] out = new double[rows.rows()];
      for (int c = 0; c < width; c++) {
        double[] x = rows.column(c);
        for (int i = 0; i < out.length; i++) {
          out[i] += weight[c] * (x[i] - mean[c]) / sd[c];
        }
      }
      return out;
    };
  }

  private static int indexOf(String feature) {
    for (int f = 0; f < FEATURES.length; f++) {
      if (FEATURES[f].equals(feature)) {
        return f;
      }
    }
    throw new IllegalArgumentException(feature);
  }

  /** One decision an hour from 2026-01-01, one per test row. */
  long[] decided() {
    long[] out = new long[testLabels.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = 1_767_225_600_000L + 3_600_000L * i;
    }
    return out;
  }

  /** The gated run: the test rows' features and labels, the candidate scores {@code pipeline} recorded. */
  BacktestRun.Builder run(String gateId, Pipeline recordedWith, Pipeline given) {
    PipelineRows training = training();
    PipelineRows.Builder testRows = PipelineRows.builder();
    for (int f = 0; f < FEATURES.length; f++) {
      testRows.feature(FEATURES[f], test[f]);
    }
    double[] candidate = recordedWith.fit(training).score(testRows.build());
    double[] baseline = new double[testLabels.length];
    for (int i = 0; i < baseline.length; i++) {
      baseline[i] = test[1][i];   // the production model: balance alone
    }
    BacktestRun.Builder b = BacktestRun.builder(gateId).labels(testLabels).candidate("linear", candidate)
        .baseline("balance-only", baseline).decisionTimes(decided());
    for (int f = 0; f < FEATURES.length; f++) {
      b.timelessFeature(FEATURES[f], "test world").featureValues(FEATURES[f], test[f]);
    }
    return b.input(PipelineInput.of(given, training));
  }
}
