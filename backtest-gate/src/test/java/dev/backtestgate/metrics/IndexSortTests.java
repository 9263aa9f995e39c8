package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.metrics.Samples.Shape;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class IndexSortTests {

  @Property(tries = 200)
  void sortsRowsByTheirScores(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int n, @ForAll Shape shape) {
    double[] keys = Samples.scores(new Random(seed), n, shape);
    int[] rows = IntStream.range(0, n).toArray();
    IndexSort.sort(rows, 0, n, keys);
    assertSortedPermutation(rows, keys);
  }

  @Property(tries = 100)
  void heapSortAloneAlsoSorts(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 500) int n, @ForAll Shape shape) {
    double[] keys = Samples.scores(new Random(seed), n, shape);
    int[] rows = IntStream.range(0, n).toArray();
    IndexSort.heapSort(rows, 0, n, keys);
    assertSortedPermutation(rows, keys);
  }

  private static void assertSortedPermutation(int[] rows, double[] keys) {
    for (int k = 1; k < rows.length; k++) {
      assertThat(keys[rows[k - 1]] <= keys[rows[k]]).as("order at %d", k).isTrue();
    }
    int[] sorted = rows.clone();
    Arrays.sort(sorted);
    assertThat(sorted).isEqualTo(IntStream.range(0, rows.length).toArray());
  }
}
