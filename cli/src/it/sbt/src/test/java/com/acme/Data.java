package com.acme;

import dev.backtestgate.junit.Backtest;

/** Scores of 400 decisions, one a day: the candidate's lead over the baseline grows with {@code edge}. */
final class Data {
  private Data() {}

  static void scored(Backtest backtest, double edge) {
    int n = 400;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] decided = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i % 4 == 0;
      double noise = (i * 37 % 101) / 101.0;
      baseline[i] = noise + (labels[i] ? 0.3 : 0.0);
      candidate[i] = noise + (labels[i] ? 0.3 + edge : 0.0);
      decided[i] = 1_704_067_200_000L + i * 86_400_000L; // from 2024-01-01, one a day
    }
    backtest.labels(labels).candidate("model", candidate).baseline("previous", baseline).decisionTimes(decided)
        .timelessFeature("region", "fixed at sign-up");
  }
}
