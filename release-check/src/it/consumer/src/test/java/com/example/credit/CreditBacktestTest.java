package com.example.credit;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** An honest credit backtest: the new model is a little better than production, every feature known in time. */
class CreditBacktestTest {
  private static final int ACCOUNTS = 2_000;
  private static final long DAY = 86_400_000L;
  private static final long START = 1_767_225_600_000L; // 2026-01-01T00:00:00Z

  @Test
  @LeakageGated
  void gradientBoosting(Backtest backtest) {
    Random random = new Random(7);
    boolean[] defaulted = new boolean[ACCOUNTS];
    double[] candidate = new double[ACCOUNTS];
    double[] production = new double[ACCOUNTS];
    long[] scoredAt = new long[ACCOUNTS];
    long[] balanceKnownAt = new long[ACCOUNTS];
    for (int i = 0; i < ACCOUNTS; i++) {
      defaulted[i] = random.nextDouble() < 0.2;
      double risk = (defaulted[i] ? 1.0 : 0) + random.nextGaussian();
      candidate[i] = risk + 0.45 * random.nextGaussian();
      production[i] = risk + 0.5 * random.nextGaussian();
      scoredAt[i] = START + (i % 90) * DAY;
      balanceKnownAt[i] = scoredAt[i] - DAY;
    }
    backtest.labels(defaulted)
        .candidate("gbm-v2", candidate)
        .baseline("scorecard-v1", production)
        .decisionTimes(scoredAt)
        .feature("balance", balanceKnownAt);
  }
}
