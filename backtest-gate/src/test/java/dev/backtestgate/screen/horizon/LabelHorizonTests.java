package dev.backtestgate.screen.horizon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class LabelHorizonTests {
  private static final long DAY = 86_400_000L;
  private static final long TEST_FROM = Instant.parse("2024-10-01T00:00:00Z").toEpochMilli();

  @Test
  void labelsResolvedBeforeTheTestPeriodPass() {
    long[] decided = {TEST_FROM - 120 * DAY, TEST_FROM - 91 * DAY};
    long[] known = {TEST_FROM - 30 * DAY, TEST_FROM - DAY};
    assertThat(LabelHorizon.check(decided, known, new long[] {TEST_FROM + DAY, TEST_FROM}, Duration.ZERO)).isEmpty();
  }

  @Test
  void aLabelResolvedExactlyAtTheCutoffPassesOneMillisecondLaterFails() {
    long[] decided = {TEST_FROM - 90 * DAY};
    assertThat(LabelHorizon.check(decided, new long[] {TEST_FROM}, new long[] {TEST_FROM}, Duration.ZERO)).isEmpty();
    LabelHorizonViolation v = LabelHorizon.check(decided, new long[] {TEST_FROM + 1}, new long[] {TEST_FROM},
        Duration.ZERO).orElseThrow();
    assertThat(v.overlap()).isEqualTo(Duration.ofMillis(1));
  }

  @Test
  void reportsRowsLatestResolutionOverlapAndFirstExamples() {
    int n = 10;
    long[] decided = new long[n];
    long[] known = new long[n];
    for (int i = 0; i < n; i++) {
      decided[i] = TEST_FROM - (100 - 5 * i) * DAY;
      known[i] = decided[i] + 90 * DAY;
    }
    LabelHorizonViolation v = LabelHorizon.check(decided, known, new long[] {TEST_FROM + 5 * DAY, TEST_FROM},
        Duration.ofDays(7)).orElseThrow();

    // cutoff = TEST_FROM - 7d; label i resolves at TEST_FROM - (10 - 5i)d: rows 1.. are after the cutoff
    assertThat(v.trainingRows()).isEqualTo(10);
    assertThat(v.rowsAffected()).isEqualTo(9);
    assertThat(v.earliestTestDecision()).isEqualTo(Instant.ofEpochMilli(TEST_FROM));
    assertThat(v.cutoff()).isEqualTo(Instant.ofEpochMilli(TEST_FROM - 7 * DAY));
    assertThat(v.latestResolution()).isEqualTo(Instant.ofEpochMilli(TEST_FROM + 35 * DAY));
    assertThat(v.overlap()).isEqualTo(Duration.ofDays(42));
    assertThat(v.share()).isEqualTo(0.9);
    assertThat(v.examples()).extracting(LabelHorizonViolation.ExampleRow::row).containsExactly(1, 2, 3, 4, 5);
    assertThat(v.examples().get(0).labelKnownAt()).isEqualTo(Instant.ofEpochMilli(TEST_FROM - 5 * DAY));
    assertThat(v.examples().get(0).decisionTime()).isEqualTo(Instant.ofEpochMilli(TEST_FROM - 95 * DAY));
  }

  @Test
  void anEmbargoLongerThanTheEpochDoesNotOverflow() {
    LabelHorizonViolation v = LabelHorizon.check(new long[] {0}, new long[] {0}, new long[] {DAY},
        Duration.ofDays(365L * 1_000_000)).orElseThrow();
    assertThat(v.overlap()).isEqualTo(Duration.ofDays(365L * 1_000_000).minusDays(1));
    assertThat(v.cutoff()).isEqualTo(Instant.ofEpochMilli(DAY).minus(Duration.ofDays(365L * 1_000_000)));
  }

  @Test
  void invalidInputIsNamed() {
    assertThatThrownBy(() -> LabelHorizon.check(new long[2], new long[1], new long[1], Duration.ZERO))
        .hasMessageContaining("1 label times for 2 decision times");
    assertThatThrownBy(() -> LabelHorizon.check(new long[1], new long[1], new long[0], Duration.ZERO))
        .hasMessageContaining("no test rows");
    assertThatThrownBy(() -> LabelHorizon.check(new long[1], new long[1], new long[1], Duration.ofDays(-1)))
        .hasMessageContaining("embargo is PT-24H");
  }

  /** The definition, row by row: a label counts when it became known after min(test decisions) - embargo. */
  @Property(tries = 300)
  void agreesWithTheDefinition(@ForAll @Size(min = 1, max = 60) long[] knownOffsets,
      @ForAll @Size(min = 1, max = 20) long[] testOffsets, @ForAll @IntRange(min = 0, max = 30) int embargoDays,
      @ForAll @LongRange(min = 0, max = 3) long unit) {
    long scale = unit == 0 ? 1 : unit * DAY / 4;
    int n = knownOffsets.length;
    long[] known = new long[n];
    long[] decided = new long[n];
    for (int i = 0; i < n; i++) {
      known[i] = TEST_FROM + Math.floorMod(knownOffsets[i], 200) * scale - 100 * scale;
      decided[i] = known[i] - Math.floorMod(knownOffsets[i], 91) * DAY;
    }
    long[] test = new long[testOffsets.length];
    for (int j = 0; j < test.length; j++) {
      test[j] = TEST_FROM + Math.floorMod(testOffsets[j], 50) * scale - 10 * scale;
    }
    Duration embargo = Duration.ofDays(embargoDays);

    int affected = 0;
    long latest = Long.MIN_VALUE;
    int firstAffected = -1;
    for (int i = 0; i < n; i++) {
      boolean afterSomeCutoff = false;
      for (long t : test) { // after the earliest test decision's cutoff = after some test decision's cutoff
        afterSomeCutoff |= known[i] > t - embargo.toMillis();
      }
      if (afterSomeCutoff) {
        affected++;
        latest = Math.max(latest, known[i]);
        firstAffected = firstAffected < 0 ? i : firstAffected;
      }
    }

    var result = LabelHorizon.check(decided, known, test, embargo);
    if (affected == 0) {
      assertThat(result).isEmpty();
      return;
    }
    LabelHorizonViolation v = result.orElseThrow();
    assertThat(v.rowsAffected()).isEqualTo(affected);
    assertThat(v.trainingRows()).isEqualTo(n);
    assertThat(v.latestResolution().toEpochMilli()).isEqualTo(latest);
    assertThat(v.cutoff().plus(v.overlap()).toEpochMilli()).isEqualTo(latest);
    assertThat(v.overlap()).isPositive();
    assertThat(v.examples()).hasSize(Math.min(affected, LabelHorizon.MAX_EXAMPLES));
    assertThat(v.examples().get(0).row()).isEqualTo(firstAffected);
  }
}
