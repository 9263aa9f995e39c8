package dev.backtestgate.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Declaring corrections never changes what the as-of join picks: the latest known version still wins. Random
 * logs with ties, late corrections and future-valid events; random valid declarations (each correction points
 * at an earlier-recorded event of its entity, chains included); the joined values, knownAt times and source
 * rows must be identical with and without them.
 */
class CorrectionsJoinPropertyTests {

  @Property(tries = 300, seed = "24")
  void declaringCorrectionsNeverChangesTheJoin(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int n, @ForAll @LongRange(min = 0, max = 6) long lag,
      @ForAll boolean categorical) {
    Random random = new Random(seed);
    long[] entity = new long[n];
    long[] validFrom = new long[n];
    long[] recordedAt = new long[n];
    double[] values = new double[n];
    int[] codes = new int[n];
    for (int i = 0; i < n; i++) {
      entity[i] = random.nextInt(5);
      validFrom[i] = random.nextInt(30);
      recordedAt[i] = validFrom[i] + random.nextInt(40) - 8;
      values[i] = random.nextInt(7);
      codes[i] = random.nextInt(3);
    }
    EventLog plain = categorical
        ? EventLog.categorical("f", entity, validFrom, recordedAt, codes, java.util.List.of("a", "b", "c"))
        : EventLog.numeric("f", entity, validFrom, recordedAt, values);
    long[] ids = new long[n];
    long[] corrects = new long[n];
    String[] reasons = new String[n];
    Arrays.fill(corrects, Corrections.NONE);
    for (int i = 0; i < n; i++) {
      ids[i] = 1_000L * i - 7; // not positions
    }
    for (int i = 0; i < n; i++) {
      int target = random.nextInt(Math.max(1, n));
      if (n > 0 && random.nextInt(3) > 0 && entity[target] == entity[i] && recordedAt[target] < recordedAt[i]) {
        corrects[i] = ids[target];
        reasons[i] = "r" + random.nextInt(4);
      }
    }
    EventLog declared = plain.withCorrections(ids, corrects, reasons);

    Spine.Builder spine = Spine.builder();
    for (int r = 0; r < 40; r++) {
      spine.add(random.nextInt(6), random.nextInt(70) - 5);
    }
    Spine rows = spine.build();
    PointInTimeJoin join = PointInTimeJoin.builder().availabilityLag(Duration.ofMillis(lag)).build();
    FeatureTable without = join.join(rows, plain);
    FeatureTable with = join.join(rows, declared);

    if (categorical) {
      JoinedFeature.Categorical a = without.categorical("f");
      JoinedFeature.Categorical b = with.categorical("f");
      assertThat(b.codes()).containsExactly(a.codes());
      assertThat(b.knownAt()).containsExactly(a.knownAt());
      assertThat(b.sourceIndex()).containsExactly(a.sourceIndex());
    } else {
      JoinedFeature.Numeric a = without.numeric("f");
      JoinedFeature.Numeric b = with.numeric("f");
      assertThat(b.values()).containsExactly(a.values());
      assertThat(b.knownAt()).containsExactly(a.knownAt());
      assertThat(b.sourceIndex()).containsExactly(a.sourceIndex());
    }
    assertThat(with.feature("f").sourceIndex()).containsExactly(BruteForceJoin.chooseAll(rows, declared, lag, -1));
  }
}
