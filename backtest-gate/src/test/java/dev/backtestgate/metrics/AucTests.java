package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.metrics.Samples.Balance;
import dev.backtestgate.metrics.Samples.Shape;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class AucTests {

  /** Small inputs (every edge of the labels and shapes) and inputs that fill many fine buckets. */
  @Property(tries = 400)
  void equalsThePairCount(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 3000) int n,
      @ForAll boolean small,
      @ForAll Shape shape,
      @ForAll Balance balance) {
    int rows = small ? 2 + n % 119 : n;
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, rows, balance, 1);
    double[] scores = Samples.scores(random, rows, shape);
    long expected = Samples.bruteTwiceU(labels, scores);
    assertThat(Samples.sortedTwiceU(labels, scores)).isEqualTo(expected);
    int positives = Samples.count(labels);

    assertThat(PairCounts.twiceU(labels, scores, ScoreRange.of(scores, "scores"))).isEqualTo(expected);
    double auc = Auc.of(labels, scores);
    assertThat(auc).isEqualTo(expected / (2.0 * positives * (rows - positives)));
    assertThat(Auc.of(asInts(labels), scores)).isEqualTo(auc);
    assertThat(Auc.curve(labels, scores).auc()).isEqualTo(auc);
  }

  /** Beyond the fine buffers and the one-thread limit: checked against a sort-based count. */
  @Property(tries = 12)
  void equalsASortBasedCountOnLargeInputs(
      @ForAll long seed,
      @ForAll @IntRange(min = 70_000, max = 200_000) int n,
      @ForAll Shape shape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 1);
    double[] scores = Samples.scores(random, n, shape);
    long expected = Samples.sortedTwiceU(labels, scores);
    assertThat(PairCounts.twiceU(labels, scores, ScoreRange.of(scores, "scores"))).isEqualTo(expected);
  }

  @Test
  void countsTiesAsOneHalf() {
    boolean[] labels = {true, false, true, false};
    assertThat(Auc.of(labels, new double[] {0.9, 0.3, 0.4, 0.4})).isEqualTo(0.875); // 3.5 of 4 pairs
    assertThat(Auc.of(labels, new double[] {1, 1, 1, 1})).isEqualTo(0.5);
    assertThat(Auc.of(labels, new double[] {0, 1, 0, 1})).isEqualTo(0.0);
  }

  @Test
  void treatsNegativeAndPositiveZeroAsTheSameScore() {
    assertThat(Auc.of(new boolean[] {true, false}, new double[] {-0.0, 0.0})).isEqualTo(0.5);
    assertThat(Auc.of(new boolean[] {false, true}, new double[] {-0.0, 0.0})).isEqualTo(0.5);
    assertThat(Auc.of(new boolean[] {true, false, false}, new double[] {0.0, -0.0, -Double.MIN_VALUE}))
        .isEqualTo(0.75);
  }

  @Test
  void handlesTheWidestRangeOfScores() {
    boolean[] labels = {true, false, true, false};
    double[] scores = {Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MIN_VALUE, Double.MIN_VALUE};
    assertThat(Auc.of(labels, scores)).isEqualTo(0.75);
  }

  @Test
  void dividesTheExactPairCountOnce() {
    // 3 positives, 2^20 negatives: the AUC is the correctly rounded fraction 2U / (2 * 3 * 2^20).
    int negatives = 1 << 20;
    boolean[] labels = new boolean[negatives + 3];
    double[] scores = new double[labels.length];
    for (int i = 0; i < negatives; i++) {
      scores[i] = i;
    }
    for (int k = 0; k < 3; k++) {
      labels[negatives + k] = true;
      scores[negatives + k] = new double[] {0.5, 7.5, 15.5}[k]; // beats 1, 8 and 16 negatives
    }
    assertThat(Auc.of(labels, scores)).isEqualTo((2.0 * (1 + 8 + 16)) / (2.0 * 3 * negatives));
  }

  @Test
  void staysExactWhenOneBucketHoldsAlmostEveryRow() {
    // 100_000 distinct scores in [0, 1e-6] and one far outlier: they all share the first bucket.
    Random random = new Random(7);
    int n = 100_001;
    boolean[] labels = new boolean[n];
    double[] scores = new double[n];
    long twiceU = 0;
    for (int i = 0; i < n - 1; i++) {
      labels[i] = random.nextBoolean();
      scores[i] = i * 1e-11; // increasing: each positive beats the negatives before it
    }
    labels[n - 1] = false;
    scores[n - 1] = 1e12;
    long negativesSoFar = 0;
    for (int i = 0; i < n - 1; i++) {
      if (labels[i]) {
        twiceU += 2 * negativesSoFar;
      } else {
        negativesSoFar++;
      }
    }
    int positives = Samples.count(labels);
    assertThat(Auc.of(labels, scores)).isEqualTo(twiceU / (2.0 * positives * (n - positives)));
  }

  static int[] asInts(boolean[] labels) {
    int[] ints = new int[labels.length];
    for (int i = 0; i < labels.length; i++) {
      ints[i] = labels[i] ? 1 : 0;
    }
    return ints;
  }
}
