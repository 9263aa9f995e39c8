package com.example.churn;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Two backtests that declare the statements table: churn decides in January to March 2026 and needs a leakage
 * review (large lift); early decided in 2025, before the table's first partition, and passes on its own.
 */
class ChurnBacktestTest {
  @Test
  @LeakageGated
  void churn(Backtest backtest) {
    record(backtest, 1_767_225_600_000L, 2.0);
  }

  @Test
  @LeakageGated
  void early(Backtest backtest) {
    record(backtest, 1_748_736_000_000L, 0.8);
  }

  private static void record(Backtest backtest, long firstDecision, double candidateSignal) {
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
      candidate[i] = (churned[i] ? candidateSignal : 0) + usage + 0.5 * random.nextGaussian();
      baseline[i] = (churned[i] ? 0.8 : 0) + usage + 0.5 * random.nextGaussian();
      scoredAt[i] = firstDecision + (i % 90) * 86_400_000L;
      tenureKnownAt[i] = scoredAt[i] - 86_400_000L;
    }
    backtest.labels(churned)
        .candidate("gbm-v7", candidate)
        .baseline("logreg-v3", baseline)
        .decisionTimes(scoredAt)
        .feature("tenure_months", tenureKnownAt)
        .timelessFeature("region", "set once at account opening")
        .history(Statements.check());
  }
}
