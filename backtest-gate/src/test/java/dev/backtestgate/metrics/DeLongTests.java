package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.metrics.Samples.Balance;
import dev.backtestgate.metrics.Samples.Shape;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.BiFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DeLongTests {
  private static final double EXACT = 1e-12;
  private static final double PROC = 1e-9;

  // ---- against the definition: structural components by the O(n^2) psi kernel ----

  @Property(tries = 200)
  void aKeptReferenceComparesEachModelExactlyAsComparingThePairDoes(
      @ForAll long seed,
      @ForAll @IntRange(min = 4, max = 150) int n,
      @ForAll Shape referenceShape,
      @ForAll Shape otherShape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 2);
    double[] reference = Samples.scores(random, n, referenceShape);
    DeLong.Reference kept = DeLong.reference(labels, reference, 0.9);
    for (int k = 0; k < 3; k++) {   // one reference, many models
      double[] other = Samples.scores(random, n, otherShape);
      assertThat(kept.compare(other)).isEqualTo(DeLong.compare(labels, other, reference, 0.9));
    }
  }

  @Property(tries = 300)
  void compareMatchesTheStructuralComponentsByDefinition(
      @ForAll long seed,
      @ForAll @IntRange(min = 4, max = 150) int n,
      @ForAll Shape candidateShape,
      @ForAll Shape baselineShape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 2);
    double[] candidate = Samples.scores(random, n, candidateShape);
    double[] baseline = Samples.scores(random, n, baselineShape);

    AucComparison fast = DeLong.compare(labels, candidate, baseline, 0.9);
    Reference slow = Reference.compare(labels, candidate, baseline, Reference::kernelPlacements);
    // the sort-based reference used for large inputs agrees with the kernel
    assertThat(Reference.compare(labels, candidate, baseline, Reference::sortedPlacements).variance)
        .isCloseTo(slow.variance, within(EXACT));

    assertThat(fast.candidateAuc()).isEqualTo(Auc.of(labels, candidate));
    assertThat(fast.baselineAuc()).isEqualTo(Auc.of(labels, baseline));
    assertThat(fast.candidateAuc()).isCloseTo(slow.aucA, within(EXACT));
    assertThat(fast.baselineAuc()).isCloseTo(slow.aucB, within(EXACT));
    assertThat(fast.lift()).isEqualTo(fast.candidateAuc() - fast.baselineAuc());
    assertThat(fast.confidenceLevel()).isEqualTo(0.9);
    assertThat(fast.standardError()).isCloseTo(Math.sqrt(Math.max(slow.variance, 0)), within(EXACT));
    // both variances and the covariance, as pROC's var(roc1), var(roc2) and cov(roc1, roc2)
    assertThat(fast.candidateVariance()).isCloseTo(slow.varA, within(EXACT));
    assertThat(fast.baselineVariance()).isCloseTo(slow.varB, within(EXACT));
    assertThat(fast.covariance()).isCloseTo(slow.cov, within(EXACT));
    assertThat(fast.candidateVariance()).isEqualTo(DeLong.estimate(labels, candidate, 0.9).variance());
    assertThat(fast.baselineVariance()).isEqualTo(DeLong.estimate(labels, baseline, 0.9).variance());
    assertThat(fast.candidateVariance() + fast.baselineVariance() - 2 * fast.covariance())
        .isCloseTo(fast.standardError() * fast.standardError(), within(EXACT));
    if (fast.standardError() == 0) {
      assertThat(fast.z()).isNaN();
      assertThat(fast.pValue()).isEqualTo(1.0);
      assertThat(fast.ciLower()).isEqualTo(fast.lift());
      assertThat(fast.ciUpper()).isEqualTo(fast.lift());
    } else {
      double halfWidth = 1.6448536269514722 * fast.standardError(); // qnorm(0.95) in R
      assertThat(fast.ciLower()).isCloseTo(fast.lift() - halfWidth, within(EXACT));
      assertThat(fast.ciUpper()).isCloseTo(fast.lift() + halfWidth, within(EXACT));
      assertThat(fast.z()).isEqualTo(fast.lift() / fast.standardError());
      assertThat(fast.pValue()).isBetween(0.0, 1.0);
    }
  }

  @Property(tries = 300)
  void estimateMatchesTheStructuralComponentsByDefinition(
      @ForAll long seed,
      @ForAll @IntRange(min = 4, max = 150) int n,
      @ForAll Shape shape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 2);
    double[] scores = Samples.scores(random, n, shape);

    AucEstimate fast = DeLong.estimate(labels, scores, 0.95);
    Reference slow = Reference.compare(labels, scores, null, Reference::kernelPlacements);

    assertThat(fast.auc()).isEqualTo(Auc.of(labels, scores));
    assertThat(fast.auc()).isCloseTo(slow.aucA, within(EXACT));
    assertThat(fast.variance()).isCloseTo(slow.variance, within(EXACT));
    assertThat(fast.standardError()).isEqualTo(Math.sqrt(fast.variance()));
    assertThat(fast.confidenceLevel()).isEqualTo(0.95);
    double halfWidth = 1.959963984540054 * fast.standardError(); // qnorm(0.975) in R
    assertThat(fast.ciLower()).isCloseTo(fast.auc() - halfWidth, within(EXACT));
    assertThat(fast.ciUpper()).isCloseTo(fast.auc() + halfWidth, within(EXACT));
  }

  /**
   * Large enough for many buckets, two threads and (skewed) oversized coarse buckets resolved in
   * place: checked against placements found by sorting.
   */
  @Property(tries = 10)
  void staysExactOnLargeInputs(
      @ForAll long seed,
      @ForAll @IntRange(min = 70_000, max = 150_000) int n,
      @ForAll Shape shape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 2);
    double[] candidate = Samples.scores(random, n, shape);
    double[] baseline = Samples.scores(random, n, Shape.SKEWED);

    AucComparison fast = DeLong.compare(labels, candidate, baseline, 0.95);
    AucEstimate one = DeLong.estimate(labels, candidate, 0.95);
    Reference slow = Reference.compare(labels, candidate, baseline, Reference::sortedPlacements);
    Reference single = Reference.compare(labels, candidate, null, Reference::sortedPlacements);

    assertThat(fast.candidateAuc()).isEqualTo(Auc.of(labels, candidate));
    assertThat(fast.baselineAuc()).isEqualTo(Auc.of(labels, baseline));
    // The fast path is exact (equal to Auc.of, integer sums); the reference sums n doubles one by one, so its own
    // rounding reaches about n * ulp(1) (1e-12 held at up to 150,000 rows until a draw found 1.02e-12).
    double summed = Math.max(EXACT, n * Math.ulp(1.0));
    assertThat(fast.candidateAuc()).isCloseTo(slow.aucA, within(summed));
    assertThat(fast.baselineAuc()).isCloseTo(slow.aucB, within(summed));
    assertThat(fast.standardError()).isCloseTo(Math.sqrt(Math.max(slow.variance, 0)), within(summed));
    assertThat(one.variance()).isCloseTo(single.variance, within(summed));
  }

  @Test
  void identicalRankingsHaveZeroStandardErrorAndAreNeverDividedBy() {
    boolean[] labels = {true, false, true, false, true, false, false};
    double[] scores = {0.9, 0.1, 0.4, 0.4, 0.7, 0.3, 0.8};
    double[] sameOrder = new double[scores.length];
    for (int i = 0; i < scores.length; i++) {
      sameOrder[i] = 10 * scores[i] - 3; // a monotone transform: the same ranking
    }
    AucComparison c = DeLong.compare(labels, scores, sameOrder, 0.95);
    assertThat(c.lift()).isZero();
    assertThat(c.standardError()).isZero();
    assertThat(c.z()).isNaN();
    assertThat(c.pValue()).isEqualTo(1.0);
    assertThat(c.ciLower()).isZero();
    assertThat(c.ciUpper()).isZero();
  }

  @Test
  void perfectSeparationHasZeroVarianceForOneModel() {
    boolean[] labels = {true, true, false, false};
    AucEstimate e = DeLong.estimate(labels, new double[] {0.9, 0.8, 0.2, 0.1}, 0.95);
    assertThat(e.auc()).isEqualTo(1.0);
    assertThat(e.variance()).isZero();
    assertThat(e.ciLower()).isEqualTo(1.0);
    assertThat(e.ciUpper()).isEqualTo(1.0);
  }

  // ---- against pROC 1.18.0 on its example data set aSAH ----
  // Values printed at 17 significant digits by backtest-gate/src/test/r/delong-reference.R, which also
  // wrote src/test/resources/dev/backtestgate/metrics/aSAH.csv (pROC, Turck et al. 2010; Robin et al.
  // 2011). pROC's documented roc.test example prints "Z = -2.209, p-value = 0.02718" for s100b vs wfns.

  private static boolean[] poor;
  private static double[] s100b;
  private static double[] wfns;
  private static double[] ndka;

  @BeforeAll
  static void readASah() throws IOException {
    List<double[]> rows = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                Objects.requireNonNull(DeLongTests.class.getResourceAsStream("aSAH.csv")),
                StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (!line.startsWith("#") && !line.startsWith("poor")) {
          rows.add(Arrays.stream(line.split(",")).mapToDouble(Double::parseDouble).toArray());
        }
      }
    }
    int n = rows.size();
    poor = new boolean[n];
    s100b = new double[n];
    wfns = new double[n];
    ndka = new double[n];
    for (int i = 0; i < n; i++) {
      poor[i] = rows.get(i)[0] == 1;
      s100b[i] = rows.get(i)[1];
      wfns[i] = rows.get(i)[2];
      ndka[i] = rows.get(i)[3];
    }
    assertThat(n).isEqualTo(113);
    assertThat(Samples.count(poor)).isEqualTo(41);
  }

  @Test
  void matchesProcRocTestForS100bVersusWfns() {
    AucComparison c = DeLong.compare(poor, s100b, wfns, 0.95);
    assertThat(c.candidateAuc()).isCloseTo(0.73136856368563685, within(PROC));
    assertThat(c.baselineAuc()).isCloseTo(0.82367886178861793, within(PROC));
    assertThat(c.z()).isCloseTo(-2.2089835914409077, within(PROC));
    assertThat(c.pValue()).isCloseTo(0.02717578222918815, within(PROC));
    assertThat(c.ciLower()).isCloseTo(-0.17421441924947756, within(PROC));
    assertThat(c.ciUpper()).isCloseTo(-0.010406176956484617, within(PROC));
    // pROC's var(roc) of each curve and cov(roc1, roc2, method = "delong")
    assertThat(c.candidateVariance()).isCloseTo(0.0026686824571724378, within(PROC));
    assertThat(c.baselineVariance()).isCloseTo(0.0014699147088236264, within(PROC));
    assertThat(c.covariance()).isCloseTo(0.0011961556737675448, within(PROC));
    assertThat(String.format("Z = %.3f, p-value = %.5f", c.z(), c.pValue()))
        .isEqualTo("Z = -2.209, p-value = 0.02718"); // as pROC prints it
  }

  @Test
  void matchesProcRocTestForWfnsVersusNdka() {
    AucComparison c = DeLong.compare(poor, wfns, ndka, 0.95);
    assertThat(c.candidateAuc()).isCloseTo(0.82367886178861793, within(PROC));
    assertThat(c.baselineAuc()).isCloseTo(0.61195799457994582, within(PROC));
    assertThat(c.z()).isCloseTo(2.7977759186890387, within(PROC));
    assertThat(c.pValue()).isCloseTo(0.0051455797069109776, within(PROC));
    assertThat(c.ciLower()).isCloseTo(0.063401170933987644, within(PROC));
    assertThat(c.ciUpper()).isCloseTo(0.36004056348335656, within(PROC));
    assertThat(c.covariance()).isCloseTo(-0.00053296785676243776, within(PROC));
  }

  @Test
  void matchesProcVarAndCiAucForSingleCurves() {
    assertEstimate(DeLong.estimate(poor, s100b, 0.95),
        0.73136856368563685, 0.0026686824571724378, 0.63011821176162264, 0.83261891560965107);
    assertEstimate(DeLong.estimate(poor, wfns, 0.95),
        0.82367886178861793, 0.0014699147088236264, 0.74853488781945288, 0.89882283575778299);
    assertEstimate(DeLong.estimate(poor, ndka, 0.95),
        0.61195799457994582, 0.0031908105493913021, 0.50124499927170263, 0.72267098988818901);
  }

  private static void assertEstimate(
      AucEstimate e, double auc, double variance, double ciLower, double ciUpper) {
    assertThat(e.auc()).isCloseTo(auc, within(PROC));
    assertThat(e.variance()).isCloseTo(variance, within(PROC));
    assertThat(e.ciLower()).isCloseTo(ciLower, within(PROC));
    assertThat(e.ciUpper()).isCloseTo(ciUpper, within(PROC));
  }

  /**
   * DeLong by definition, in pROC's matrix form: placements from the kernel psi(x, y) = 1, 1/2, 0 for
   * x above, tied with, below y; S10, S01 sample covariances; var = L S10 L'/m + L S01 L'/n.
   */
  private record Reference(double aucA, double aucB, double variance, double varA, double varB, double cov) {
    static Reference compare(
        boolean[] labels, double[] a, double[] b, BiFunction<boolean[], double[], double[][]> placements) {
      double[][] pa = placements.apply(labels, a);
      double[][] pb = b == null ? null : placements.apply(labels, b);
      double aucA = mean(pa[0]);
      int m = pa[0].length;
      int n = pa[1].length;
      double varA = cov(pa[0], pa[0]) / m + cov(pa[1], pa[1]) / n;
      if (pb == null) {
        return new Reference(aucA, Double.NaN, varA, varA, Double.NaN, Double.NaN);
      }
      double varB = cov(pb[0], pb[0]) / m + cov(pb[1], pb[1]) / n;
      double covAB = cov(pa[0], pb[0]) / m + cov(pa[1], pb[1]) / n;
      double s10 = cov(pa[0], pa[0]) + cov(pb[0], pb[0]) - 2 * cov(pa[0], pb[0]);
      double s01 = cov(pa[1], pa[1]) + cov(pb[1], pb[1]) - 2 * cov(pa[1], pb[1]);
      return new Reference(aucA, mean(pb[0]), s10 / m + s01 / n, varA, varB, covAB);
    }

    /** {V10 over positives, V01 over negatives}, summing the kernel over all pairs. */
    static double[][] kernelPlacements(boolean[] labels, double[] scores) {
      int m = Samples.count(labels);
      double[] v10 = new double[m];
      double[] v01 = new double[labels.length - m];
      int i = 0;
      for (int r = 0; r < labels.length; r++) {
        if (!labels[r]) {
          continue;
        }
        int j = 0;
        for (int s = 0; s < labels.length; s++) {
          if (!labels[s]) {
            double psi = scores[r] > scores[s] ? 1 : scores[r] == scores[s] ? 0.5 : 0;
            v10[i] += psi / v01.length;
            v01[j++] += psi / m;
          }
        }
        i++;
      }
      return new double[][] {v10, v01};
    }

    /**
     * {V10 over positives, V01 over negatives}, each in row order, by binary search in the other
     * class's sorted scores.
     */
    static double[][] sortedPlacements(boolean[] labels, double[] scores) {
      int m = Samples.count(labels);
      double[] pos = new double[m];
      double[] neg = new double[labels.length - m];
      for (int r = 0, i = 0, j = 0; r < labels.length; r++) {
        if (labels[r]) {
          pos[i++] = scores[r] + 0.0;
        } else {
          neg[j++] = scores[r] + 0.0;
        }
      }
      Arrays.sort(pos);
      Arrays.sort(neg);
      double[] v10 = new double[m];
      double[] v01 = new double[neg.length];
      for (int r = 0, i = 0, j = 0; r < labels.length; r++) {
        double x = scores[r] + 0.0;
        double[] other = labels[r] ? neg : pos;
        int below = firstNotBelow(other, x);
        int tied = firstAbove(other, x) - below;
        if (labels[r]) {
          v10[i++] = (below + tied / 2.0) / neg.length;
        } else {
          v01[j++] = (m - below - tied + tied / 2.0) / m;
        }
      }
      return new double[][] {v10, v01};
    }

    private static int firstNotBelow(double[] sorted, double x) {
      int lo = 0;
      int hi = sorted.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (sorted[mid] < x) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }

    private static int firstAbove(double[] sorted, double x) {
      int lo = 0;
      int hi = sorted.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (sorted[mid] <= x) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }

    private static double mean(double[] x) {
      double sum = 0;
      for (double v : x) {
        sum += v;
      }
      return sum / x.length;
    }

    private static double cov(double[] x, double[] y) {
      double mx = mean(x);
      double my = mean(y);
      double sum = 0;
      for (int i = 0; i < x.length; i++) {
        sum += (x[i] - mx) * (y[i] - my);
      }
      return sum / (x.length - 1);
    }
  }
}
