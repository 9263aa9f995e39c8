package dev.backtestgate.hostile;

import static dev.backtestgate.hostile.Hostile.LABELS;
import static dev.backtestgate.hostile.Hostile.problems;
import static dev.backtestgate.hostile.Hostile.valid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestRun;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile scores: "identical" by value, not bits, and candidates that rank every row exactly as the baseline
 * (any strictly increasing transform) measure nothing and are rejected; candidates that differ anywhere in
 * order or ties are judged as usual.
 */
class HostileScoreTests {
  private static final double[] BASELINE = {0.6, 0.5, 0.8, 0.3, 0.2, 0.4};
  private static final String SAME_RANKING = "candidate scores rank all 6 rows exactly as the baseline scores do "
      + "(same order, same ties: a strictly increasing transform of them, such as a rescaling, a logit or a rank), "
      + "so the AUC lift is 0 by construction and the comparison would measure nothing. Pass the new model's "
      + "scores as the candidate and the production model's scores as the baseline.";

  private static BacktestRun.Builder run(double[] candidate, double[] baseline) {
    return BacktestRun.builder("com.acme.HostileBacktest#gbm").labels(LABELS).candidate("gbm", candidate)
        .baseline("prod", baseline).decisionTimes(Hostile.DECIDED).feature("balance", Hostile.KNOWN);
  }

  private static double[] map(double[] scores, DoubleUnaryOperator f) {
    double[] out = new double[scores.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = f.applyAsDouble(scores[i]);
    }
    return out;
  }

  @Test
  void negativeZeroEqualsZero() {
    double[] baseline = {0.0, 0.5, 0.0, 0.3, 0.2, 0.0};
    double[] candidate = {-0.0, 0.5, -0.0, 0.3, 0.2, -0.0};
    assertThat(problems(run(candidate, baseline))).contains("candidate and baseline scores are identical (6 rows, "
        + "compared by value: -0.0 equals 0.0): the comparison would measure nothing. Pass the production model's "
        + "scores as the baseline.");
  }

  @Test
  void theSameArrayTwiceIsIdentical() {
    assertThat(problems(run(BASELINE, BASELINE))).contains("candidate and baseline scores are identical (6 rows");
  }

  static Stream<Arguments> strictlyIncreasingTransforms() {
    return Stream.of(
        Arguments.of("rescaled", (DoubleUnaryOperator) x -> 2 * x + 1),
        Arguments.of("shifted", (DoubleUnaryOperator) x -> x - 1e9),
        Arguments.of("exponential", (DoubleUnaryOperator) Math::exp),
        Arguments.of("logit", (DoubleUnaryOperator) x -> Math.log(x / (1 - x))),
        Arguments.of("cubed", (DoubleUnaryOperator) x -> x * x * x),
        Arguments.of("tiny", (DoubleUnaryOperator) x -> x * 1e-300),
        Arguments.of("rank", (DoubleUnaryOperator) x -> Math.round(x * 10)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("strictlyIncreasingTransforms")
  void aStrictlyIncreasingTransformOfTheBaselineIsRejected(String name, DoubleUnaryOperator f) {
    assertThat(problems(run(map(BASELINE, f), BASELINE))).contains(SAME_RANKING);
  }

  @Test
  void aTransformThatKeepsEveryTieIsRejected() {
    double[] baseline = {0.5, 0.5, 0.8, 0.3, 0.3, 0.4};
    assertThat(problems(run(map(baseline, x -> 10 * x), baseline))).contains(SAME_RANKING);
  }

  @Test
  void constantScoresOnBothSidesRankAllRowsAlike() {
    assertThat(problems(run(new double[] {0.3, 0.3, 0.3, 0.3, 0.3, 0.3}, new double[] {7, 7, 7, 7, 7, 7})))
        .contains(SAME_RANKING);
  }

  @Test
  void breakingOneTieMeasuresSomething() {
    double[] baseline = {0.5, 0.5, 0.8, 0.3, 0.2, 0.4};
    double[] candidate = {0.51, 0.5, 0.8, 0.3, 0.2, 0.4};
    assertThat(run(candidate, baseline).build().rows()).isEqualTo(6);
  }

  @Test
  void mergingTwoScoresIntoATieMeasuresSomething() {
    double[] candidate = {0.6, 0.5, 0.8, 0.3, 0.3, 0.4};
    assertThat(run(candidate, BASELINE).build().rows()).isEqualTo(6);
  }

  @Test
  void aDecreasingTransformMeasuresSomething() {
    assertThat(run(map(BASELINE, x -> -x), BASELINE).build().rows()).isEqualTo(6);
  }

  @Test
  void swappingTwoDistantRowsIsFoundEvenWhenNeighboursAgree() {
    double[] baseline = {1, 3, 2, 4, 6, 5};
    double[] candidate = {1, 5, 0, 6, 9, 7}; // each neighbour pair agrees; rows 0 and 2 do not
    assertThat(run(candidate, baseline).build().rows()).isEqualTo(6);
  }

  @Test
  void negativeZeroTiesWithZeroInATransformToo() {
    double[] baseline = {0.0, -0.0, 0.8, 0.3, 0.2, 0.4};
    double[] candidate = {1.0, 1.0, 1.8, 1.3, 1.2, 1.4};
    assertThat(problems(run(candidate, baseline))).contains(SAME_RANKING);
  }

  @Test
  void aLargeRescaledCandidateIsRejected() {
    int rows = 200_000;
    boolean[] labels = new boolean[rows];
    double[] baseline = new double[rows];
    long[] times = new long[rows];
    java.util.SplittableRandom random = new java.util.SplittableRandom(7);
    for (int i = 0; i < rows; i++) {
      labels[i] = i % 3 == 0;
      baseline[i] = Math.floor(random.nextDouble() * 5_000) / 5_000; // ties
      times[i] = i;
    }
    String message = problems(BacktestRun.builder("g").labels(labels).candidate("c", map(baseline, x -> 3 * x + 2))
        .baseline("b", baseline).decisionTimes(times).feature("f", times));
    assertThat(message).contains("candidate scores rank all 200,000 rows exactly as the baseline scores do");
  }

  @Test
  void nonFiniteScoresAreNamedAndNotComparedForRanking() {
    double[] candidate = {Double.NaN, 0.5, 0.8, 0.3, 0.2, Double.POSITIVE_INFINITY};
    String message = problems(run(candidate, BASELINE));
    assertThat(message).contains("candidate scores has 2 non-finite values (first at row 0: NaN). Every score must "
        + "be a finite number").doesNotContain("rank all");
  }

  @Test
  void nanInBothModelsIsNotIdenticalButNonFinite() {
    double[] scores = {Double.NaN, 0.5, 0.8, 0.3, 0.2, 0.4};
    String message = problems(run(scores, scores.clone()));
    assertThat(message).contains("baseline scores has 1 non-finite value (first at row 0: NaN)")
        .doesNotContain("identical");
  }

  @Test
  void scoresOfTheWrongLengthAreNamedNotCompared() {
    String message = problems(run(new double[] {0.1, 0.2}, BASELINE));
    assertThat(message).contains("candidate scores has 2 rows but labels have 6: every column needs one entry per row.");
  }

  @Test
  void missingScoresAreNamed() {
    assertThat(problems(run(null, BASELINE))).contains("candidate scores is missing: pass one score per row.");
    assertThat(problems(valid().baseline("prod", null))).contains("baseline scores is missing");
  }

  @Test
  void aBaselineAucThatIsNotANumberIsNamed() {
    BacktestRun.Builder b = BacktestRun.builder("g").labels(LABELS).candidate("c", BASELINE)
        .baselineAuc("legacy", Double.NaN).decisionTimes(Hostile.DECIDED).feature("f", Hostile.KNOWN);
    assertThat(problems(b)).contains("baseline AUC is NaN: an AUC is a number between 0 and 1.");
  }

  @Test
  void labelsOtherThanZeroOrOneAreNamed() {
    BacktestRun.Builder b = valid().labels(new int[] {1, 0, 2, 0, 1, -1});
    assertThat(problems(b)).contains("labels have 2 values that are neither 0 nor 1 (first at row 2: 2)");
  }
}
