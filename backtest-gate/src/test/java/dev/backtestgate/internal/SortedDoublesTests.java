package dev.backtestgate.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;

class SortedDoublesTests {
  /** Against a count of every value: ties, values outside the range and an empty array included. */
  @Property
  void countsEveryValueAtOrBelow(@ForAll @Size(max = 40) double[] values,
      @ForAll @DoubleRange(min = -3, max = 3) double x) {
    double[] sorted = Arrays.stream(values).map(v -> Math.rint(v % 4)).filter(v -> !Double.isNaN(v)).sorted().toArray();
    long expected = Arrays.stream(sorted).filter(v -> v <= Math.rint(x)).count();
    assertThat(SortedDoubles.atOrBelow(sorted, Math.rint(x))).isEqualTo((int) expected);
  }
}
