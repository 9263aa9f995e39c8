package dev.backtestgate.screen.futureread;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.time.BruteForceJoin;
import dev.backtestgate.time.EntityEvents;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.EventLogView;
import dev.backtestgate.time.FeatureFunction;
import dev.backtestgate.time.Spine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The cut view and the probe against their definitions on random logs (small time ranges force ties;
 * recordedAt before validFrom and long after it; entities without events; scrambled entity ids that take
 * the hashed index):
 * the view at e holds exactly the events with validFrom &le; e and recordedAt &le; e, in availability then log
 * order; an honest function is never flagged; a function that reads the entity's latest event regardless of
 * time is flagged on exactly the sampled rows where that event differs from the as-of one.
 */
class FutureReadProbePropertyTests {

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
        .ofMinSize(1)
        .ofMaxSize(40);
  }

  @Property(tries = 400)
  void theCutViewEqualsABruteForceFilteredCopy(
      @ForAll("events") List<Event> events,
      @ForAll @LongRange(min = -15, max = 60) long cut,
      @ForAll boolean scramble) {
    EventLog log = log(events, scramble);
    EventLogView view = EventLogView.of(log).asOf(cut);
    for (int entity = 0; entity <= 6; entity++) {
      long id = id(entity, scramble);
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < log.size(); i++) {
        if (log.entity()[i] == id && log.validFrom()[i] <= cut && log.recordedAt()[i] <= cut) {
          expected.add(i);
        }
      }
      expected.sort((a, b) -> {
        int byTime = Long.compare(available(log, a), available(log, b));
        return byTime != 0 ? byTime : Integer.compare(a, b);
      });
      EntityEvents seen = view.events(id);
      List<Integer> positions = new ArrayList<>();
      for (int i = 0; i < seen.size(); i++) {
        positions.add(seen.position(i));
        assertThat(seen.value(i)).isEqualTo(log.values()[seen.position(i)]);
      }
      assertThat(positions).as("entity %d at %d", id, cut).isEqualTo(expected);
      int latest = seen.latest();
      assertThat(latest < 0 ? -1 : seen.position(latest)).isEqualTo(BruteForceJoin.choose(log, id, cut, 0, -1));
    }
  }

  @Property(tries = 300)
  void anHonestFunctionIsNeverFlagged(
      @ForAll("events") List<Event> events,
      @ForAll("rows") List<Row> rows,
      @ForAll @LongRange(min = 0, max = 6) long lag,
      @ForAll @IntRange(min = 1, max = 50) int sample,
      @ForAll boolean scramble) {
    EventLog log = log(events, scramble);
    Spine spine = spine(rows, scramble);
    FeatureFunction honest = (history, entity, t) -> history.asOf(t - lag).events(entity).latestValue();
    double[] used = usedOnWholeHistory(honest, log, spine);

    FutureReadReport report = FutureReadProbe.numeric("f", honest, spine, used, log)
        .run(Duration.ofMillis(lag), sample);

    assertThat(report.clean()).isTrue();
    assertThat(report.sampled()).isEqualTo(Math.min(sample, spine.size()));
  }

  @Property(tries = 300)
  void aFunctionThatReadsTheLatestEventRegardlessOfTimeIsCaughtWheneverItsFutureDiffers(
      @ForAll("events") List<Event> events,
      @ForAll("rows") List<Row> rows,
      @ForAll @LongRange(min = 0, max = 6) long lag,
      @ForAll @IntRange(min = 1, max = 50) int sample,
      @ForAll boolean scramble) {
    EventLog log = log(events, scramble);
    Spine spine = spine(rows, scramble);
    FeatureFunction peeks = (history, entity, t) -> history.events(entity).latestValue();
    double[] used = usedOnWholeHistory(peeks, log, spine);

    FutureReadReport report = FutureReadProbe.numeric("f", peeks, spine, used, log)
        .run(Duration.ofMillis(lag), sample);

    int expected = 0;
    List<Integer> expectedRows = new ArrayList<>();
    for (int row : FutureReadProbe.sample(spine.size(), sample)) {
      long entity = spine.entity()[row];
      int future = BruteForceJoin.choose(log, entity, Long.MAX_VALUE, 0, -1);
      int asOf = BruteForceJoin.choose(log, entity, spine.decisionTime()[row], lag, -1);
      double usedValue = future < 0 ? Double.NaN : log.values()[future];
      double asOfValue = asOf < 0 ? Double.NaN : log.values()[asOf];
      if (Double.compare(usedValue, asOfValue) != 0) {
        expected++;
        expectedRows.add(row);
      }
    }
    assertThat(report.differing()).isEqualTo(expected);
    assertThat(report.examples()).extracting(FutureReadReport.Example::row)
        .isEqualTo(expectedRows.subList(0, Math.min(expectedRows.size(), FutureReadReport.MAX_EXAMPLES)));
  }

  private static double[] usedOnWholeHistory(FeatureFunction f, EventLog log, Spine spine) {
    EventLogView whole = EventLogView.of(log);
    double[] used = new double[spine.size()];
    for (int r = 0; r < used.length; r++) {
      used[r] = f.value(whole, spine.entity()[r], spine.decisionTime()[r]);
    }
    return used;
  }

  private static long available(EventLog log, int i) {
    return Math.max(log.validFrom()[i], log.recordedAt()[i]);
  }

  /** Scrambled ids are far apart and negative, so the index takes its hashed path. */
  private static long id(int entity, boolean scramble) {
    return scramble ? -7_919_000_000_000L * (entity + 1) : entity;
  }

  private static EventLog log(List<Event> events, boolean scramble) {
    EventLog.NumericBuilder b = EventLog.numericBuilder("f");
    for (Event e : events) {
      b.add(id(e.entity(), scramble), e.validFrom(), e.validFrom() + e.recordedAtOffset(), e.value());
    }
    return b.build();
  }

  private static Spine spine(List<Row> rows, boolean scramble) {
    Spine.Builder b = Spine.builder();
    rows.forEach(r -> b.add(id(r.entity(), scramble), r.decisionTime()));
    return b.build();
  }
}
