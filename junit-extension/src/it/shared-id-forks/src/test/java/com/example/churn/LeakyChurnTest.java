package com.example.churn;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A churn backtest under the shared id churn-gbm: the new gradient-boosting model, whose lift needs a review. */
class LeakyChurnTest {
  private static final int CUSTOMERS = 2_000;
  private static final long DAY = 86_400_000L;
  private static final long START = 1_767_225_600_000L; // 2026-01-01T00:00:00Z

  @Test
  @LeakageGated(id = "churn-gbm")
  void gradientBoosting(Backtest backtest) {
    Random random = new Random(42);
    boolean[] churned = new boolean[CUSTOMERS];
    double[] candidate = new double[CUSTOMERS];
    double[] logreg = new double[CUSTOMERS];
    long[] scoredAt = new long[CUSTOMERS];
    for (int i = 0; i < CUSTOMERS; i++) {
      churned[i] = random.nextDouble() < 0.2;
      double usage = random.nextGaussian();
      candidate[i] = (churned[i] ? 2.0 : 0) + usage + 0.5 * random.nextGaussian();
      logreg[i] = (churned[i] ? 0.8 : 0) + usage + 0.5 * random.nextGaussian();
      scoredAt[i] = START + (i % 90) * DAY;
    }

    backtest.labels(churned)
        .candidate("gbm-v7", candidate)
        .baseline("logreg-v3", logreg)
        .decisionTimes(scoredAt)
        .timelessFeature("region", "set once at account opening");
  }
}
