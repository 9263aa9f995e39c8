package dev.backtestgate.junit;

import dev.backtestgate.BacktestRun;
import java.time.Instant;
import java.util.Random;

/**
 * Deterministic backtests for the fixtures: ~30% positives, a candidate and a baseline sharing most of
 * their noise, decisions an hour apart, and a {@code balance} feature known a day before each decision.
 */
enum Samples {
  /** Candidate and baseline about equally good: lift well under 0.05. */
  HONEST(11, 1.0, 1.0, 0),
  /** Candidate far better than the baseline: lift about 0.2. */
  LEAKY(12, 2.5, 0.8, 0),
  /** Like {@link #LEAKY} but other rows: the same gate gets another fingerprint. */
  LEAKY_OTHER_DATA(13, 2.5, 0.8, 0),
  /** Like {@link #HONEST}, but {@code balance} is recorded two hours after the decision in 40 rows. */
  LATE_BALANCE(14, 1.0, 1.0, 40);

  static final int ROWS = 1_000;
  static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  static final long HOUR = 3_600_000L;

  private final long seed;
  private final double candidateSignal;
  private final double baselineSignal;
  private final int lateRows;

  Samples(long seed, double candidateSignal, double baselineSignal, int lateRows) {
    this.seed = seed;
    this.candidateSignal = candidateSignal;
    this.baselineSignal = baselineSignal;
    this.lateRows = lateRows;
  }

  /** Records this sample into {@code backtest}. */
  void recordInto(Backtest backtest) {
    Columns c = columns();
    backtest.labels(c.labels())
        .candidate("gbm-v7", c.candidate())
        .baseline("prod-v3", c.baseline())
        .decisionTimes(c.decided())
        .feature("balance", c.known())
        .timelessFeature("region", REGION_REASON);
  }

  /** The labels {@link #recordInto} records, one per row. */
  boolean[] labels() {
    return columns().labels();
  }

  /** This sample as a run of {@code gateId}: what {@link #recordInto} records. */
  BacktestRun run(String gateId) {
    Columns c = columns();
    return BacktestRun.builder(gateId)
        .labels(c.labels())
        .candidate("gbm-v7", c.candidate())
        .baseline("prod-v3", c.baseline())
        .decisionTimes(c.decided())
        .feature("balance", c.known())
        .timelessFeature("region", REGION_REASON)
        .build();
  }

  private static final String REGION_REASON = "set once at account opening";

  private Columns columns() {
    Random random = new Random(seed);
    boolean[] labels = new boolean[ROWS];
    double[] candidate = new double[ROWS];
    double[] baseline = new double[ROWS];
    long[] decided = new long[ROWS];
    long[] known = new long[ROWS];
    for (int i = 0; i < ROWS; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      candidate[i] = (labels[i] ? candidateSignal : 0) + shared + 0.3 * random.nextGaussian();
      baseline[i] = (labels[i] ? baselineSignal : 0) + shared + 0.3 * random.nextGaussian();
      decided[i] = START + i * HOUR;
      known[i] = i < lateRows ? decided[i] + 2 * HOUR : decided[i] - 24 * HOUR;
    }
    return new Columns(labels, candidate, baseline, decided, known);
  }

  private record Columns(boolean[] labels, double[] candidate, double[] baseline, long[] decided, long[] known) {}
}
