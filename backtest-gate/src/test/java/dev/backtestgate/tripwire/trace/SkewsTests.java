package dev.backtestgate.tripwire.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.FeatureColumn;
import dev.backtestgate.claim.FeatureValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The skew distances against brute force: the Kolmogorov–Smirnov distance of two samples as the largest difference
 * of their empirical distribution functions over every value of either, and the L-infinity distance of category
 * shares over every category of either.
 */
class SkewsTests {

  @Property(tries = 300)
  void numericKsFromACompleteSummaryIsTheExactTwoSampleDistance(
      @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 0, max = 60) Integer> backtest,
      @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 0, max = 60) Integer> production) {
    double[] b = backtest.stream().mapToDouble(i -> i / 4.0).toArray();
    double[] p = production.stream().mapToDouble(i -> i / 4.0).toArray();
    FeatureValues summary = FeatureValues.of(new FeatureColumn.Numeric("x", b));
    FeatureSkew skew = Skews.of(summary, text(p));
    assertThat(summary.complete()).isTrue();
    assertThat(skew.exact()).isTrue();
    assertThat(skew.distance()).isCloseTo(bruteKs(b, p), within(1e-12));
  }

  @Property(tries = 100)
  void numericKsFromPercentilesIsWithinOneHundredthOfTheExactDistance(
      @ForAll @Size(min = 200, max = 1500) List<@IntRange(min = 0, max = 100_000) Integer> backtest,
      @ForAll @Size(min = 1, max = 500) List<@IntRange(min = 0, max = 100_000) Integer> production) {
    double[] b = backtest.stream().mapToDouble(i -> i * 1.0).toArray();
    double[] p = production.stream().mapToDouble(i -> i * 1.0).toArray();
    FeatureValues summary = FeatureValues.of(new FeatureColumn.Numeric("x", b));
    FeatureSkew skew = Skews.of(summary, text(p));
    double exact = bruteKs(b, p);
    if (!summary.complete()) {
      assertThat(skew.exact()).isFalse();
      assertThat(summary.points()).hasSizeLessThanOrEqualTo(FeatureValues.MAX_POINTS);
      assertThat(skew.moved()).as("the one cut where the distance is taken").hasSize(1);
      assertThat(skew.distance()).isCloseTo(exact, within(0.01 + 1e-12));
    } else {
      assertThat(skew.distance()).isCloseTo(exact, within(1e-12));
    }
  }

  @Property(tries = 300)
  void categoricalDistanceIsTheLargestShareDifference(
      @ForAll @Size(min = 1, max = 300) List<@IntRange(min = -1, max = 12) Integer> backtest,
      @ForAll @Size(min = 1, max = 300) List<@IntRange(min = -1, max = 12) Integer> production) {
    int[] b = backtest.stream().mapToInt(Integer::intValue).toArray();
    FeatureValues summary = FeatureValues.of(new FeatureColumn.Categorical("c", b));
    List<String> served = production.stream().map(i -> i < 0 ? "" : Integer.toString(i)).toList();
    FeatureSkew skew = Skews.of(summary, served);
    Map<Integer, double[]> shares = new TreeMap<>();
    long nb = backtest.stream().filter(i -> i >= 0).count();
    long np = production.stream().filter(i -> i >= 0).count();
    backtest.stream().filter(i -> i >= 0).forEach(i -> shares.computeIfAbsent(i, k -> new double[2])[0] += 1.0 / nb);
    production.stream().filter(i -> i >= 0).forEach(i -> shares.computeIfAbsent(i, k -> new double[2])[1] += 1.0 / np);
    double brute = shares.values().stream().mapToDouble(s -> Math.abs(s[0] - s[1])).max().orElse(0);
    assertThat(skew.distance()).isCloseTo(brute, within(1e-9));
    assertThat(skew.productionRows()).isEqualTo(np);
  }

  /** The README's example, worked by hand: 11.8% of the backtest's rows at 4, 2.9% of production's. */
  @Test
  void theValuesThatMovedAreNamedLargestFirstWithTheirShares() {
    double[] backtest = new double[1000];
    Arrays.fill(backtest, 0, 118, 4);   // 118 rows at 4, 882 at 0
    List<String> production = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      production.add(i < 29 ? "4" : "0");
    }
    FeatureSkew skew = Skews.of(FeatureValues.of(new FeatureColumn.Numeric("worst_status_12m", backtest)),
        production);
    assertThat(skew.measure()).isEqualTo(FeatureSkew.KOLMOGOROV_SMIRNOV);
    assertThat(skew.distance()).isCloseTo(0.089, within(1e-12));
    assertThat(skew.moved().get(0).value()).isIn("= 4", "= 0");
    assertThat(skew.moved()).anySatisfy(m -> {
      assertThat(m.value()).isEqualTo("= 4");
      assertThat(m.backtest()).isCloseTo(0.118, within(1e-12));
      assertThat(m.production()).isCloseTo(0.029, within(1e-12));
    });
  }

  @Test
  void unreadableServedValuesAreCountedAndLeftOut() {
    FeatureSkew skew = Skews.of(FeatureValues.of(new FeatureColumn.Numeric("x", new double[] {1, 2, 3})),
        List.of("1", "two", "", "3"));
    assertThat(skew.productionRows()).isEqualTo(2);
    assertThat(skew.unreadable()).isEqualTo(1);
  }

  private static List<String> text(double[] values) {
    return Arrays.stream(values).mapToObj(Double::toString).toList();
  }

  /** sup over every value of either sample of |F_b - F_p|, by counting. */
  private static double bruteKs(double[] b, double[] p) {
    double best = 0;
    for (double[] sample : List.of(b, p)) {
      for (double x : sample) {
        double fb = Arrays.stream(b).filter(v -> v <= x).count() / (double) b.length;
        double fp = Arrays.stream(p).filter(v -> v <= x).count() / (double) p.length;
        best = Math.max(best, Math.abs(fb - fp));
      }
    }
    return best;
  }
}
