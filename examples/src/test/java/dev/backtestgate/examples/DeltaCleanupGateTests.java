package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.junit.LeakageGateFailure;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.trace.TraceText;
import dev.backtestgate.metrics.Auc;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link DeltaCleanupBacktest} (its blocked test is excluded from the default run by its tag) through the
 * EngineTestKit and checks the story on the real Delta tables: the MERGE blocked and named, the appended corrections
 * passing, and the transaction-time training set giving back the honest AUC; then both models ship, and the tripwire
 * holds each to its claim on the six months of production after the backtest: the leaky one trips, its trace naming the
 * MERGE commit and {@code worst_status_12m}, the honest one holds.
 */
class DeltaCleanupGateTests {
  private static final String CLASS = DeltaCleanupBacktest.class.getName();
  private static GatedRuns runs;

  @BeforeAll
  static void runTheDeltaBacktests() {
    runs = GatedRuns.of(DeltaCleanupBacktest.class);
    runs.tests().assertStatistics(stats -> stats.started(2).succeeded(1).failed(1).aborted(0));
  }

  @Test
  void theMergeInPlaceIsBlockedNamingTheCommitAndThePartitionsItRewrote() {
    GatedRuns.Outcome merged = runs.outcome("mergedInPlace");
    assertThat(merged.failure()).isInstanceOf(LeakageGateFailure.class);
    // the worst status read from the rewritten table alone ranks the rows above the feature-label screen's limit
    assertThat(merged.findingKinds()).containsExactly("lift", "rewritten-history", "feature-label");
    assertThat(merged.report().at("/comparison/lift").asDouble()).isGreaterThan(0.10);
    assertThat(merged.failure().getMessage())
        .startsWith("Leakage gate FAILED: " + CLASS + "#mergedInPlace")
        .contains("A lift this large is the classic signature of leaked future data.")
        .contains("status-merged' was rewritten in place: 19 of 19 closed partitions differ")
        .contains("partition written_on=2024-01-01 rewritten in place by commit 20 (MERGE at 2025-08-15T02:00:00Z")
        .contains("partition written_on=2024-05-01 rewritten in place by commit 20 (MERGE")
        .contains("status=H, code=5", "status=DPD90")   // a review code rewritten to the outcome it hid
        .contains("RESTORE TABLE");
  }

  @Test
  void theSameCleanupAsAppendedCorrectionsPasses() {
    GatedRuns.Outcome corrected = runs.outcome("appendedCorrections");
    assertThat(corrected.failure()).isNull();
    assertThat(corrected.report().get("verdict").asText()).isEqualTo("PASSED");
    assertThat(corrected.findingKinds()).doesNotContain("rewritten-history", "late-writes", "check-failed", "lift");
    assertThat(corrected.report().at("/comparison/lift").asDouble()).isLessThan(0.05);
  }

  @Test
  void theLeakyShippedModelTripsAndItsTraceNamesTheMergeAndWorstStatus() {
    DeltaCredit delta = DeltaCredit.tables();
    CreditBacktests backtests = CreditBacktests.standard();
    ShippedLook look = ShippedLook.of(runs.outcome("mergedInPlace").report(), backtests, backtests.shipRewritten(delta.statementTable()));
    assertThat(look.result()).isInstanceOf(TripwireResult.Tripped.class);
    String text = TraceText.render(look.trace());
    assertThat(text)
        .contains("rewritten before the read:", "commit 20 (MERGE at 2025-08-15T02:00:00Z)", "written_on=2024-01-01")
        .contains("worst_status_12m     Kolmogorov-Smirnov");
    assertThat(look.trace().skews()).extracting(s -> s.feature()).contains("worst_status_12m");
    assertThat(look.trace().closing()).contains("commit 20 (MERGE at 2025-08-15T02:00:00Z) had rewritten rows of 19 "
        + "partition(s)");
  }

  @Test
  void theHonestShippedModelHoldsItsClaim() {
    DeltaCredit delta = DeltaCredit.tables();
    CreditBacktests backtests = CreditBacktests.fromStatusLog(delta.statusLog());
    ShippedLook look = ShippedLook.of(runs.outcome("appendedCorrections").report(), backtests, backtests.shipPointInTime());
    assertThat(look.result()).isInstanceOf(TripwireResult.Held.class);
  }

  /**
   * The transaction-time training set: {@code DeltaEvents} over the merged table's log, each status known from the
   * commit that made it visible, then the same point-in-time join and models. It equals, score for score, the backtest
   * on the appended-corrections table read as of {@code recorded_at} (the time its load wrote each row): both see at
   * every decision exactly what the table held then, and the MERGE of 2025-08-15 is after every decision.
   */
  @Test
  void theTransactionTimeTrainingSetOnTheMergedTableGivesBackTheHonestAuc() {
    DeltaCredit delta = DeltaCredit.tables();
    ScoredBacktest transactionTime = CreditBacktests.fromStatusLog(delta.transactionTimeLog()).pointInTime();
    ScoredBacktest corrected = CreditBacktests.fromStatusLog(delta.statusLog()).pointInTime();
    assertThat(transactionTime.labels()).containsExactly(corrected.labels());
    assertThat(transactionTime.candidateScores()).containsExactly(corrected.candidateScores());
    assertThat(transactionTime.baselineScores()).containsExactly(corrected.baselineScores());
    double auc = Auc.of(transactionTime.labels(), transactionTime.candidateScores());
    assertThat(auc).isEqualTo(runs.outcome("appendedCorrections").report().at("/comparison/candidateAuc").asDouble());
  }
}
