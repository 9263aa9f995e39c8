package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.metrics.Samples.Balance;
import dev.backtestgate.metrics.Samples.Shape;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@code Auc.curve(labels, scores, maxPoints)}: the drawn points of the full curve, found without it. */
class DrawnCurveTests {

  /** Scores for the larger inputs: the shared shapes, plus a real signal and scores bunched at several scales. */
  enum Drawn {
    /** Positives score higher on average: a bowed curve. */
    SIGNAL,
    /** Nearly every row within 1e-6, some within 1e-12 of each other, a few far away: buckets inside buckets. */
    NESTED,
    UNIFORM,
    ROUNDED,
    FEW_VALUES,
    CONSTANT,
    SKEWED,
    ANY_BITS
  }

  @Property(tries = 400)
  void keepsThePointsDownsampleKeepsOfTheFullCurve(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 3000) int n,
      @ForAll @IntRange(min = 2, max = 120) int maxPoints,
      @ForAll Shape shape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 1);
    double[] scores = Samples.scores(random, n, shape);

    assertDrawnFromTheFullCurve(labels, scores, maxPoints);
  }

  /** Tens of thousands of rows: many buckets, a few hundred gathered, bunched scores bucketed again. */
  @Property(tries = 24)
  void keepsThePointsDownsampleKeepsOnLargeInputs(
      @ForAll long seed,
      @ForAll @IntRange(min = 20_000, max = 60_000) int n,
      @ForAll @IntRange(min = 2, max = 2_000) int maxPoints,
      @ForAll Drawn shape,
      @ForAll Balance balance) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 1);
    double[] scores = scores(random, labels, shape);

    assertDrawnFromTheFullCurve(labels, scores, maxPoints);
    assertDrawnFromTheFullCurve(labels, scores, 2_000); // what the report draws
  }

  @Test
  void drawsTinyAndTiedInputsWhole() {
    RocCurve two = Auc.curve(new boolean[] {true, false}, new double[] {0.2, 0.7}, 2);
    assertThat(two.falsePositiveRate()).containsExactly(0, 1);
    assertThat(two.truePositiveRate()).containsExactly(0, 1);
    assertThat(two.auc()).isZero();

    RocCurve three = Auc.curve(new boolean[] {true, false}, new double[] {0.2, 0.7}, 3);
    assertThat(three.falsePositiveRate()).containsExactly(0, 1, 1);
    assertThat(three.truePositiveRate()).containsExactly(0, 0, 1);

    RocCurve tied = Auc.curve(new boolean[] {true, false, false, true}, new double[] {0.5, -0.0, 0.0, 0.5}, 2_000);
    assertThat(tied.falsePositiveRate()).containsExactly(0, 0, 1);
    assertThat(tied.truePositiveRate()).containsExactly(0, 1, 1);
    assertThat(tied.auc()).isEqualTo(1.0);

    RocCurve equal = Auc.curve(new boolean[] {true, false, false}, new double[] {3, 3, 3}, 2_000);
    assertThat(equal.falsePositiveRate()).containsExactly(0, 1);
    assertThat(equal.truePositiveRate()).containsExactly(0, 1);
    assertThat(equal.auc()).isEqualTo(0.5);
  }

  /**
   * Above about two million rows the fine buckets stop growing in number and fill up instead (more than 16 rows
   * each), and a bunched slice can hold far more rows: the points must still be the full curve's.
   */
  @Test
  void drawsTheFullCurvesPointsAboveTheBucketCap() {
    Random random = new Random(2026);
    boolean[] labels = Samples.labels(random, 3_000_000, Balance.RARE_POSITIVES, 1);
    for (Drawn shape : new Drawn[] {Drawn.SIGNAL, Drawn.NESTED}) {
      double[] scores = scores(random, labels, shape);
      assertDrawnFromTheFullCurve(labels, scores, 2_000);
      assertDrawnFromTheFullCurve(labels, scores, 77);
    }
  }

  @Test
  void manyPointsComeFromTheFullCurve() {
    Random random = new Random(7);
    boolean[] labels = Samples.labels(random, 5_000, Balance.HALF, 1);
    double[] scores = scores(random, labels, Drawn.SIGNAL);
    assertDrawnFromTheFullCurve(labels, scores, DrawnCurve.MAX_POINTS + 1);
  }

  @Property(tries = 60)
  void carriesAGivenAucAndRefusesOneTheScoresRuleOut(
      @ForAll long seed,
      @ForAll @IntRange(min = 2, max = 30_000) int n,
      @ForAll @IntRange(min = 2, max = 2_000) int maxPoints,
      @ForAll Drawn shape) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, Balance.HALF, 1);
    double[] scores = scores(random, labels, shape);
    double auc = Auc.of(labels, scores);

    assertThat(Auc.curve(labels, scores, maxPoints, auc)).isEqualTo(Auc.curve(labels, scores, maxPoints));
    // another tool's rounding of the same AUC passes, and the curve keeps what it was given
    double nearby = Math.nextUp(auc);
    assertThat(Auc.curve(labels, scores, maxPoints, nearby).auc()).isEqualTo(nearby);
    for (double wrong : new double[] {Double.NaN, -0.1, 1.1}) {
      assertThatThrownBy(() -> Auc.curve(labels, scores, maxPoints, wrong))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("is not the AUC of these labels and scores");
    }
  }

  @Test
  void refusesTheAucOfAnotherModel() {
    Random random = new Random(11);
    boolean[] labels = Samples.labels(random, 200_000, Balance.RARE_POSITIVES, 1);
    double[] candidate = scores(random, labels, Drawn.SIGNAL);
    double[] baseline = scores(random, labels, Drawn.SIGNAL);
    double candidateAuc = Auc.of(labels, candidate);
    double baselineAuc = Auc.of(labels, baseline);
    assertThat(Math.abs(candidateAuc - baselineAuc)).isGreaterThan(1e-4);

    assertThat(Auc.curve(labels, candidate, 2_000, candidateAuc))
        .isEqualTo(Auc.curve(labels, candidate).downsample(2_000));
    assertThatThrownBy(() -> Auc.curve(labels, candidate, 2_000, baselineAuc))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not the AUC of these labels and scores: they allow");
  }

  @Test
  void validatesLikeTheFullCurve() {
    boolean[] labels = {true, false};
    double[] scores = {0.3, 0.1};
    assertThatThrownBy(() -> Auc.curve(labels, scores, 1))
        .hasMessage("a drawn ROC curve needs maxPoints >= 2 (the first and last points are always kept), got 1.");
    assertThatThrownBy(() -> Auc.curve(labels, new double[] {0.3, Double.NaN}, 10))
        .hasMessageContaining("at index 1");
    assertThatThrownBy(() -> Auc.curve(new boolean[] {true, true}, scores, 10, 0.5))
        .hasMessageContaining("a ROC curve needs at least 1");
  }

  /**
   * The drawn curve is the full curve's {@code downsample}, bit for bit; spelled out: at most {@code maxPoints}
   * points, from (0, 0) to (1, 1), non-decreasing, every one a point of the full curve, and the exact AUC.
   */
  private static void assertDrawnFromTheFullCurve(boolean[] labels, double[] scores, int maxPoints) {
    RocCurve full = Auc.curve(labels, scores);
    RocCurve drawn = Auc.curve(labels, scores, maxPoints);

    assertThat(drawn).isEqualTo(full.downsample(maxPoints));
    double[] fpr = drawn.falsePositiveRate();
    double[] tpr = drawn.truePositiveRate();
    int last = drawn.size() - 1;
    assertThat(drawn.size()).isBetween(2, maxPoints);
    assertThat(new double[] {fpr[0], tpr[0], fpr[last], tpr[last]}).containsExactly(0, 0, 1, 1);
    assertThat(drawn.auc()).isEqualTo(Auc.of(labels, scores));
    int j = 0; // the full curve's point matching point i
    for (int i = 0; i < drawn.size(); i++) {
      if (i > 0) {
        assertThat(fpr[i]).isGreaterThanOrEqualTo(fpr[i - 1]);
        assertThat(tpr[i]).isGreaterThanOrEqualTo(tpr[i - 1]);
      }
      while (j < full.size()
          && (full.falsePositiveRate()[j] != fpr[i] || full.truePositiveRate()[j] != tpr[i])) {
        j++;
      }
      assertThat(j).as("point %d (%s, %s) lies on the full curve", i, fpr[i], tpr[i]).isLessThan(full.size());
    }
    assertBudgetUsed(full, drawn, maxPoints);
  }

  /**
   * The budget is used wherever the curve has points: unless all {@code maxPoints} are kept, every point of the
   * full curve left out lies less than one even step of {@code fpr + tpr} beyond the point kept before it. (A
   * curve that jumps across several steps at once, as with a few negatives, keeps fewer points; that is right.)
   */
  private static void assertBudgetUsed(RocCurve full, RocCurve drawn, int maxPoints) {
    if (drawn.size() >= maxPoints || full.size() <= maxPoints) {
      return;
    }
    double[] fullFpr = full.falsePositiveRate();
    double[] fullTpr = full.truePositiveRate();
    int last = full.size() - 1;
    double step = (fullFpr[last] + fullTpr[last] - fullFpr[0] - fullTpr[0]) / (maxPoints - 1);
    double keptAt = 0; // fpr + tpr of the last point kept
    int k = 1; // the next drawn point
    for (int j = 1; j < last; j++) {
      double position = fullFpr[j] + fullTpr[j];
      if (fullFpr[j] == drawn.falsePositiveRate()[k] && fullTpr[j] == drawn.truePositiveRate()[k]) {
        keptAt = position;
        k++;
      } else {
        assertThat(position - keptAt)
            .as("point %d (%s, %s) was left out though it lies a step beyond the last point kept", j, fullFpr[j],
                fullTpr[j])
            .isLessThan(step * (1 + 1e-9));
      }
    }
  }

  private static double[] scores(Random random, boolean[] labels, Drawn shape) {
    int n = labels.length;
    return switch (shape) {
      case SIGNAL -> {
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
          s[i] = (labels[i] ? 0.8 : 0.0) + random.nextGaussian();
        }
        yield s;
      }
      case NESTED -> {
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
          int scale = random.nextInt(100);
          double bump = labels[i] ? 0.5 : 0.0;
          s[i] = scale == 0 ? 1e6 * random.nextDouble()
              : scale < 40 ? 1e-12 * (random.nextDouble() + bump)
              : 1e-6 * (random.nextDouble() + bump);
        }
        yield s;
      }
      default -> Samples.scores(random, n, Shape.valueOf(shape.name()));
    };
  }
}
