package com.example.churn;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A churn backtest whose candidate is far better than the baseline: the gate needs a leakage review. */
class ChurnBacktestTest {
  @Test
  @LeakageGated
  void randomForest(Backtest backtest) {
    // -Dshift=true scores a day later: other data, so another fingerprint
    long shift = Boolean.getBoolean("shift") ? 86_400_000L : 0;
    Random random = new Random(42);
    int n = 2_000;
    boolean[] churned = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] scoredAt = new long[n];
    long[] tenureKnownAt = new long[n];
    for (int i = 0; i < n; i++) {
      churned[i] = random.nextDouble() < 0.2;
      double usage = random.nextGaussian();
      candidate[i] = (churned[i] ? 2.0 : 0) + usage + 0.5 * random.nextGaussian();
      baseline[i] = (churned[i] ? 0.8 : 0) + usage + 0.5 * random.nextGaussian();
      scoredAt[i] = 1_767_225_600_000L + (i % 90) * 86_400_000L + shift;
      tenureKnownAt[i] = scoredAt[i] - 86_400_000L;
    }
    backtest.labels(churned)
        .candidate("gbm-v7", candidate)
        .baseline("logreg-v3", baseline)
        .decisionTimes(scoredAt)
        .feature("tenure_months", tenureKnownAt)
        .timelessFeature("region", "set once at account opening");
  }
}
