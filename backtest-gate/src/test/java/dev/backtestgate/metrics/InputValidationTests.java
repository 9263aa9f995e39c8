package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every invalid input is refused with a message naming what was found, where, and the fix. */
class InputValidationTests {
  private static final boolean[] LABELS = {true, false, true, false, true, false};
  private static final double[] SCORES = {0.9, 0.1, 0.8, 0.2, 0.7, 0.3};

  @Test
  void nanScoresNameTheirCountAndFirstIndex() {
    double[] scores = {0.9, 0.1, Double.NaN, 0.2, Double.NaN, 0.3};
    rejects(() -> Auc.of(LABELS, scores))
        .hasMessageContaining("scores contain 2 value(s) that are NaN or infinite")
        .hasMessageContaining("the first is NaN at index 2")
        .hasMessageContaining("drop those rows together with their labels");
  }

  @Test
  void infiniteScoresNameTheirCountAndFirstIndex() {
    double[] scores = {0.9, Double.NEGATIVE_INFINITY, 0.8, 0.2, 0.7, Double.POSITIVE_INFINITY};
    rejects(() -> Auc.of(LABELS, scores))
        .hasMessageContaining("2 value(s) that are NaN or infinite; the first is -Infinity at index 1");
    rejects(() -> DeLong.compare(LABELS, SCORES, scores, 0.95))
        .hasMessageStartingWith("baseline scores contain 2 value(s)");
    rejects(() -> DeLong.compare(LABELS, scores, SCORES, 0.95))
        .hasMessageStartingWith("candidate scores contain 2 value(s)");
    rejects(() -> DeLong.estimate(LABELS, scores, 0.95)).hasMessageContaining("at index 1");
    rejects(() -> Auc.curve(LABELS, scores)).hasMessageContaining("at index 1");
  }

  @Test
  void lengthMismatchNamesBothLengths() {
    double[] five = {0.9, 0.1, 0.8, 0.2, 0.7};
    rejects(() -> Auc.of(LABELS, five))
        .hasMessageContaining("labels has 6 rows but scores has 5")
        .hasMessageContaining("Pass arrays of equal length");
    rejects(() -> DeLong.compare(LABELS, SCORES, five, 0.95))
        .hasMessageContaining("labels has 6 rows but baseline scores has 5");
    rejects(() -> Auc.of(new int[] {1, 0}, five)).hasMessageContaining("labels has 2 rows");
  }

  @Test
  void emptyInputIsRefused() {
    rejects(() -> Auc.of(new boolean[0], new double[0]))
        .hasMessageContaining("labels and scores are empty")
        .hasMessageContaining("at least one of each");
    rejects(() -> DeLong.estimate(new boolean[0], new double[0], 0.95)).hasMessageContaining("empty");
  }

  @Test
  void aMissingClassIsRefusedWithBothCounts() {
    rejects(() -> Auc.of(new boolean[] {false, false, false}, new double[] {1, 2, 3}))
        .hasMessageContaining("labels have 0 positive(s) and 3 negative(s), too few positives")
        .hasMessageContaining("AUC needs at least 1 positive(s) and 1 negative(s)");
    rejects(() -> Auc.of(new boolean[] {true, true}, new double[] {1, 2}))
        .hasMessageContaining("2 positive(s) and 0 negative(s), too few negatives");
    rejects(() -> Auc.curve(new boolean[] {true}, new double[] {1}))
        .hasMessageContaining("a ROC curve needs at least 1 positive(s)");
  }

  @Test
  void deLongNeedsTwoRowsOfEachClassForAVariance() {
    boolean[] onePositive = {true, false, false, false};
    double[] scores = {0.9, 0.1, 0.2, 0.3};
    rejects(() -> DeLong.compare(onePositive, scores, scores, 0.95))
        .hasMessageContaining("1 positive(s) and 3 negative(s), too few positives")
        .hasMessageContaining("DeLong variance")
        .hasMessageContaining("at least 2 positive(s) and 2 negative(s)");
    boolean[] oneNegative = {true, true, true, false};
    rejects(() -> DeLong.estimate(oneNegative, scores, 0.95))
        .hasMessageContaining("3 positive(s) and 1 negative(s), too few negatives");
  }

  @Test
  void intLabelsMustBeZeroOrOne() {
    rejects(() -> Auc.of(new int[] {1, 0, 2, 0, -1, 1}, SCORES))
        .hasMessageContaining("must be 0 (negative) or 1 (positive), but 2 label(s) are not")
        .hasMessageContaining("the first is 2 at index 2")
        .hasMessageContaining("Map the classes to 0 and 1");
  }

  @Test
  void confidenceLevelMustLieStrictlyBetweenZeroAndOne() {
    for (double level : new double[] {0.0, 1.0, 95.0, -0.5, Double.NaN}) {
      rejects(() -> DeLong.compare(LABELS, SCORES, SCORES, level))
          .hasMessageContaining("confidence level must be strictly between 0 and 1, got " + level)
          .hasMessageContaining("such as 0.95");
      rejects(() -> DeLong.estimate(LABELS, SCORES, level)).hasMessageContaining("got " + level);
    }
  }

  @Test
  void nullArraysAreNamed() {
    assertThatThrownBy(() -> Auc.of((boolean[]) null, SCORES))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("labels");
    assertThatThrownBy(() -> DeLong.compare(LABELS, SCORES, null, 0.95))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("baseline scores");
  }

  @Test
  void rocCurvesNeedMatchingCoordinatesAndAtLeastTwoPoints() {
    rejects(() -> new RocCurve(new double[] {0, 1}, new double[] {0}, 0.5))
        .hasMessageContaining("got 2 and 1");
    rejects(() -> new RocCurve(new double[] {0, 1}, new double[] {0, 1}, 0.5).downsample(1))
        .hasMessageContaining("maxPoints >= 2")
        .hasMessageContaining("got 1");
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> rejects(Executable call) {
    return assertThatThrownBy(call::execute).isInstanceOf(IllegalArgumentException.class);
  }
}
