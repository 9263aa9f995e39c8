package dev.backtestgate.hostile;

import static dev.backtestgate.hostile.Hostile.illegal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.time.EntityDictionary;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile joins: missing arguments, clashing names, reserved times, and times before 1970, which the join
 * and the gate both accept, so that a join's table always feeds the gate.
 */
class HostileJoinTests {
  private static final PointInTimeJoin JOIN = PointInTimeJoin.builder().build();
  private static final EventLog BALANCE =
      EventLog.numeric("balance", new long[] {1}, new long[] {0}, new long[] {0}, new double[] {1});
  private static final Spine SPINE = Spine.of(new long[] {1}, new long[] {10});

  @TempDir
  Path temp;

  @Test
  void aMissingSpineIsNamed() {
    assertThat(illegal(() -> JOIN.join(null, BALANCE))).startsWith("spine is null");
  }

  @Test
  void missingLogsAreNamed() {
    assertThat(illegal(() -> JOIN.join(SPINE, (EventLog[]) null))).startsWith("event logs is null");
    assertThat(illegal(() -> JOIN.join(SPINE, (List<EventLog>) null))).startsWith("event logs is null");
    assertThat(illegal(() -> JOIN.join(SPINE, Arrays.asList(BALANCE, null)))).startsWith("event log is null");
  }

  @Test
  void twoLogsWithOneNameAreNamed() {
    assertThat(illegal(() -> JOIN.join(SPINE, BALANCE, BALANCE)))
        .startsWith("two event logs are named 'balance'; feature names must be unique: rename one log");
  }

  @Test
  void aTtlForAnUnknownFeatureIsNamed() {
    PointInTimeJoin join = PointInTimeJoin.builder().ttl("plan", Duration.ofDays(1)).build();
    assertThat(illegal(() -> join.join(SPINE, BALANCE)))
        .contains("a time-to-live is set for feature 'plan' but no event log has that name (logs: [balance])");
  }

  @Test
  void negativeOrMissingDurationsAreNamed() {
    assertThat(illegal(() -> PointInTimeJoin.builder().ttl(Duration.ofDays(-1))))
        .startsWith("time-to-live must not be negative, got PT-24H");
    assertThat(illegal(() -> PointInTimeJoin.builder().availabilityLag(null))).startsWith("availability lag is null");
    assertThat(illegal(() -> PointInTimeJoin.builder().ttl(null, Duration.ZERO))).startsWith("feature name is null");
  }

  @Test
  void columnsOfDifferentLengthsAreNamed() {
    assertThat(illegal(() -> Spine.of(new long[] {1, 2}, new long[] {1})))
        .startsWith("spine: column 'decisionTime' has 1 rows but 'entity' has 2");
    assertThat(illegal(() -> EventLog.numeric("balance", new long[] {1}, new long[] {1, 2}, new long[] {1},
        new double[] {1}))).startsWith("event log 'balance': column 'validFrom' has 2 rows but 'entity' has 1");
  }

  @Test
  void theNoTimeMarkerInALogIsNamed() {
    assertThat(illegal(() -> EventLog.numeric("balance", new long[] {1, 1}, new long[] {0, 0},
        new long[] {0, Long.MIN_VALUE}, new double[] {1, 2})))
        .startsWith("event log 'balance': column 'recordedAt' has 1 missing time(s) (Long.MIN_VALUE, the reserved");
  }

  @Test
  void infiniteValuesAndDuplicateCategoriesAreNamed() {
    assertThat(illegal(() -> EventLog.numeric("balance", new long[] {1}, new long[] {0}, new long[] {0},
        new double[] {Double.NEGATIVE_INFINITY}))).contains("1 infinite value(s), first at row 0");
    assertThat(illegal(() -> EventLog.categorical("plan", new long[] {1}, new long[] {0}, new long[] {0},
        new int[] {0}, List.of("basic", "basic")))).contains("category 'basic' is listed twice (codes 0 and 1)");
  }

  @Test
  void theJoinTakesEventsBefore1970() {
    Spine spine = Spine.builder().add(1, Instant.parse("1965-06-01T00:00:00Z")).build();
    EventLog log = EventLog.numericBuilder("balance")
        .add(1, Instant.parse("1960-01-01T00:00:00Z"), Instant.parse("1960-01-02T00:00:00Z"), 42.0)
        .add(1, Instant.parse("1966-01-01T00:00:00Z"), Instant.parse("1966-01-01T00:00:00Z"), 99.0)
        .build();
    JoinedFeature.Numeric balance = JOIN.join(spine, log).numeric("balance");
    assertThat(balance.values()).containsExactly(42.0);
    assertThat(balance.knownAt()).containsExactly(Instant.parse("1960-01-02T00:00:00Z").toEpochMilli());
  }

  @Test
  void aJoinBefore1970FeedsTheGate() {
    EntityDictionary customers = new EntityDictionary();
    long[] entity = customers.idsOf(List.of("a", "b", "c", "d", "e", "f"));
    long[] decided = new long[6];
    for (int i = 0; i < 6; i++) {
      decided[i] = Instant.parse("1969-01-01T00:00:00Z").toEpochMilli() + i * 86_400_000L;
    }
    long[] before = decided.clone();
    for (int i = 0; i < 6; i++) {
      before[i] -= 3_600_000L;
    }
    EventLog log = EventLog.numeric("balance", entity, before, before, new double[] {1, 2, 3, 4, 5, 6});
    FeatureTable table = JOIN.join(Spine.of(entity, decided), log);
    BacktestRun run = BacktestRun.builder("com.acme.Hostile#pre1970").labels(Hostile.LABELS)
        .candidate("gbm", Hostile.CANDIDATE).baseline("prod", Hostile.BASELINE).features(table).build();

    GateResult r = Hostile.evaluate(run, GatePolicy.defaults().withMaxLift(0.9), temp);
    assertThat(r.verdict()).isEqualTo(Verdict.PASSED);
  }

  @Test
  void theLongestLagLeavesEveryValueMissingAndTheGateAgrees() {
    long[] entity = {0, 1, 2, 3, 4, 5};
    FeatureTable table = PointInTimeJoin.builder().availabilityLag(Duration.ofMillis(Long.MAX_VALUE)).build()
        .join(Spine.of(entity, Hostile.DECIDED),
            EventLog.numeric("balance", entity, Hostile.KNOWN, Hostile.KNOWN, new double[] {1, 2, 3, 4, 5, 6}));
    assertThat(table.numeric("balance").missingCount()).isEqualTo(6);
    BacktestRun run = Hostile.bare().features(table).build();
    GateResult r = Hostile.evaluate(run, GatePolicy.defaults().withMaxLift(0.9)
        .withAvailabilityLag(Duration.ofMillis(Long.MAX_VALUE)), temp);
    assertThat(r.verdict()).isEqualTo(Verdict.PASSED);
  }

  @Test
  void aTableBuiltForOtherDecisionTimesIsNamed() {
    long[] entity = {0, 1, 2, 3, 4, 5};
    FeatureTable table = JOIN.join(Spine.of(entity, Hostile.DECIDED),
        EventLog.numeric("balance", entity, Hostile.KNOWN, Hostile.KNOWN, new double[] {1, 2, 3, 4, 5, 6}));
    long[] other = Hostile.DECIDED.clone();
    other[0]++;
    assertThat(Hostile.problems(Hostile.bare().decisionTimes(other).features(table)))
        .contains("the joined feature table was built for other decision times than this run's");
  }

  @Test
  void anEventAtTheEarliestTimeIsJoinedNotMistakenForMissing() {
    long earliest = Long.MIN_VALUE + 1;
    EventLog log = EventLog.numeric("balance", new long[] {1}, new long[] {earliest}, new long[] {earliest},
        new double[] {5});
    JoinedFeature.Numeric balance = JOIN.join(Spine.of(new long[] {1}, new long[] {earliest}), log).numeric("balance");
    assertThat(balance.values()).containsExactly(5.0);
    assertThat(balance.isMissing(0)).isFalse();
  }
}
