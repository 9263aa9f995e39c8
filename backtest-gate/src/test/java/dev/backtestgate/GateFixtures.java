package dev.backtestgate;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;

/** Deterministic runs for the gate's tests. */
public final class GateFixtures {
  /** 2026-12-02T00:00:00Z, "today" in these tests. */
  public static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");
  /** A clock fixed at {@link #NOW}. */
  public static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  /** Decision times start here, one hour apart. */
  public static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  /** One day, in milliseconds. */
  public static final long DAY = 86_400_000L;

  private GateFixtures() {}

  /** Rows with ~30% positives and two models of the given signal strengths (higher = better AUC). */
  public static Data data(long seed, int rows, double candidateSignal, double baselineSignal) {
    Random random = new Random(seed);
    boolean[] labels = new boolean[rows];
    double[] candidate = new double[rows];
    double[] baseline = new double[rows];
    long[] decided = new long[rows];
    long[] known = new long[rows];
    for (int i = 0; i < rows; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      candidate[i] = (labels[i] ? candidateSignal : 0) + shared + 0.5 * random.nextGaussian();
      baseline[i] = (labels[i] ? baselineSignal : 0) + shared + 0.5 * random.nextGaussian();
      decided[i] = START + i * 3_600_000L;
      known[i] = decided[i] - DAY;
    }
    return new Data(labels, candidate, baseline, decided, known);
  }

  /** A run builder over {@code data}, with one feature known a day before each decision. */
  public static BacktestRun.Builder run(String gateId, Data data) {
    return BacktestRun.builder(gateId)
        .labels(data.labels())
        .candidate("gbm-v7", data.candidate())
        .baseline("prod-v3", data.baseline())
        .decisionTimes(data.decided())
        .feature("balance", data.known())
        .timelessFeature("region", "set once at account opening");
  }

  /** Columns of a fixture run. */
  public record Data(boolean[] labels, double[] candidate, double[] baseline, long[] decided, long[] known) {}
}
