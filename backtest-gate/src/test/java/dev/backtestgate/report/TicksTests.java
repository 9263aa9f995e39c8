package dev.backtestgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

class TicksTests {
  /** Number of multiples of {@code step} in [lo, hi], counted one by one. */
  private static int bruteCount(double lo, double hi, double step) {
    int count = 0;
    for (long k = (long) Math.floor(lo / step) - 1; k * step <= hi + 1e-9 * step; k++) {
      if (k * step >= lo - 1e-9 * step) {
        count++;
      }
    }
    return count;
  }

  @Property(tries = 1000)
  void smallestRoundStepWithAtMostMaxTicks(@ForAll @DoubleRange(min = -1, max = 1) @Scale(6) double lo,
      @ForAll @DoubleRange(min = 0.001, max = 2) @Scale(6) double width, @ForAll @IntRange(min = 3, max = 10) int maxTicks) {
    double hi = lo + width;
    Ticks ticks = Ticks.within(lo, hi, maxTicks);
    int exponent = (int) Math.floor(Math.log10(ticks.step()) + 1e-9);
    double mantissa = ticks.step() / Math.pow(10, exponent);
    assertThat(mantissa).isIn(1.0, 2.0, 5.0).usingComparator((a, b) -> Math.abs(a - b) < 1e-6 ? 0 : 1);
    assertThat(ticks.count()).isLessThanOrEqualTo(maxTicks).isEqualTo(bruteCount(lo, hi, ticks.step()));
    assertThat(ticks.at(0)).isGreaterThanOrEqualTo(lo - 1e-9 * ticks.step());
    assertThat(ticks.at(ticks.count() - 1)).isLessThanOrEqualTo(hi + 1e-9 * ticks.step());
    double smaller = mantissa == 1 ? 0.5 * ticks.step() : mantissa == 2 ? 0.5 * ticks.step() : 0.4 * ticks.step();
    assertThat(bruteCount(lo, hi, smaller)).isGreaterThan(maxTicks);
  }

  @Test
  void labelsCarryTheSignAndJustEnoughDecimals() {
    Ticks ticks = Ticks.within(-0.013, 0.171, 7);
    assertThat(ticks.step()).isEqualTo(0.05);
    assertThat(java.util.stream.IntStream.range(0, ticks.count()).mapToObj(ticks::label))
        .containsExactly("0", "+0.05", "+0.10", "+0.15");
    Ticks fine = Ticks.within(-0.004, 0.006, 6);
    assertThat(java.util.stream.IntStream.range(0, fine.count()).mapToObj(fine::label))
        .containsExactly("-0.004", "-0.002", "0", "+0.002", "+0.004", "+0.006");
    assertThatThrownBy(() -> Ticks.within(1, 1, 5)).hasMessageContaining("finite range lo < hi");
  }
}
