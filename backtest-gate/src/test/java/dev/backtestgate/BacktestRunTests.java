package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class BacktestRunTests {
  private static final boolean[] LABELS = {true, false, true, false};
  private static final double[] CANDIDATE = {0.9, 0.2, 0.8, 0.3};
  private static final double[] BASELINE = {0.6, 0.4, 0.5, 0.5};
  private static final long[] DECIDED = {1000, 2000, 3000, 4000};

  private static BacktestRun.Builder valid() {
    return BacktestRun.builder("com.acme.B#m")
        .labels(LABELS)
        .candidate("cand", CANDIDATE)
        .baseline("base", BASELINE)
        .decisionTimes(DECIDED)
        .feature("f", new long[] {0, 1, 2, 3});
  }

  private static String problemsOf(BacktestRun.Builder builder) {
    try {
      builder.build();
    } catch (InvalidBacktestRunException e) {
      assertThat(e.getMessage()).startsWith("Backtest run for gate ");
      return e.getMessage();
    }
    throw new AssertionError("build() accepted an invalid run");
  }

  @Test
  void validRunKeepsItsColumns() {
    BacktestRun run = valid().timelessFeature("region", "fixed at opening").build();
    assertThat(run.rows()).isEqualTo(4);
    assertThat(run.positives()).isEqualTo(2);
    assertThat(run.features()).extracting(FeatureTiming::name).containsExactly("f", "region");
    assertThat(run.baseline()).isEqualTo(new Baseline.Scored("base", BASELINE));
  }

  @Test
  void nanScoresNameCountFirstRowAndValue() {
    double[] bad = {0.1, Double.NaN, 0.3, Double.POSITIVE_INFINITY};
    assertThat(problemsOf(valid().candidate("cand", bad)))
        .contains("candidate scores has 2 non-finite values (first at row 1: NaN)");
    assertThat(problemsOf(valid().baseline("base", new double[] {0.1, 0.2, Double.NEGATIVE_INFINITY, 0.4})))
        .contains("baseline scores has 1 non-finite value (first at row 2: -Infinity)");
  }

  @Test
  void lengthMismatchNamesBothLengths() {
    assertThat(problemsOf(valid().candidate("cand", new double[] {0.1, 0.2, 0.3})))
        .contains("candidate scores has 3 rows but labels have 4");
    assertThat(problemsOf(valid().decisionTimes(new long[] {1, 2})))
        .contains("decisionTimes has 2 rows but labels have 4");
    assertThat(problemsOf(valid().feature("g", new long[] {1})))
        .contains("feature 'g' knownAt has 1 rows but labels have 4");
  }

  @Test
  void oneClassLabelsAreRejected() {
    assertThat(problemsOf(valid().labels(new boolean[] {true, true, true, true})))
        .contains("labels are all positive (4 rows, 4 positive)");
    assertThat(problemsOf(valid().labels(new boolean[4])))
        .contains("labels are all negative (4 rows, 0 positive)");
  }

  @Test
  void intLabelsMustBeZeroOrOne() {
    assertThat(valid().labels(new int[] {1, 0, 1, 0}).build().positives()).isEqualTo(2);
    assertThat(problemsOf(valid().labels(new int[] {1, 0, 2, -1})))
        .contains("labels have 2 values that are neither 0 nor 1 (first at row 2: 2)");
  }

  @Test
  void emptyRunIsRejected() {
    assertThat(problemsOf(BacktestRun.builder("g").labels(new boolean[0]))).contains("the run has no rows");
    assertThat(problemsOf(BacktestRun.builder("g"))).contains("labels are missing");
  }

  @Test
  void blankGateIdIsRejected() {
    assertThat(problemsOf(BacktestRun.builder(" ").labels(LABELS)))
        .contains("gate id is blank");
  }

  @Test
  void featureDeclaredTwiceIsRejected() {
    assertThat(problemsOf(valid().feature("f", new long[] {0, 0, 0, 0})))
        .contains("feature 'f' is declared twice");
  }

  @Test
  void featureWithNeitherTimesNorTimelessDeclarationIsRejected() {
    assertThat(problemsOf(valid().features("status")))
        .contains("feature 'status' has neither knowledge times nor a timeless declaration");
    assertThat(problemsOf(valid().feature("g", (long[]) null)))
        .contains("feature 'g' has neither knowledge times nor a timeless declaration");
  }

  @Test
  void noFeaturesIsRejected() {
    assertThat(problemsOf(BacktestRun.builder("g").labels(LABELS).candidate("c", CANDIDATE).baseline("b", BASELINE)
        .decisionTimes(DECIDED))).contains("no features are declared");
  }

  @Test
  void timelessFeatureNeedsAReason() {
    assertThat(problemsOf(valid().timelessFeature("region", " "))).contains("timeless feature 'region' has no reason");
  }

  @Test
  void preEpochTimesAreAcceptedAndTheNoTimeMarkerIsRejectedLikeTheJoinDoes() {
    assertThat(valid().decisionTimes(new long[] {1, -5, 3, 4}).feature("g", new long[] {1, 2, -7, 4}).build()
        .features()).hasSize(2);
    assertThat(problemsOf(valid().decisionTimes(new long[] {1, FeatureTiming.NO_VALUE, 3, FeatureTiming.NO_VALUE})))
        .contains("backtest run: column 'decisionTimes' has 2 missing time(s) (Long.MIN_VALUE, the reserved \"no "
            + "time\" marker), first at row 1");
    assertThat(valid().feature("g", new long[] {1, FeatureTiming.NO_VALUE, 3, 4}).build().features()).hasSize(2);
  }

  @Test
  void missingInstantsAreRejected() {
    Instant t = Instant.ofEpochMilli(5);
    assertThat(problemsOf(valid().decisionTimes(new Instant[] {t, null, t, null})))
        .contains("decisionTimes has 2 missing times (first at row 1: null)");
    assertThat(problemsOf(valid().feature("g", new Instant[] {t, t, t, null})))
        .contains("feature 'g' knownAt has 1 missing time (first at row 3: null)");
    assertThat(problemsOf(valid().decisionTimes((long[]) null))).contains("decisionTimes is missing");
  }

  @Test
  void identicalCandidateAndBaselineAreRejected() {
    assertThat(problemsOf(valid().baseline("base", CANDIDATE.clone())))
        .contains("candidate and baseline scores are identical (4 rows, compared by value");
  }

  @Test
  void baselineMustBeGivenOnceAndSensibly() {
    BacktestRun.Builder noBaseline = BacktestRun.builder("g").labels(LABELS).candidate("c", CANDIDATE)
        .decisionTimes(DECIDED).feature("f", DECIDED);
    assertThat(problemsOf(noBaseline)).contains("baseline is missing");
    assertThat(problemsOf(valid().baselineAuc("legacy", 0.7))).contains("baseline is given 2 times");
    assertThat(problemsOf(noBaseline.baselineAuc("legacy", 1.2))).contains("baseline AUC is 1.2");
  }

  @Test
  void everyProblemIsListedAtOnce() {
    InvalidBacktestRunException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidBacktestRunException.class,
        () -> valid().candidate("", new double[] {Double.NaN, 1, 2, 3}).decisionTimes(new long[] {Long.MIN_VALUE, 1, 2, 3})
            .build());
    assertThat(e.problems()).hasSize(3);
    assertThat(e.getMessage()).contains("is invalid (3 problems)");
  }

  @Test
  void fixedAucBaselineIsAccepted() {
    BacktestRun run = BacktestRun.builder("g").labels(LABELS).candidate("c", CANDIDATE)
        .baselineAuc("legacy", 0.7).decisionTimes(DECIDED).feature("f", DECIDED).build();
    assertThat(run.baseline()).isEqualTo(new Baseline.FixedAuc("legacy", 0.7));
    assertThatThrownBy(() -> BacktestRun.builder("g").build()).isInstanceOf(IllegalArgumentException.class);
  }
}
