package dev.backtestgate.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * PointInTimeJoin against the brute-force reference on random logs: small time ranges force ties,
 * recordedAt both before validFrom (future-valid events) and far after it (late corrections), spine
 * entities without events, availability lags and time-to-live.
 */
class PointInTimeJoinPropertyTests {

  record Event(int entity, long validFrom, long recordedAtOffset, double value) {}

  record Row(int entity, long decisionTime) {}

  @Provide
  Arbitrary<List<Event>> events() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 4),
            Arbitraries.longs().between(-5, 30),
            Arbitraries.longs().between(-10, 25),
            Arbitraries.integers().between(0, 6).map(v -> (double) v))
        .as(Event::new)
        .list()
        .ofMaxSize(60);
  }

  @Provide
  Arbitrary<List<Row>> rows() {
    return Combinators.combine(Arbitraries.integers().between(0, 6), Arbitraries.longs().between(-10, 60))
        .as(Row::new)
        .list()
        .ofMaxSize(40);
  }

  @Property(tries = 400)
  void numericJoinMatchesBruteForce(
      @ForAll("events") List<Event> events,
      @ForAll("rows") List<Row> rows,
      @ForAll @LongRange(min = 0, max = 6) long lag,
      @ForAll @LongRange(min = -1, max = 20) long ttl,
      @ForAll boolean scrambleEntities) {
    Spine spine = spine(rows, scrambleEntities);
    EventLog log = numericLog("f", events, scrambleEntities);
    FeatureTable table = join(lag, ttl).join(spine, log);

    assertMatchesReference(table.numeric("f"), spine, log, lag, ttl);
  }

  @Property(tries = 300)
  void everyJoinedValueIsKnownAtItsDecisionTime(
      @ForAll("events") List<Event> events,
      @ForAll("rows") List<Row> rows,
      @ForAll @LongRange(min = 0, max = 6) long lag) {
    Spine spine = spine(rows, false);
    EventLog log = numericLog("f", events, false);

    JoinedFeature.Numeric joined = join(lag, -1).join(spine, log).numeric("f");

    for (int r = 0; r < spine.size(); r++) {
      long e = spine.decisionTime()[r] - lag;
      int event = joined.sourceIndex()[r];
      if (joined.isMissing(r)) {
        assertThat(Double.isNaN(joined.values()[r])).isTrue();
      } else {
        assertThat(joined.knownAt()[r]).isLessThanOrEqualTo(e);
        assertThat(log.validFrom()[event]).isLessThanOrEqualTo(e);
        assertThat(joined.knownAt()[r]).isEqualTo(log.recordedAt()[event]);
      }
    }
  }

  @Property(tries = 200)
  void severalFeaturesEachWithTheirOwnTtlMatchBruteForce(
      @ForAll("events") List<Event> first,
      @ForAll("events") List<Event> second,
      @ForAll("rows") List<Row> rows,
      @ForAll @LongRange(min = 0, max = 6) long lag,
      @ForAll @LongRange(min = 0, max = 20) long secondTtl) {
    Spine spine = spine(rows, false);
    EventLog a = numericLog("a", first, false);
    EventLog b = categoricalLog("b", second);
    FeatureTable table =
        PointInTimeJoin.builder()
            .availabilityLag(Duration.ofMillis(lag))
            .ttl("b", Duration.ofMillis(secondTtl))
            .build()
            .join(spine, a, b);

    assertMatchesReference(table.numeric("a"), spine, a, lag, -1);
    JoinedFeature.Categorical joined = table.categorical("b");
    int[] expected = BruteForceJoin.chooseAll(spine, b, lag, secondTtl);
    assertThat(joined.sourceIndex()).containsExactly(expected);
    for (int r = 0; r < expected.length; r++) {
      int event = expected[r];
      assertThat(joined.codes()[r]).isEqualTo(event < 0 ? -1 : b.codes()[event]);
      assertThat(joined.knownAt()[r]).isEqualTo(event < 0 ? JoinedFeature.NO_KNOWN_AT : b.recordedAt()[event]);
    }
  }

  @Property(tries = 10)
  void largeShuffledInputOnTheParallelPathMatchesBruteForce(
      @ForAll long seed, @ForAll boolean timeOrdered, @ForAll @IntRange(min = 50, max = 3000) int entities) {
    Random random = new Random(seed);
    int n = 120_000;
    long[] entity = new long[n];
    long[] validFrom = new long[n];
    long[] recordedAt = new long[n];
    double[] values = new double[n];
    long clock = 0;
    for (int i = 0; i < n; i++) {
      entity[i] = random.nextInt(entities) * 7_919L - 1_000;
      clock += random.nextInt(3);
      recordedAt[i] = timeOrdered ? clock : random.nextInt(200_000);
      validFrom[i] = recordedAt[i] - random.nextInt(50) + (random.nextInt(10) == 0 ? 100 : 0);
      values[i] = random.nextInt(1000);
    }
    EventLog log = EventLog.numeric("f", entity, validFrom, recordedAt, values);
    int s = 20_000;
    long[] spineEntity = new long[s];
    long[] decision = new long[s];
    for (int r = 0; r < s; r++) {
      spineEntity[r] = (random.nextInt(entities + 2)) * 7_919L - 1_000;
      decision[r] = random.nextInt(210_000);
    }
    Spine spine = Spine.of(spineEntity, decision);
    long lag = random.nextInt(20);
    long ttl = random.nextBoolean() ? -1 : random.nextInt(5_000);

    FeatureTable table = join(lag, ttl).join(spine, log);

    assertMatchesReferenceIndexed(table.numeric("f"), spine, log, lag, ttl);
  }

  private static PointInTimeJoin join(long lag, long ttl) {
    PointInTimeJoin.Builder builder = PointInTimeJoin.builder().availabilityLag(Duration.ofMillis(lag));
    if (ttl >= 0) {
      builder.ttl(Duration.ofMillis(ttl));
    }
    return builder.build();
  }

  static void assertMatchesReference(JoinedFeature.Numeric joined, Spine spine, EventLog log, long lag, long ttl) {
    int[] expected = BruteForceJoin.chooseAll(spine, log, lag, ttl);
    assertSameValues(joined, log, expected);
  }

  /** The reference on large inputs: the same literal rule, but scanning only the row's entity. */
  private static void assertMatchesReferenceIndexed(
      JoinedFeature.Numeric joined, Spine spine, EventLog log, long lag, long ttl) {
    java.util.Map<Long, List<Integer>> byEntity = new java.util.HashMap<>();
    for (int i = 0; i < log.size(); i++) {
      byEntity.computeIfAbsent(log.entity()[i], k -> new ArrayList<>()).add(i);
    }
    int[] expected = new int[spine.size()];
    for (int r = 0; r < expected.length; r++) {
      List<Integer> mine = byEntity.getOrDefault(spine.entity()[r], List.of());
      long[] e = new long[mine.size()];
      long[] vf = new long[mine.size()];
      long[] ra = new long[mine.size()];
      for (int k = 0; k < mine.size(); k++) {
        int i = mine.get(k);
        e[k] = log.entity()[i];
        vf[k] = log.validFrom()[i];
        ra[k] = log.recordedAt()[i];
      }
      EventLog sub = EventLog.numeric("sub", e, vf, ra, new double[mine.size()]);
      int local = BruteForceJoin.choose(sub, spine.entity()[r], spine.decisionTime()[r], lag, ttl);
      expected[r] = local < 0 ? -1 : mine.get(local);
    }
    assertSameValues(joined, log, expected);
  }

  private static void assertSameValues(JoinedFeature.Numeric joined, EventLog log, int[] expected) {
    assertThat(joined.sourceIndex()).containsExactly(expected);
    for (int r = 0; r < expected.length; r++) {
      int event = expected[r];
      assertThat(Double.doubleToLongBits(joined.values()[r]))
          .as("value at row %d", r)
          .isEqualTo(Double.doubleToLongBits(event < 0 ? Double.NaN : log.values()[event]));
      assertThat(joined.knownAt()[r]).isEqualTo(event < 0 ? JoinedFeature.NO_KNOWN_AT : log.recordedAt()[event]);
    }
  }

  static Spine spine(List<Row> rows, boolean scramble) {
    Spine.Builder builder = Spine.builder();
    for (Row row : rows) {
      builder.add(entityKey(row.entity(), scramble), row.decisionTime());
    }
    return builder.build();
  }

  static EventLog numericLog(String name, List<Event> events, boolean scramble) {
    EventLog.NumericBuilder builder = EventLog.numericBuilder(name);
    for (Event event : events) {
      builder.add(
          entityKey(event.entity(), scramble),
          event.validFrom(),
          event.validFrom() + event.recordedAtOffset(),
          event.value());
    }
    return builder.build();
  }

  static EventLog categoricalLog(String name, List<Event> events) {
    EventLog.CategoricalBuilder builder = EventLog.categoricalBuilder(name);
    for (Event event : events) {
      builder.add(
          event.entity(),
          event.validFrom(),
          event.validFrom() + event.recordedAtOffset(),
          "c" + (int) event.value());
    }
    return builder.build();
  }

  /** Small ids take the direct lookup table; scrambled ones (large, negative) take the hash map. */
  private static long entityKey(int entity, boolean scramble) {
    return scramble ? entity * -0x5DEECE66DL + 0x7FFF_FFFF_FFFFL : entity;
  }
}
