package dev.backtestgate.trials;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;

/**
 * The trials tests' window: 10,000 rows, a baseline, and candidates with no real lift that share a feature, scored and
 * published through the gate and its reporter as gated tests would be (public for the JDBC store's tests, through
 * the core's test-jar).
 */
public final class TrialsWindow {
  /** The clock every evaluation of the window uses. */
  public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-07T09:00:00Z"), ZoneOffset.UTC);
  /** The first decision time of the window, epoch milliseconds. */
  public static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  /** The window's rows. */
  public static final int ROWS = 10_000;
  /** A window where the best of the 30 variants reaches z 3.0 by chance (most seeds leave it below 1.96). */
  private static final long SEED = 58L;
  private final ReportFiles files;
  private final ReviewStore reviews;
  private final boolean[] labels = new boolean[ROWS];
  private final double[] signal = new double[ROWS];
  private final double[] baseline = new double[ROWS];
  private final double[] shared = new double[ROWS];
  private final long[] decided = new long[ROWS];
  private final long[] known = new long[ROWS];
  private final Random random = new Random(SEED);

  /** The window, with its reports and sign-offs under {@code dir}. */
  public TrialsWindow(Path dir) {
    files = new ReportFiles(dir.resolve("reports"));
    reviews = ReviewStore.directory(dir.resolve("leakage-reviews"));
    for (int i = 0; i < ROWS; i++) {
      labels[i] = random.nextDouble() < 0.3;
      signal[i] = (labels[i] ? 1.0 : 0) + random.nextGaussian();
      baseline[i] = signal[i] + random.nextGaussian();
      shared[i] = random.nextGaussian();
      decided[i] = START + i * 600_000L;
      known[i] = decided[i] - 86_400_000L;
    }
  }

  /** The suite: 30 variants, each gated and published; returns the best of them. */
  public BacktestRun bestOfThirty(GatePolicy policy) {
    double bestZ = Double.NEGATIVE_INFINITY;
    BacktestRun best = null;
    for (int k = 0; k < 30; k++) {
      BacktestRun variant = run("variant-" + k, variant());
      PublishedGate published = publish(variant, policy);
      if (published.result().comparison().z() > bestZ) {
        bestZ = published.result().comparison().z();
        best = variant;
      }
    }
    return best;
  }

  /** Evaluates and publishes {@code run}. */
  public PublishedGate publish(BacktestRun run, GatePolicy policy) {
    GateResult result = BacktestGate.evaluate(run, policy, reviews, CLOCK);
    return GateReporter.publish(run, result, files, reviews);
  }

  /** The baseline's signal plus unit noise, 9% of its variance a feature every variant shares: no real lift. */
  public double[] variant() {
    double[] scores = new double[ROWS];
    for (int i = 0; i < ROWS; i++) {
      scores[i] = signal[i] + 0.3 * shared[i] + Math.sqrt(0.91) * random.nextGaussian();
    }
    return scores;
  }

  /** A variant with a real lift (about +0.03 AUC). */
  public double[] better() {
    double[] better = new double[ROWS];
    for (int i = 0; i < ROWS; i++) {
      better[i] = signal[i] + (labels[i] ? 0.2 : 0) + 0.3 * shared[i] + Math.sqrt(0.91) * random.nextGaussian();
    }
    return better;
  }

  /** The window's run of {@code candidate}. */
  public BacktestRun run(String candidate, double[] scores) {
    return BacktestRun.builder("com.acme.ChurnBacktest#variants").labels(labels).candidate(candidate, scores)
        .baseline("prod-v3", baseline).decisionTimes(decided).feature("balance", known)
        .timelessFeature("region", "set once at account opening").build();
  }

  /** The window's labels (the array itself, not a copy: do not change it). */
  public boolean[] labels() {
    return labels;
  }

  /** The baseline's scores on the window's rows (the array itself). */
  public double[] baseline() {
    return baseline;
  }

  /** The rows' decision times, epoch milliseconds (the array itself). */
  public long[] decided() {
    return decided;
  }

  /** When the rows' {@code balance} feature was known, epoch milliseconds (the array itself). */
  public long[] known() {
    return known;
  }

  /** The window's review directory. */
  public ReviewStore reviews() {
    return reviews;
  }
}
