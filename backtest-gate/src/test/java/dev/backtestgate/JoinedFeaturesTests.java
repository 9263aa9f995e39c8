package dev.backtestgate;

import static dev.backtestgate.GateFixtures.CLOCK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.pointintime.PointInTimeFinding;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A point-in-time join feeds a run directly, and its point-in-time check passes by construction. */
class JoinedFeaturesTests {
  private static final long HOUR = 3_600_000L;

  @Test
  void joinedFeaturesPassThePointInTimeCheck(@TempDir Path dir) {
    Random random = new Random(3);
    int rows = 400;
    Spine.Builder spine = Spine.builder();
    EventLog.NumericBuilder balance = EventLog.numericBuilder("balance");
    boolean[] labels = new boolean[rows];
    double[] candidate = new double[rows];
    double[] baseline = new double[rows];
    for (int i = 0; i < rows; i++) {
      long decided = 1_000 * HOUR + i * HOUR;
      spine.add(i % 50, java.time.Instant.ofEpochMilli(decided));
      labels[i] = random.nextBoolean();
      candidate[i] = random.nextDouble() + (labels[i] ? 0.1 : 0);
      baseline[i] = random.nextDouble() + (labels[i] ? 0.1 : 0);
    }
    for (int e = 0; e < 2_000; e++) {
      long validFrom = random.nextInt(1_500) * HOUR;
      long recordedAt = validFrom + random.nextInt(300) * HOUR; // many corrections arrive after decisions
      balance.add(random.nextInt(50), validFrom, recordedAt, random.nextGaussian());
    }
    FeatureTable table = PointInTimeJoin.builder().build().join(spine.build(), balance.build());

    BacktestRun run = BacktestRun.builder("g#joined").labels(labels).candidate("c", candidate)
        .baseline("b", baseline).features(table).build();

    assertThat(run.decisionTimes()).isEqualTo(table.decisionTime());
    assertThat(run.features()).extracting(FeatureTiming::name).containsExactly("balance");
    GateResult r = BacktestGate.evaluate(run, GatePolicy.defaults(), ReviewStore.directory(dir), CLOCK);
    assertThat(r.findings()).noneMatch(f -> f instanceof PointInTimeFinding);
  }

  @Test
  void aTableBuiltForOtherDecisionTimesIsRejected() {
    FeatureTable table = PointInTimeJoin.builder().build().join(
        Spine.builder().add(1, java.time.Instant.ofEpochMilli(10 * HOUR)).add(1, java.time.Instant.ofEpochMilli(
            11 * HOUR)).build(),
        EventLog.numericBuilder("x").add(1, 0, 0, 1.0).build());
    assertThatThrownBy(() -> BacktestRun.builder("g").labels(new boolean[] {true, false})
        .candidate("c", new double[] {1, 0}).baseline("b", new double[] {0, 1})
        .decisionTimes(new long[] {10 * HOUR, 12 * HOUR}).features(table).build())
        .hasMessageContaining("the joined feature table was built for other decision times");
  }
}
