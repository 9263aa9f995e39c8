package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.metrics.Samples.Balance;
import dev.backtestgate.metrics.Samples.Shape;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class RocCurveTests {

  @Property(tries = 300)
  void runsMonotoneFromOriginToOneOneWithTheExactArea(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 150) int n,
      @ForAll Shape shape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 1);
    double[] scores = Samples.scores(random, n, shape);

    RocCurve roc = Auc.curve(labels, scores);

    double[] fpr = roc.falsePositiveRate();
    double[] tpr = roc.truePositiveRate();
    assertThat(fpr[0]).isZero();
    assertThat(tpr[0]).isZero();
    assertThat(fpr[roc.size() - 1]).isEqualTo(1.0);
    assertThat(tpr[roc.size() - 1]).isEqualTo(1.0);
    for (int i = 1; i < roc.size(); i++) {
      assertThat(fpr[i]).isGreaterThanOrEqualTo(fpr[i - 1]);
      assertThat(tpr[i]).isGreaterThanOrEqualTo(tpr[i - 1]);
      assertThat(fpr[i] + tpr[i]).isGreaterThan(fpr[i - 1] + tpr[i - 1]); // one point per score
    }
    assertThat(roc.auc()).isEqualTo(Auc.of(labels, scores));
    assertThat(trapezoidArea(fpr, tpr)).isCloseTo(roc.auc(), within(1e-12));
    assertThat(roc).isEqualTo(bruteForce(labels, scores));
  }

  @Property(tries = 100)
  void downsamplingKeepsTheEndsAndTheShape(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 2000) int n,
      @ForAll @IntRange(min = 2, max = 60) int maxPoints) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, Balance.HALF, 1);
    double[] scores = Samples.scores(random, n, Shape.UNIFORM);
    RocCurve roc = Auc.curve(labels, scores);

    RocCurve small = roc.downsample(maxPoints);

    assertThat(small.size()).isLessThanOrEqualTo(maxPoints).isGreaterThanOrEqualTo(2);
    assertThat(small.auc()).isEqualTo(roc.auc());
    assertThat(small.falsePositiveRate()[0]).isZero();
    assertThat(small.truePositiveRate()[small.size() - 1]).isEqualTo(1.0);
    assertThat(small.falsePositiveRate()[small.size() - 1]).isEqualTo(1.0);
    // every kept point is a point of the full curve, in order
    int j = 0;
    for (int i = 0; i < small.size(); i++) {
      while (roc.falsePositiveRate()[j] != small.falsePositiveRate()[i]
          || roc.truePositiveRate()[j] != small.truePositiveRate()[i]) {
        j++;
      }
    }
    // a monotone curve through points at most ~one step apart (in fpr + tpr) keeps its area
    double step = 2.0 / (maxPoints - 1);
    assertThat(trapezoidArea(small.falsePositiveRate(), small.truePositiveRate()))
        .isCloseTo(roc.auc(), within(step));
    if (roc.size() <= maxPoints) {
      assertThat(small).isSameAs(roc);
    } else if (maxPoints > 2 && roc.size() >= 4 * maxPoints) {
      assertThat(small.size()).isGreaterThan(maxPoints / 2); // the budget is used, not wasted
    }
  }

  @Test
  void hasValueEqualityAndAShortDescription() {
    RocCurve a = new RocCurve(new double[] {0, 0.5, 1}, new double[] {0, 1, 1}, 0.75);
    RocCurve b = new RocCurve(new double[] {0, 0.5, 1}, new double[] {0, 1, 1}, 0.75);
    RocCurve c = new RocCurve(new double[] {0, 0.5, 1}, new double[] {0, 0.5, 1}, 0.75);
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(c);
    assertThat(a).isNotEqualTo(new RocCurve(a.falsePositiveRate(), a.truePositiveRate(), 0.5));
    assertThat(a.toString()).isEqualTo("RocCurve[3 points, auc=0.75]");
  }

  @Test
  void hasOnePointPerDistinctScore() {
    boolean[] labels = {true, false, true, false, false};
    double[] scores = {0.9, 0.9, 0.5, -0.0, 0.0};
    RocCurve roc = Auc.curve(labels, scores);
    assertThat(roc.falsePositiveRate()).containsExactly(0, 1 / 3.0, 1 / 3.0, 1);
    assertThat(roc.truePositiveRate()).containsExactly(0, 0.5, 1, 1);
    assertThat(roc.auc()).isEqualTo(0.75); // 0.9 ties one negative, beats two; 0.5 beats two
  }

  /** Large inputs: many coarse buckets sorted on two threads, against sorting each class whole. */
  @Property(tries = 12)
  void bucketedSortingGivesTheCurveOfSortingEachClassWhole(
      @ForAll long seed,
      @ForAll @IntRange(min = Parallel.MIN_ROWS, max = 3 * Parallel.MIN_ROWS) int n,
      @ForAll Shape shape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 1);
    double[] scores = Samples.scores(random, n, shape);

    assertThat(Auc.curve(labels, scores)).isEqualTo(sortedWhole(labels, scores));
  }

  /** The curve from each class's scores sorted whole, walked from the highest score down. */
  private static RocCurve sortedWhole(boolean[] labels, double[] scores) {
    int positives = Samples.count(labels);
    int negatives = labels.length - positives;
    double[] pos = new double[positives];
    double[] neg = new double[negatives];
    for (int i = 0, p = 0, q = 0; i < labels.length; i++) {
      if (labels[i]) {
        pos[p++] = scores[i] + 0.0;
      } else {
        neg[q++] = scores[i] + 0.0;
      }
    }
    Arrays.sort(pos);
    Arrays.sort(neg);
    double[] all = Arrays.stream(scores).map(x -> x + 0.0).distinct().sorted().toArray();
    double[] fpr = new double[all.length + 1];
    double[] tpr = new double[all.length + 1];
    int p = positives;
    int q = negatives;
    long twiceU = 0;
    for (int t = all.length - 1, point = 1; t >= 0; t--, point++) {
      int tiedPositives = 0;
      while (p > 0 && pos[p - 1] == all[t]) {
        p--;
        tiedPositives++;
      }
      int tiedNegatives = 0;
      while (q > 0 && neg[q - 1] == all[t]) {
        q--;
        tiedNegatives++;
      }
      twiceU += tiedPositives * (2L * q + tiedNegatives);
      fpr[point] = (double) (negatives - q) / negatives;
      tpr[point] = (double) (positives - p) / positives;
    }
    return new RocCurve(fpr, tpr, twiceU / (2.0 * positives * negatives));
  }

  static double trapezoidArea(double[] fpr, double[] tpr) {
    double area = 0;
    for (int i = 1; i < fpr.length; i++) {
      area += (fpr[i] - fpr[i - 1]) * (tpr[i] + tpr[i - 1]) / 2;
    }
    return area;
  }

  /** One point per distinct score, thresholds from the highest down, rates counted directly. */
  private static RocCurve bruteForce(boolean[] labels, double[] scores) {
    double[] thresholds = Arrays.stream(scores).map(x -> x + 0.0).distinct().sorted().toArray();
    int positives = Samples.count(labels);
    int negatives = labels.length - positives;
    double[] fpr = new double[thresholds.length + 1];
    double[] tpr = new double[thresholds.length + 1];
    for (int t = 0; t < thresholds.length; t++) {
      double threshold = thresholds[thresholds.length - 1 - t];
      int truePositives = 0;
      int falsePositives = 0;
      for (int i = 0; i < labels.length; i++) {
        if (scores[i] >= threshold) {
          truePositives += labels[i] ? 1 : 0;
          falsePositives += labels[i] ? 0 : 1;
        }
      }
      fpr[t + 1] = (double) falsePositives / negatives;
      tpr[t + 1] = (double) truePositives / positives;
    }
    long twiceU = Samples.bruteTwiceU(labels, scores);
    return new RocCurve(fpr, tpr, twiceU / (2.0 * positives * negatives));
  }
}
