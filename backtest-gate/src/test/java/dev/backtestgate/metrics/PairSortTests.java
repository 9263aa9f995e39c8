package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.metrics.Samples.Shape;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class PairSortTests {

  /** Both the full sort and, alone, its O(k log k) fallback (which the full sort rarely reaches). */
  @Property(tries = 300)
  void sortsScoresAndCarriesTheirRows(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 3000) int n,
      @ForAll Shape shape,
      @ForAll boolean heapSortOnly) {
    double[] original = Samples.scores(new Random(seed), n, shape);
    double[] keys = original.clone();
    int[] rows = IntStream.range(0, n).toArray();
    if (heapSortOnly) {
      PairSort.heapSort(keys, rows, 0, n);
    } else {
      PairSort.sort(keys, rows, 0, n);
    }
    assertSortedPermutation(original, keys, rows);
  }

  private static void assertSortedPermutation(double[] original, double[] keys, int[] rows) {
    for (int k = 0; k < rows.length; k++) {
      assertThat(Double.compare(keys[k], original[rows[k]])).as("row carried at %d", k).isZero();
      if (k > 0) {
        assertThat(keys[k - 1] <= keys[k]).as("order at %d", k).isTrue();
      }
    }
    int[] sorted = rows.clone();
    Arrays.sort(sorted);
    assertThat(sorted).isEqualTo(IntStream.range(0, rows.length).toArray());
  }
}
