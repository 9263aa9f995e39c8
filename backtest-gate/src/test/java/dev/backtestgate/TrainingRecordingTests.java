package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Recording the training set and entities, and what {@code build()} says about bad recordings. */
class TrainingRecordingTests {
  private static final long DAY = 86_400_000L;
  private static final long[] DECIDED = {10 * DAY, 20 * DAY};
  private static final long[] KNOWN = {100 * DAY, 110 * DAY};

  private static BacktestRun.Builder run() {
    return TrainingFingerprintTests.plain();
  }

  private static void rejects(BacktestRun.Builder builder, String... fragments) {
    assertThatThrownBy(builder::build).isInstanceOf(InvalidBacktestRunException.class)
        .hasMessageContaining("is invalid").hasMessageContainingAll(fragments);
  }

  @Test
  void aRunWithoutTrainingSetHasNone() {
    BacktestRun r = run().build();
    assertThat(r.training()).isEmpty();
    assertThat(r.entities()).isEmpty();
    assertThat(r.entityKeys()).isEmpty();
  }

  @Test
  void numericEntitiesAreKeptAsGiven() {
    long[] test = {7, 8, 9, 7};
    BacktestRun r = run().training(DECIDED, KNOWN, new long[] {7, 42}).entities(test).build();
    assertThat(r.training()).hasValue(new TrainingSet(DECIDED, KNOWN, new long[] {7, 42}));
    assertThat(r.entities()).containsSame(test);
    assertThat(r.entityKey(42)).isEqualTo("42");
  }

  @Test
  void stringEntitiesShareOneDictionaryAcrossTrainingAndTest() {
    BacktestRun r = run().training(DECIDED, KNOWN, new String[] {"acc-9", "acc-1"})
        .entities(new String[] {"acc-1", "acc-2", "acc-9", "acc-1"}).build();
    assertThat(r.training().orElseThrow().entities()).containsExactly(0, 1);
    assertThat(r.entities().orElseThrow()).containsExactly(1, 2, 0, 1);
    assertThat(r.entityKeys()).containsExactly("acc-9", "acc-1", "acc-2");
    assertThat(r.entityKey(2)).isEqualTo("acc-2");
  }

  @Test
  void instantsAreConvertedAndNullsNamed() {
    Instant[] decided = {Instant.ofEpochMilli(DECIDED[0]), Instant.ofEpochMilli(DECIDED[1])};
    Instant[] known = {Instant.ofEpochMilli(KNOWN[0]), Instant.ofEpochMilli(KNOWN[1])};
    assertThat(run().training(decided, known).build().training().orElseThrow().labelKnownAt()).containsExactly(KNOWN);
    assertThat(run().training(decided, known, new String[] {"a", "b"}).entities(new String[] {"a", "b", "c", "d"})
        .build().training().orElseThrow().entities()).containsExactly(0, 1);
    rejects(run().training(decided, new Instant[] {known[0], null}),
        "training labelKnownAt has 1 missing time (first at row 1: null)");
  }

  @Test
  void lengthsMustMatch() {
    rejects(run().training(DECIDED, new long[] {KNOWN[0]}),
        "training labelKnownAt has 1 rows but training decisionTimes have 2");
    rejects(run().training(DECIDED, KNOWN, new long[] {1}).entities(new long[] {1, 2, 3, 4}),
        "training entities has 1 rows but training decisionTimes have 2");
    rejects(run().training(DECIDED, KNOWN, new long[] {1, 2}).entities(new long[] {1, 2}),
        "entities has 2 rows but labels have 4");
  }

  @Test
  void aLabelCannotBeKnownBeforeItsDecision() {
    rejects(run().training(DECIDED, new long[] {KNOWN[0], 19 * DAY}),
        "training labelKnownAt is before the row's decision time in 1 row (first at training row 1: decided "
            + "1970-01-21T00:00:00Z, label known 1970-01-20T00:00:00Z)", "the end of its outcome window");
  }

  @Test
  void missingNegativeOrEmptyTrainingSetsAreRejected() {
    rejects(run().training(null, KNOWN), "the training set is missing its decision times");
    rejects(run().training(new long[0], new long[0]), "the training set has no rows");
    rejects(run().training(new long[] {-5, 20 * DAY}, KNOWN), "training decisionTimes has 1 negative time (first at "
        + "row 0: -5 ms)");
    rejects(run().training(DECIDED, KNOWN).training(DECIDED, KNOWN), "the training set is given 2 times");
  }

  @Test
  void entitiesMustBeGivenOnBothSidesTheSameWay() {
    rejects(run().training(DECIDED, KNOWN, new long[] {1, 2}), "the test rows have none: pass entities(...)");
    rejects(run().training(DECIDED, KNOWN).entities(new long[] {1, 2, 3, 4}),
        "the test rows have entities but the training set has none");
    rejects(run().training(DECIDED, KNOWN, new String[] {"a", "b"}).entities(new long[] {1, 2, 3, 4}),
        "the training set's entities are strings but the test rows' are numbers");
    rejects(run().training(DECIDED, KNOWN, new String[] {"a", null}).entities(new String[] {"a", "b", "c", null}),
        "training entities has 1 missing key (null, empty or blank; first at row 1: null)",
        "test entities (entities) has 1 missing key (null, empty or blank; first at row 3: null)");
    rejects(run().training(DECIDED, KNOWN, new String[] {"a", ""}).entities(new String[] {"a", "b", " ", "c"}),
        "training entities has 1 missing key (null, empty or blank; first at row 1: empty)",
        "test entities (entities) has 1 missing key (null, empty or blank; first at row 2: blank ' ')");
    rejects(run().training(DECIDED, KNOWN, (long[]) null), "training entities are null");
  }

  @Test
  void testEntitiesAloneAreAccepted() {
    assertThat(run().entities(new String[] {"a", "b", "c", "a"}).build().entities().orElseThrow())
        .containsExactly(0, 1, 2, 0);
  }
}
