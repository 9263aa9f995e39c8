package dev.backtestgate.screen.overlap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class TrainTestOverlapTests {
  private static final long DAY = 86_400_000L;
  private static final long T0 = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();

  @Test
  void entitiesTrainedOnOnlyBeforeTheirTestRowsDoNotOverlap() {
    long[] trainEntities = {1, 2, 1};
    long[] trainDecided = {T0, T0 + DAY, T0 + 2 * DAY};
    assertThat(TrainTestOverlap.check(trainEntities, trainDecided, new long[] {1, 2, 3},
        new long[] {T0 + 3 * DAY, T0 + 2 * DAY, T0})).isEmpty();
  }

  @Test
  void aTestRowIsFlaggedWhenItsEntityIsInTrainingAtOrAfterItsDecision() {
    long[] trainEntities = {7, 8, 7, 9};
    long[] trainDecided = {T0, T0 + 5 * DAY, T0 + 10 * DAY, T0};
    long[] testEntities = {7, 8, 9, 7, 10};
    long[] testDecided = {T0 + 10 * DAY, T0 + 6 * DAY, T0, T0 + 11 * DAY, T0};

    TrainTestOverlapReport r = TrainTestOverlap.check(trainEntities, trainDecided, testEntities, testDecided)
        .orElseThrow();

    assertThat(r.testRows()).isEqualTo(5);
    assertThat(r.rowsAffected()).isEqualTo(2); // row 0: 7 trained up to its own decision; row 2: 9 at the same time
    assertThat(r.entitiesAffected()).isEqualTo(2);
    assertThat(r.entities()).containsExactly(7L, 9L);
    assertThat(r.examples()).containsExactly(
        new TrainTestOverlapReport.ExampleRow(0, 7, Instant.ofEpochMilli(T0 + 10 * DAY),
            Instant.ofEpochMilli(T0 + 10 * DAY)),
        new TrainTestOverlapReport.ExampleRow(2, 9, Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0)));
    assertThat(r.share()).isEqualTo(0.4);
  }

  @Test
  void entitiesAndExamplesAreCappedButCountsAreNot() {
    int n = 30;
    long[] ids = new long[n];
    long[] decided = new long[n];
    for (int i = 0; i < n; i++) {
      ids[i] = 1_000 + i;
      decided[i] = T0;
    }
    TrainTestOverlapReport r = TrainTestOverlap.check(ids, decided, ids, decided).orElseThrow();
    assertThat(r.rowsAffected()).isEqualTo(n);
    assertThat(r.entitiesAffected()).isEqualTo(n);
    assertThat(r.entities()).hasSize(TrainTestOverlap.MAX_ENTITIES).first().isEqualTo(1_000L);
    assertThat(r.examples()).hasSize(TrainTestOverlap.MAX_EXAMPLES);
  }

  @Test
  void lengthMismatchesAreNamed() {
    assertThatThrownBy(() -> TrainTestOverlap.check(new long[2], new long[1], new long[1], new long[1]))
        .hasMessageContaining("training set has 2 entities for 1 decision times");
    assertThatThrownBy(() -> TrainTestOverlap.check(new long[1], new long[1], new long[1], new long[3]))
        .hasMessageContaining("test set has 1 entities for 3 decision times");
  }

  /** The definition, pair by pair: test row j overlaps when some training row i has its entity and a time >= its. */
  @Property(tries = 300)
  void agreesWithThePairwiseDefinition(@ForAll @Size(max = 60) int[] train, @ForAll @Size(max = 40) int[] test,
      @ForAll @IntRange(min = 1, max = 12) int entityCount) {
    long[] trainIds = new long[train.length];
    long[] trainDecided = new long[train.length];
    for (int i = 0; i < train.length; i++) {
      trainIds[i] = Math.floorMod(train[i], entityCount) * 0x1_0000_0001L - 5; // spread, negative ids too
      trainDecided[i] = T0 + Math.floorMod(train[i] / 13, 20) * DAY;
    }
    long[] testIds = new long[test.length];
    long[] testDecided = new long[test.length];
    for (int j = 0; j < test.length; j++) {
      testIds[j] = Math.floorMod(test[j], entityCount + 2) * 0x1_0000_0001L - 5;
      testDecided[j] = T0 + Math.floorMod(test[j] / 17, 20) * DAY;
    }

    List<Integer> flagged = new ArrayList<>();
    Set<Long> entities = new LinkedHashSet<>();
    for (int j = 0; j < test.length; j++) {
      for (int i = 0; i < train.length; i++) {
        if (trainIds[i] == testIds[j] && trainDecided[i] >= testDecided[j]) {
          flagged.add(j);
          entities.add(testIds[j]);
          break;
        }
      }
    }

    var result = TrainTestOverlap.check(trainIds, trainDecided, testIds, testDecided);
    if (flagged.isEmpty()) {
      assertThat(result).isEmpty();
      return;
    }
    TrainTestOverlapReport r = result.orElseThrow();
    assertThat(r.rowsAffected()).isEqualTo(flagged.size());
    assertThat(r.entitiesAffected()).isEqualTo(entities.size());
    assertThat(r.entities()).containsExactlyElementsOf(
        entities.stream().limit(TrainTestOverlap.MAX_ENTITIES).toList());
    assertThat(r.examples()).extracting(TrainTestOverlapReport.ExampleRow::row).containsExactlyElementsOf(
        flagged.subList(0, Math.min(flagged.size(), TrainTestOverlap.MAX_EXAMPLES)));
    for (TrainTestOverlapReport.ExampleRow e : r.examples()) {
      long latest = Long.MIN_VALUE;
      for (int i = 0; i < train.length; i++) {
        if (trainIds[i] == e.entity()) {
          latest = Math.max(latest, trainDecided[i]);
        }
      }
      assertThat(e.latestTrainingDecision().toEpochMilli()).isEqualTo(latest);
      assertThat(e.latestTrainingDecision()).isAfterOrEqualTo(e.decisionTime());
    }
  }
}
