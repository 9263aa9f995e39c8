package dev.backtestgate.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PointInTimeJoinTests {
  private static final Instant MAR_1 = Instant.parse("2024-03-01T00:00:00Z");

  private static Instant day(int n) {
    return MAR_1.plus(Duration.ofDays(n - 1));
  }

  private static long millis(int day) {
    return day(day).toEpochMilli();
  }

  @Test
  void theReadmeExampleHoldsWhatItPromises() {
    EntityDictionary customers = new EntityDictionary();
    EventLog balance = EventLog.numericBuilder("balance")
        .add(customers.idOf("alice"), Instant.parse("2024-03-01T00:00:00Z"), Instant.parse("2024-03-01T06:00:00Z"), 120.0)
        .add(customers.idOf("alice"), Instant.parse("2024-03-01T00:00:00Z"), Instant.parse("2024-03-20T09:00:00Z"), 95.0)
        .build();
    EventLog plan = EventLog.categoricalBuilder("plan")
        .add(customers.idOf("alice"), Instant.parse("2024-02-01T00:00:00Z"), Instant.parse("2024-02-01T00:00:00Z"), "premium")
        .build();
    Spine spine = Spine.builder()
        .add(customers.idOf("alice"), Instant.parse("2024-03-10T00:00:00Z"))
        .add(customers.idOf("alice"), Instant.parse("2024-03-25T00:00:00Z"))
        .build();

    FeatureTable table = PointInTimeJoin.builder()
        .availabilityLag(Duration.ofHours(1))
        .ttl(Duration.ofDays(90))
        .build()
        .join(spine, balance, plan);

    assertThat(table.numeric("balance").values()).containsExactly(120.0, 95.0);
    assertThat(table.numeric("balance").knownAt()).containsExactly(
        Instant.parse("2024-03-01T06:00:00Z").toEpochMilli(), Instant.parse("2024-03-20T09:00:00Z").toEpochMilli());
    assertThat(table.categorical("plan").category(1)).isEqualTo("premium");
    assertThat(table.knownAt()).containsOnlyKeys("balance", "plan");
    assertThat(table.featureNames()).containsExactly("balance", "plan");
  }

  @Test
  void aCorrectionIsInvisibleUntilItIsRecorded() {
    EventLog balance =
        EventLog.numericBuilder("balance")
            .add(7, day(1), day(1), 100.0)
            .add(7, day(1), day(10), 90.0) // correction of day 1's value, recorded on day 10
            .build();
    Spine spine = Spine.builder().add(7, day(5)).add(7, day(12)).build();

    JoinedFeature.Numeric joined = PointInTimeJoin.builder().build().join(spine, balance).numeric("balance");

    assertThat(joined.values()).containsExactly(100.0, 90.0);
    assertThat(joined.knownAt()).containsExactly(millis(1), millis(10));
    assertThat(joined.sourceIndex()).containsExactly(0, 1);
  }

  @Test
  void anEventRecordedEarlyIsUsedOnlyOnceItIsValid() {
    EventLog plan =
        EventLog.categoricalBuilder("plan")
            .add(1, day(1), day(1), "basic")
            .add(1, day(15), day(2), "premium") // scheduled upgrade, known on day 2
            .build();
    Spine spine = Spine.builder().add(1, day(10)).add(1, day(15)).build();

    JoinedFeature.Categorical joined = PointInTimeJoin.builder().build().join(spine, plan).categorical("plan");

    assertThat(joined.category(0)).isEqualTo("basic");
    assertThat(joined.category(1)).isEqualTo("premium");
    assertThat(joined.knownAt()).containsExactly(millis(1), millis(2));
  }

  @Test
  void tiesOnValidFromGoToTheLatestRecordingThenTheLaterPosition() {
    EventLog score =
        EventLog.numericBuilder("score")
            .add(1, 10, 12, 1.0)
            .add(1, 10, 11, 2.0)
            .add(1, 10, 12, 3.0) // same validFrom and recordedAt as the first: later position wins
            .add(1, 9, 13, 4.0) // newer recording, but older validity
            .build();
    Spine spine = Spine.of(new long[] {1, 1}, new long[] {11, 20});

    JoinedFeature.Numeric joined = PointInTimeJoin.builder().build().join(spine, score).numeric("score");

    assertThat(joined.values()).containsExactly(2.0, 3.0);
  }

  @Test
  void theAvailabilityLagShiftsEveryDecisionBack() {
    EventLog log = EventLog.numeric("f", new long[] {1}, new long[] {0}, new long[] {1_000}, new double[] {5});
    Spine spine = Spine.of(new long[] {1, 1}, new long[] {1_500, 2_000});

    JoinedFeature.Numeric joined =
        PointInTimeJoin.builder().availabilityLag(Duration.ofSeconds(1)).build().join(spine, log).numeric("f");

    assertThat(Double.isNaN(joined.values()[0])).isTrue();
    assertThat(joined.values()[1]).isEqualTo(5.0);
  }

  @Test
  void timeToLiveDropsStaleValuesGloballyOrPerFeature() {
    EventLog a = EventLog.numeric("a", new long[] {1}, new long[] {0}, new long[] {0}, new double[] {1});
    EventLog b = EventLog.numeric("b", new long[] {1}, new long[] {0}, new long[] {0}, new double[] {2});
    Spine spine = Spine.of(new long[] {1, 1}, new long[] {100, 101});

    FeatureTable table =
        PointInTimeJoin.builder()
            .ttl(Duration.ofMillis(100))
            .ttl("b", Duration.ofMillis(1_000))
            .build()
            .join(spine, a, b);

    assertThat(table.numeric("a").sourceIndex()).containsExactly(0, -1);
    assertThat(table.numeric("b").sourceIndex()).containsExactly(0, 0);
  }

  @Test
  void rowsWithoutAnyKnownEventAreMissingWithNothingToCheck() {
    EventLog log = EventLog.numeric("f", new long[] {1}, new long[] {50}, new long[] {50}, new double[] {5});
    Spine spine = Spine.of(new long[] {2, 1}, new long[] {100, 10});

    JoinedFeature.Numeric joined = PointInTimeJoin.builder().build().join(spine, log).numeric("f");

    assertThat(joined.missingCount()).isEqualTo(2);
    assertThat(joined.knownAt()).containsOnly(JoinedFeature.NO_KNOWN_AT);
    assertThat(joined.sourceIndex()).containsOnly(-1);
  }

  @Test
  void aRecordedMissingValueHidesOlderValuesWhenKept() {
    EventLog log =
        EventLog.numericBuilder("f")
            .missingValues(MissingValues.KEEP)
            .add(1, 0, 0, 5.0)
            .add(1, 10, 10, Double.NaN)
            .build();
    Spine spine = Spine.of(new long[] {1, 1}, new long[] {5, 20});

    JoinedFeature.Numeric joined = PointInTimeJoin.builder().build().join(spine, log).numeric("f");

    assertThat(joined.values()[0]).isEqualTo(5.0);
    assertThat(Double.isNaN(joined.values()[1])).isTrue();
    assertThat(joined.knownAt()[1]).isEqualTo(JoinedFeature.NO_KNOWN_AT);
    assertThat(joined.sourceIndex()[1]).isEqualTo(1);
  }

  @Test
  void stringKeysGoThroughOneDictionary() {
    EntityDictionary customers = new EntityDictionary();
    EventLog log =
        EventLog.numericBuilder("f")
            .add(customers.idOf("alice"), 0, 0, 1.0)
            .add(customers.idOf("bob"), 0, 0, 2.0)
            .build();
    Spine spine = Spine.builder().add(customers.idOf("bob"), 1).add(customers.idOf("carol"), 1).build();

    JoinedFeature.Numeric joined = PointInTimeJoin.builder().build().join(spine, log).numeric("f");

    assertThat(joined.values()[0]).isEqualTo(2.0);
    assertThat(customers.keyOf(spine.entity()[1])).isEqualTo("carol");
    assertThat(customers.find("dave")).isEqualTo(-1);
    assertThat(table(spine, log).knownAt()).containsOnlyKeys("f");
  }

  private static FeatureTable table(Spine spine, EventLog... logs) {
    return PointInTimeJoin.builder().build().join(spine, logs);
  }

  @Test
  void rejectsTwoLogsWithOneName() {
    EventLog log = EventLog.numeric("f", new long[0], new long[0], new long[0], new double[0]);
    Spine spine = Spine.of(new long[0], new long[0]);

    assertThatThrownBy(() -> table(spine, log, log))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two event logs are named 'f'");
  }

  @Test
  void rejectsATimeToLiveForAFeatureThatIsNotJoined() {
    EventLog log = EventLog.numeric("f", new long[0], new long[0], new long[0], new double[0]);
    PointInTimeJoin join = PointInTimeJoin.builder().ttl("g", Duration.ofDays(1)).build();

    assertThatThrownBy(() -> join.join(Spine.of(new long[0], new long[0]), log))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("feature 'g'")
        .hasMessageContaining("[f]");
  }

  @Test
  void rejectsANegativeLag() {
    assertThatThrownBy(() -> PointInTimeJoin.builder().availabilityLag(Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("availability lag must not be negative");
  }

  @Test
  void rejectsADecisionTimeThatTheLagPushesOutOfRange() {
    Spine spine = Spine.of(new long[] {1, 1}, new long[] {0, Long.MIN_VALUE + 5});
    PointInTimeJoin join = PointInTimeJoin.builder().availabilityLag(Duration.ofMillis(10)).build();
    EventLog log = EventLog.numeric("f", new long[0], new long[0], new long[0], new double[0]);

    assertThatThrownBy(() -> join.join(spine, log))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("spine row 1");
  }
}
