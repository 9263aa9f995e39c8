package com.example.churn;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import java.util.Random;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** A churn backtest: the new model against the one in production. */
class ChurnBacktestTest {
  @Test
  @LeakageGated
  void gradientBoosting(Backtest backtest) {
    // -Dleak=true turns the candidate into a leaky one: it sees the label
    double signal = Boolean.getBoolean("leak") ? 2.0 : 0.85;
    Random random = new Random(42);
    int n = 2_000;
    boolean[] churned = new boolean[n];
    double[] gbm = new double[n];
    double[] logreg = new double[n];
    long[] scoredAt = new long[n];
    long[] tenureKnownAt = new long[n];
    for (int i = 0; i < n; i++) {
      churned[i] = random.nextDouble() < 0.2;
      double usage = random.nextGaussian();
      gbm[i] = (churned[i] ? signal : 0) + usage + 0.5 * random.nextGaussian();
      logreg[i] = (churned[i] ? 0.8 : 0) + usage + 0.5 * random.nextGaussian();
      scoredAt[i] = 1_767_225_600_000L + (i % 90) * 86_400_000L;
      tenureKnownAt[i] = scoredAt[i] - 86_400_000L;
    }
    backtest.labels(churned)
        .candidate("gbm-v7", gbm)
        .baseline("logreg-v3", logreg)
        .decisionTimes(scoredAt)
        .feature("tenure_months", tenureKnownAt)
        .timelessFeature("region", "set once at account opening");
  }

  @Test
  @Disabled("waits for the Q3 data")
  @LeakageGated
  void nextQuarter(Backtest backtest) {}
}
