package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@link SameRanking} against its O(n^2) definition: every pair of rows ordered alike, ties alike. */
class SameRankingPropertyTests {

  /** The definition: for every pair of rows, the two models order them the same way (-0.0 == 0.0). */
  static boolean bruteForce(double[] candidate, double[] baseline) {
    for (int i = 0; i < candidate.length; i++) {
      for (int j = 0; j < candidate.length; j++) {
        if (Integer.signum(compare(candidate[i], candidate[j])) != Integer.signum(compare(baseline[i], baseline[j]))) {
          return false;
        }
      }
    }
    return true;
  }

  private static int compare(double x, double y) {
    return x < y ? -1 : x > y ? 1 : 0;
  }

  @Property(tries = 2000)
  void agreesWithTheDefinition(@ForAll("pairs") double[][] pair) {
    assertThat(SameRanking.of(pair[0], pair[1])).isEqualTo(bruteForce(pair[0], pair[1]));
  }

  @Property(tries = 500)
  void anyStrictlyIncreasingTransformRanksAlike(@ForAll("columns") double[] baseline,
      @ForAll("increasing") int transform) {
    double[] candidate = new double[baseline.length];
    for (int i = 0; i < baseline.length; i++) {
      double x = baseline[i];
      candidate[i] = switch (transform) {
        case 0 -> 3 * x - 7;
        case 1 -> Math.exp(x / 8);
        case 2 -> x * x * x;
        default -> -1 / (x + 100);
      };
    }
    assertThat(SameRanking.of(candidate, baseline)).isTrue();
    assertThat(bruteForce(candidate, baseline)).isTrue();
  }

  @Property(tries = 500)
  void identicalMeansEqualByValue(@ForAll("columns") double[] scores) {
    double[] negated = new double[scores.length];
    for (int i = 0; i < scores.length; i++) {
      negated[i] = scores[i] == 0 ? -scores[i] : scores[i];
    }
    assertThat(SameRanking.identical(scores, negated)).isTrue();
    assertThat(SameRanking.of(scores, negated)).isTrue();
  }

  @Provide
  Arbitrary<Integer> increasing() {
    return Arbitraries.integers().between(0, 3);
  }

  /** Small values with many ties, zeros of both signs. */
  @Provide
  Arbitrary<double[]> columns() {
    return Arbitraries.integers().between(-4, 4).map(v -> v == 0 ? (Math.random() < 0.5 ? -0.0 : 0.0) : v * 1.0)
        .array(double[].class).ofMinSize(1).ofMaxSize(12);
  }

  /** Two columns of one length: unrelated, or the second a (possibly perturbed) transform of the first. */
  @Provide
  Arbitrary<double[][]> pairs() {
    return Arbitraries.integers().between(1, 12).flatMap(n -> {
      Arbitrary<double[]> column = Arbitraries.integers().between(-3, 3).map(v -> v == 0 ? -0.0 : v * 1.0)
          .array(double[].class).ofSize(n);
      Arbitrary<Integer> mode = Arbitraries.integers().between(0, 2);
      Arbitrary<Integer> row = Arbitraries.integers().between(0, n - 1);
      return Combinators.combine(column, column, mode, row).as((a, b, m, r) -> {
        double[] second = switch (m) {
          case 0 -> b;
          case 1 -> transformed(a);
          default -> perturbed(transformed(a), r);
        };
        return new double[][] {second, a};
      });
    });
  }

  private static double[] transformed(double[] a) {
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = 2 * a[i] + 1;
    }
    return out;
  }

  private static double[] perturbed(double[] a, int row) {
    double[] out = a.clone();
    out[row] += 1.5;
    return out;
  }
}
