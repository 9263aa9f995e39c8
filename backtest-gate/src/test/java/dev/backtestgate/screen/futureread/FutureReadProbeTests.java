package dev.backtestgate.screen.futureread;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.time.CategoricalFeatureFunction;
import dev.backtestgate.time.EntityEvents;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.EventLogView;
import dev.backtestgate.time.FeatureFunction;
import dev.backtestgate.time.Spine;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The probe and its cut view on hand-made logs whose answers are known. */
class FutureReadProbeTests {
  private static final long HOUR = 3_600_000L;

  /** Entity 1: 10 valid at 0 recorded at 1h; 20 valid at 2h recorded at 5h (late); 30 valid at 8h recorded at 8h. */
  private static EventLog balance() {
    return EventLog.numericBuilder("balance")
        .add(1, 0, HOUR, 10)
        .add(1, 2 * HOUR, 5 * HOUR, 20)
        .add(1, 8 * HOUR, 8 * HOUR, 30)
        .add(2, 0, 0, 7)
        .build();
  }

  private static final FeatureFunction HONEST = (history, entity, t) -> history.asOf(t).events(entity).latestValue();
  private static final FeatureFunction PEEKS = (history, entity, t) -> {
    EntityEvents all = history.events(entity);
    return all.isEmpty() ? Double.NaN : all.value(all.size() - 1);
  };

  private static Spine spine() {
    return Spine.of(new long[] {1, 1, 1, 2, 3}, new long[] {HOUR, 4 * HOUR, 9 * HOUR, HOUR, HOUR});
  }

  private static double[] used(FeatureFunction f, Spine spine, EventLog log) {
    EventLogView whole = EventLogView.of(log);
    double[] values = new double[spine.size()];
    for (int r = 0; r < values.length; r++) {
      values[r] = f.value(whole, spine.entity()[r], spine.decisionTime()[r]);
    }
    return values;
  }

  @Test
  void theCutViewShowsOnlyEventsValidAndRecordedByTheCut() {
    EventLogView history = EventLogView.of(balance());
    assertThat(values(history.asOf(4 * HOUR).events(1))).containsExactly(10.0);
    assertThat(values(history.asOf(5 * HOUR).events(1))).containsExactly(10.0, 20.0);
    assertThat(values(history.events(1))).containsExactly(10.0, 20.0, 30.0);
    assertThat(history.asOf(-1).events(1).isEmpty()).isTrue();
    assertThat(history.asOf(HOUR).events(99).size()).isZero();
    assertThat(history.asOf(5 * HOUR).asOf(9 * HOUR).cutoff()).as("never widened").isEqualTo(5 * HOUR);
  }

  @Test
  void readingPastTheCutThrowsInsteadOfShowingTheFuture() {
    EntityEvents cut = EventLogView.of(balance()).asOf(4 * HOUR).events(1);
    assertThatThrownBy(() -> cut.value(1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> cut.validFrom(-1)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void anHonestFunctionGivesTheValuesItUsed() {
    Spine spine = spine();
    FutureReadReport report = FutureReadProbe.numeric("balance", HONEST, spine, used(HONEST, spine, balance()),
        balance()).run(Duration.ZERO, FutureReadProbe.DEFAULT_SAMPLE);
    assertThat(report.clean()).isTrue();
    assertThat(report.sampled()).isEqualTo(5);
    assertThat(report.rows()).isEqualTo(5);
  }

  @Test
  void aFunctionThatPeeksIsCaughtWithItsRows() {
    Spine spine = spine();
    FutureReadReport report = FutureReadProbe.numeric("balance", PEEKS, spine, used(PEEKS, spine, balance()),
        balance()).run(Duration.ZERO, FutureReadProbe.ALL_ROWS);
    assertThat(report.differing()).isEqualTo(2);
    assertThat(report.examples()).containsExactly(
        new FutureReadReport.Example(0, 1, Instant.ofEpochMilli(HOUR), "30.0", "10.0"),
        new FutureReadReport.Example(1, 1, Instant.ofEpochMilli(4 * HOUR), "30.0", "10.0"));
  }

  @Test
  void theLagMovesTheCutAndAFunctionIgnoringItIsCaught() {
    Spine spine = Spine.of(new long[] {1}, new long[] {5 * HOUR + 30 * 60_000});
    FeatureFunction ignoresLag = HONEST;
    double[] used = used(ignoresLag, spine, balance());
    assertThat(used).containsExactly(20.0);
    FutureReadProbe probe = FutureReadProbe.numeric("balance", ignoresLag, spine, used, balance());
    assertThat(probe.run(Duration.ZERO, 10).clean()).isTrue();
    FutureReadReport lagged = probe.run(Duration.ofHours(1), 10);
    assertThat(lagged.examples()).singleElement().satisfies(e -> {
      assertThat(e.used()).isEqualTo("20.0");
      assertThat(e.asOfDecision()).isEqualTo("10.0");
    });
    assertThat(lagged.availabilityLag()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void missingValuesAreEqualToEachOtherOnlyAndAToleranceIsAbsolute() {
    Spine spine = Spine.of(new long[] {3, 1}, new long[] {HOUR, HOUR});
    assertThat(FutureReadProbe.numeric("balance", HONEST, spine, new double[] {Double.NaN, 10.0}, balance())
        .run(Duration.ZERO, 2).clean()).isTrue();
    FutureReadReport nanVsValue = FutureReadProbe.numeric("balance", HONEST, spine, new double[] {0.0, 10.0},
        balance()).run(Duration.ZERO, 2);
    assertThat(nanVsValue.examples()).singleElement().satisfies(e -> {
      assertThat(e.used()).isEqualTo("0.0");
      assertThat(e.asOfDecision()).isEqualTo("missing");
    });
    FutureReadProbe close = FutureReadProbe.numeric("balance", HONEST, spine, new double[] {Double.NaN, 10.000001},
        balance());
    assertThat(close.run(Duration.ZERO, 2).differing()).isEqualTo(1);
    assertThat(close.withTolerance(1e-5).run(Duration.ZERO, 2).clean()).isTrue();
    assertThat(close.withTolerance(1e-5).run(Duration.ZERO, 2).tolerance()).isEqualTo(1e-5);
  }

  @Test
  void categoricalFeaturesCompareCategories() {
    EventLog plan = EventLog.categoricalBuilder("plan")
        .add(1, 0, 0, "basic")
        .add(1, 0, 10 * HOUR, "premium")
        .build();
    CategoricalFeatureFunction honest = (h, e, t) -> h.asOf(t).events(e).latestCategory();
    CategoricalFeatureFunction peeks = (h, e, t) -> h.events(e).latestCategory();
    Spine spine = Spine.of(new long[] {1, 2}, new long[] {HOUR, HOUR});
    assertThat(FutureReadProbe.categorical("plan", honest, spine, new String[] {"basic", null}, plan)
        .run(Duration.ZERO, 2).clean()).isTrue();
    FutureReadReport report = FutureReadProbe.categorical("plan", peeks, spine, new String[] {"premium", null}, plan)
        .run(Duration.ZERO, 2);
    assertThat(report.examples()).singleElement().satisfies(e -> {
      assertThat(e.used()).isEqualTo("'premium'");
      assertThat(e.asOfDecision()).isEqualTo("'basic'");
    });
  }

  @Test
  void theSampleIsDeterministicSortedAndOfTheRequestedSize() {
    int[] sample = FutureReadProbe.sample(100_000, 1_000);
    assertThat(sample).hasSize(1_000).isSorted().doesNotHaveDuplicates();
    assertThat(sample).isEqualTo(FutureReadProbe.sample(100_000, 1_000));
    assertThat(sample[sample.length - 1]).as("spread over the whole spine").isGreaterThan(90_000);
    assertThat(sample[0]).isLessThan(10_000);
    assertThat(FutureReadProbe.sample(3, 1_000)).containsExactly(0, 1, 2);
    assertThat(FutureReadProbe.sample(0, 5)).isEmpty();
  }

  @Test
  void aFunctionThatThrowsIsReportedWithItsRow() {
    FeatureFunction firstEvent = (h, e, t) -> h.asOf(t).events(e).value(0);
    Spine spine = Spine.of(new long[] {1}, new long[] {0});
    assertThatThrownBy(() -> FutureReadProbe.numeric("balance", firstEvent, spine, new double[] {10}, balance())
        .run(Duration.ZERO, 1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("the feature function of 'balance' threw on row 0 (entity 1, decided 1970-01-01T00:00:00Z)")
        .hasMessageContaining("It must give a value (NaN or null when missing) for any history");
  }

  @Test
  void invalidInputsFailNamingTheProblem() {
    Spine spine = spine();
    assertThatThrownBy(() -> FutureReadProbe.numeric("balance", HONEST, spine, new double[2], balance()))
        .hasMessageContaining("2 values used but the spine has 5 rows");
    assertThatThrownBy(() -> FutureReadProbe.numeric("balance", HONEST, spine, new double[5]))
        .hasMessageContaining("has no event logs");
    assertThatThrownBy(() -> FutureReadProbe.numeric("balance", HONEST, spine, new double[5], balance(), balance()))
        .hasMessageContaining("two event logs are named 'balance'");
    FutureReadProbe probe = FutureReadProbe.numeric("balance", HONEST, spine, new double[5], balance());
    assertThatThrownBy(() -> probe.run(Duration.ZERO, 0)).hasMessageContaining("future-read sample is 0");
    assertThatThrownBy(() -> probe.run(Duration.ofHours(-1), 5)).hasMessageContaining("must not be negative");
    assertThatThrownBy(() -> probe.withTolerance(Double.NaN)).hasMessageContaining("tolerance of 'balance' is NaN");
    assertThatThrownBy(() -> EventLogView.of(balance(), EventLog.numericBuilder("x").build()).events(1))
        .hasMessageContaining("name the one to read, events(\"balance\", entity)");
    assertThatThrownBy(() -> EventLogView.of(balance()).events("blance", 1))
        .hasMessageContaining("no event log named 'blance' in this view (logs: [balance])");
    assertThatThrownBy(() -> EventLogView.of(List.of())).hasMessageContaining("no event logs given");
    assertThatThrownBy(() -> FutureReadProbe.numeric("balance", HONEST, spine, new double[5],
        EventLogView.of(balance()).asOf(HOUR)))
        .hasMessageContaining("is already cut at 3600000: pass the whole history");
  }

  private static List<Double> values(EntityEvents events) {
    Double[] values = new Double[events.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = events.value(i);
    }
    return List.of(values);
  }
}
