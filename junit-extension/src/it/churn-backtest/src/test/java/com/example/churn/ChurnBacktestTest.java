package com.example.churn;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A churn backtest: the new gradient-boosting model against the logistic regression in production. */
class ChurnBacktestTest {
  private static final int CUSTOMERS = 2_000;
  private static final long DAY = 86_400_000L;
  private static final long START = 1_767_225_600_000L; // 2026-01-01T00:00:00Z

  @Test
  @LeakageGated
  void gradientBoosting(Backtest backtest) {
    Random random = new Random(42);
    boolean[] churned = new boolean[CUSTOMERS];
    double[] gbm = new double[CUSTOMERS];
    double[] logreg = new double[CUSTOMERS];
    long[] scoredAt = new long[CUSTOMERS];
    long[] tenureKnownAt = new long[CUSTOMERS];
    for (int i = 0; i < CUSTOMERS; i++) {
      churned[i] = random.nextDouble() < 0.2;
      double usage = random.nextGaussian();
      gbm[i] = (churned[i] ? 2.0 : 0) + usage + 0.5 * random.nextGaussian();
      logreg[i] = (churned[i] ? 0.8 : 0) + usage + 0.5 * random.nextGaussian();
      scoredAt[i] = START + (i % 90) * DAY;
      tenureKnownAt[i] = scoredAt[i] - DAY;
    }

    backtest.labels(churned)
        .candidate("gbm-v7", gbm)
        .baseline("logreg-v3", logreg)
        .decisionTimes(scoredAt)
        .feature("tenure_months", tenureKnownAt)
        .timelessFeature("region", "set once at account opening");
  }
}
