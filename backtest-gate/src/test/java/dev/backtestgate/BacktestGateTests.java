package dev.backtestgate;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.GateFixtures.DAY;
import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.lift.LiftAboveLimit;
import dev.backtestgate.lift.PerfectCandidate;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.pointintime.PointInTimeFinding;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOffStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BacktestGateTests {
  private static final String GATE = "com.acme.ChurnBacktest#gbm";
  @TempDir Path repo;
  private ReviewStore store;

  @BeforeEach
  void setUp() {
    store = ReviewStore.directory(repo.resolve("leakage-reviews"));
  }

  private GateResult evaluate(BacktestRun run) {
    return BacktestGate.evaluate(run, GatePolicy.defaults(), store, CLOCK);
  }

  @Test
  void similarModelsPass() {
    GateResult r = evaluate(run(GATE, data(1, 2_000, 1.0, 0.95)).build());
    assertThat(r.verdict()).isEqualTo(Verdict.PASSED);
    assertThat(r.findings()).isEmpty();
    assertThat(r.signOff()).isInstanceOf(SignOffStatus.Missing.class);
    assertThat(r.run().features()).containsExactly("balance", "region");
    assertThat(r.run().timelessFeatures()).containsExactly("region");
  }

  @Test
  void comparisonIsPairedDeLongOnTheRun() {
    GateFixtures.Data d = data(1, 2_000, 1.6, 0.8);
    GateResult r = evaluate(run(GATE, d).build());
    var expected = DeLong.compare(d.labels(), d.candidate(), d.baseline(), 0.95);
    assertThat(r.comparison().lift()).isEqualTo(expected.lift());
    assertThat(r.comparison().ciLower()).isEqualTo(expected.ciLower());
    assertThat(r.comparison().interval()).isEqualTo(Comparison.Interval.PAIRED_DELONG);
  }

  @Test
  void liftAboveLimitFailsWithoutSignOff() {
    GateResult r = evaluate(run(GATE, data(1, 2_000, 1.6, 0.8)).build());
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(r.findings()).singleElement().isInstanceOf(LiftAboveLimit.class);
    assertThat(r.unresolved()).isEqualTo(r.findings());
    assertThat(((LiftAboveLimit) r.findings().get(0)).maxLift()).isEqualTo(0.05);
  }

  @Test
  void theLimitIsConfigurable() {
    BacktestRun run = run(GATE, data(1, 2_000, 1.6, 0.8)).build();
    GateResult r = BacktestGate.evaluate(run, GatePolicy.defaults().withMaxLift(0.5), store, CLOCK);
    assertThat(r.verdict()).isEqualTo(Verdict.PASSED);
  }

  @Test
  void aPerfectCandidateNeedsASignOffWhateverTheLift() {
    boolean[] labels = {true, false, true, false, true, false};
    GateResult r = evaluate(BacktestRun.builder(GATE).labels(labels)
        .candidate("c", new double[] {0.9, 0.1, 0.8, 0.2, 0.7, 0.3})
        .baseline("b", new double[] {0.7, 0.1, 0.8, 0.2, 0.9, 0.3})
        .decisionTimes(new long[] {1, 2, 3, 4, 5, 6}).feature("f", new long[6]).build());
    assertThat(r.comparison().lift()).isZero();
    assertThat(r.findings()).containsExactly(new PerfectCandidate("c", 1.0));
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
  }

  @Test
  void featuresKnownAfterDecisionFail() {
    GateFixtures.Data d = data(1, 1_000, 1.0, 0.95);
    long[] status = d.decided().clone();
    for (int i = 0; i < status.length; i += 10) {
      status[i] += 37 * DAY;
    }
    GateResult r = evaluate(run(GATE, d).feature("status", status).build());
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    PointInTimeFinding pit = (PointInTimeFinding) r.findings().get(0);
    assertThat(pit.violation().feature()).isEqualTo("status");
    assertThat(pit.violation().rowsAffected()).isEqualTo(100);
    assertThat(pit.violation().largestLead()).isEqualTo(java.time.Duration.ofDays(37));
  }

  @Test
  void availabilityLagAppliesToEveryFeature() {
    GateFixtures.Data d = data(1, 1_000, 1.0, 0.95);
    BacktestRun run = run(GATE, d).build();
    GatePolicy lagged = GatePolicy.defaults().withAvailabilityLag(java.time.Duration.ofDays(2));
    GateResult r = BacktestGate.evaluate(run, lagged, store, CLOCK);
    assertThat(r.findings()).singleElement().isInstanceOf(PointInTimeFinding.class);
  }

  @Test
  void aCheckThatCannotRunFailsTheGate() {
    boolean[] labels = {true, false, false, false};
    GateResult r = evaluate(BacktestRun.builder(GATE).labels(labels)
        .candidate("c", new double[] {0.9, 0.1, 0.8, 0.2})
        .baseline("b", new double[] {0.5, 0.6, 0.8, 0.2})
        .decisionTimes(new long[] {1, 2, 3, 4}).feature("f", new long[4]).build());
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(r.unresolved()).singleElement().isInstanceOf(Finding.CheckFailed.class);
  }

  @Test
  void fixedAucBaselineReportsACandidateOnlyInterval() {
    GateFixtures.Data d = data(1, 2_000, 1.6, 0.8);
    GateResult r = evaluate(BacktestRun.builder(GATE).labels(d.labels()).candidate("c", d.candidate())
        .baselineAuc("legacy", 0.70).decisionTimes(d.decided()).feature("f", d.known()).build());
    var candidate = DeLong.estimate(d.labels(), d.candidate(), 0.95);
    assertThat(r.comparison().interval()).isEqualTo(Comparison.Interval.CANDIDATE_ONLY);
    assertThat(r.comparison().lift()).isEqualTo(candidate.auc() - 0.70);
    assertThat(r.comparison().ciLower()).isEqualTo(candidate.ciLower() - 0.70);
    assertThat(r.comparison().baselineAuc()).isEqualTo(0.70);
  }

  @Test
  void fingerprintIgnoresScoresButNotData() {
    GateFixtures.Data d = data(1, 500, 1.6, 0.8);
    GateFixtures.Data retrained = data(1, 500, 1.7, 0.8);
    assertThat(BacktestGate.fingerprint(run(GATE, d).build()))
        .isEqualTo(BacktestGate.fingerprint(run(GATE, retrained).build()));
    GateFixtures.Data other = data(2, 500, 1.6, 0.8);
    assertThat(BacktestGate.fingerprint(run(GATE, d).build())).isNotEqualTo(BacktestGate.fingerprint(run(GATE, other)
        .build()));
  }

  @Test
  void evaluateWritesNothing() throws Exception {
    evaluate(run(GATE, data(1, 2_000, 1.6, 0.8)).build());
    try (var files = Files.list(repo)) {
      assertThat(files).isEmpty();
    }
  }
}
