package dev.backtestgate.pointintime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class PointInTimeCheckTests {

  @Test
  void valuesKnownAtOrBeforeDecisionPass() {
    long[] decided = {100, 200, 300};
    assertThat(PointInTimeCheck.check("f", decided, new long[] {100, 150, 0}, Duration.ZERO)).isEmpty();
  }

  @Test
  void lateValuesAreCountedWithLargestLeadAndExamples() {
    long[] decided = {100, 200, 300, 400, 500, 600, 700, 800};
    long[] known = {101, 200, 900, 401, 502, 603, 704, 805};
    PointInTimeViolation v = PointInTimeCheck.check("status", decided, known, Duration.ZERO).orElseThrow();
    assertThat(v.feature()).isEqualTo("status");
    assertThat(v.rowsAffected()).isEqualTo(7);
    assertThat(v.rows()).isEqualTo(8);
    assertThat(v.share()).isEqualTo(7 / 8.0);
    assertThat(v.largestLead()).isEqualTo(Duration.ofMillis(600));
    assertThat(v.examples()).extracting(PointInTimeViolation.ExampleRow::row).containsExactly(0, 2, 3, 4, 5);
    assertThat(v.examples().get(1).decisionTime()).isEqualTo(Instant.ofEpochMilli(300));
    assertThat(v.examples().get(1).knownAt()).isEqualTo(Instant.ofEpochMilli(900));
  }

  @Test
  void availabilityLagMakesValuesUsableLater() {
    long[] decided = {1_000, 2_000};
    long[] known = {500, 1_400};
    assertThat(PointInTimeCheck.check("f", decided, known, Duration.ofMillis(500))).isEmpty();
    PointInTimeViolation v = PointInTimeCheck.check("f", decided, known, Duration.ofMillis(601)).orElseThrow();
    assertThat(v.rowsAffected()).isEqualTo(2);
    assertThat(v.largestLead()).isEqualTo(Duration.ofMillis(101));
    assertThat(v.availabilityLag()).isEqualTo(Duration.ofMillis(601));
  }

  @Test
  void rowsWithoutValueAreNotChecked() {
    long[] decided = {1_000, 2_000};
    long[] known = {PointInTimeCheck.NO_VALUE, 3_000};
    PointInTimeViolation v = PointInTimeCheck.check("f", decided, known, Duration.ZERO).orElseThrow();
    assertThat(v.rowsAffected()).isEqualTo(1);
    assertThat(v.rowsWithValue()).isEqualTo(1);
  }

  @Test
  void lengthMismatchIsRejected() {
    assertThatThrownBy(() -> PointInTimeCheck.check("f", new long[2], new long[3], Duration.ZERO))
        .hasMessageContaining("feature 'f' has 3 knowledge times for 2 decision times");
  }

  @Property
  void agreesWithTheDefinition(@ForAll @Size(max = 200) long[] decided, @ForAll @LongRange(min = 0, max = 50) long lag,
      @ForAll long seed) {
    java.util.Random random = new java.util.Random(seed);
    long[] known = new long[decided.length];
    int expected = 0;
    long largest = 0;
    for (int i = 0; i < decided.length; i++) {
      decided[i] = Math.floorMod(decided[i], 1_000_000L);
      known[i] = random.nextInt(10) == 0 ? PointInTimeCheck.NO_VALUE : decided[i] + random.nextInt(201) - 100;
      if (known[i] != PointInTimeCheck.NO_VALUE && known[i] + lag > decided[i]) {
        expected++;
        largest = Math.max(largest, known[i] + lag - decided[i]);
      }
    }
    var result = PointInTimeCheck.check("f", decided, known, Duration.ofMillis(lag));
    assertThat(result.map(PointInTimeViolation::rowsAffected).orElse(0)).isEqualTo(expected);
    assertThat(result.map(v -> v.largestLead().toMillis()).orElse(0L)).isEqualTo(largest);
  }
}
