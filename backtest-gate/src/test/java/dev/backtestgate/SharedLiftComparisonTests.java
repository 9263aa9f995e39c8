package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The lift check's comparison when the lift trend's pass over the same rows supplies it: bit for bit what {@code
 * DeLong.compare} on all rows gives (AUCs, lift, standard error, interval, z, p), over many periods, one period and
 * with ties, from the run and from gate evidence alike.
 */
class SharedLiftComparisonTests {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
  private static final ReviewStore NO_REVIEWS = ReviewStore.directory(Path.of("target/no-such-review-dir"));
  private static final long DAY = 86_400_000L;

  /** Random rows with ties across and within classes, over one to 24 months. */
  @Property(tries = 60, seed = "20261207")
  void theGatesComparisonIsDeLongOnAllRowsBitForBit(
      @ForAll long seed,
      @ForAll @IntRange(min = 4, max = 3_000) int n,
      @ForAll @IntRange(min = 0, max = 720) int days,
      @ForAll @IntRange(min = 2, max = 50) int levels) {
    BacktestRun run = draw(new Random(seed), n, days, levels);
    Comparison alone = LiftComparisons.compare(run, GatePolicy.defaults().confidence());

    GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults(), NO_REVIEWS, CLOCK);

    assertThat(result.comparison()).isEqualTo(alone);
    assertThat(GateEvidence.of(run, GatePolicy.defaults()).comparison()).isEqualTo(alone);
  }

  @Test
  void allDecisionsInOnePeriodStillGetTheComparison() {
    BacktestRun run = draw(new Random(3), 2_000, 0, 10);
    Comparison alone = LiftComparisons.compare(run, GatePolicy.defaults().confidence());

    GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults(), NO_REVIEWS, CLOCK);

    assertThat(result.comparison()).isEqualTo(alone);
    assertThat(Double.doubleToRawLongBits(result.comparison().z())).isEqualTo(Double.doubleToRawLongBits(alone.z()));
    assertThat(Double.doubleToRawLongBits(result.comparison().pValue()))
        .isEqualTo(Double.doubleToRawLongBits(alone.pValue()));
  }

  /** Scores on {@code levels} values (so many ties), a candidate that sees the label a little. */
  private static BacktestRun draw(Random random, int n, int days, int levels) {
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] times = new long[n];
    long start = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
    for (int i = 0; i < n; i++) {
      labels[i] = i < 2 || (i >= 4 && random.nextDouble() < 0.3);
      baseline[i] = random.nextInt(levels) / (double) levels;
      candidate[i] = Math.floor((random.nextDouble() + (labels[i] ? 0.3 : 0)) * levels) / levels;
      times[i] = start + (days == 0 ? 0 : random.nextInt(days) * DAY);
    }
    return BacktestRun.builder("com.acme.Backtest#shared").labels(labels).candidate("gbm", candidate)
        .baseline("prod", baseline).decisionTimes(times).timelessFeature("status", "set at opening").build();
  }
}
