package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryFinding;
import org.junit.jupiter.api.Test;

/**
 * The committed history manifest of the standard world's statement table: the table as loaded matches it;
 * the backfill breaks it whether or not it stamped {@code updated_at}; the append-only log with the same
 * cleanup still matches, because its corrections are recorded after the cut.
 */
class StatementHistoryTests {
  private static final CreditWorld WORLD = CreditBacktests.standard().world();

  @Test
  void theTableAsLoadedMatchesTheCommittedManifest() {
    HistoryCheckResult result = StatementHistory.check(StatementTable.load(WORLD).toEventLog(StatementHistory.TABLE));
    assertThat(result.clean()).as("%s", result.problems()).isTrue();
    assertThat(result.partitionsChecked()).isGreaterThan(40);
  }

  @Test
  void theSilentBackfillChangesEveryClosedMonthThoughNoRowLooksNewer() {
    StatementTable table = StatementTable.load(WORLD);
    NormalizeStatusBackfill.rewrite(table, WORLD, StatementTable.Stamping.SILENT);
    HistoryCheckResult result = StatementHistory.check(table.toEventLog(StatementHistory.TABLE));
    assertThat(result.findings()).hasSize(result.partitionsChecked()).allMatch(f -> f instanceof HistoryFinding.Changed);
    assertThat(result.problems().get(result.problems().size() - 1)).contains("were rewritten in place");
  }

  @Test
  void theStampedBackfillMovesTheRewrittenRowsOutOfEveryClosedMonth() {
    StatementTable table = StatementTable.load(WORLD);
    NormalizeStatusBackfill.rewrite(table, WORLD, StatementTable.Stamping.STAMP_UPDATED_AT);
    HistoryCheckResult result = StatementHistory.check(table.toEventLog(StatementHistory.TABLE));
    assertThat(result.clean()).isFalse();
    assertThat(result.findings()).allMatch(f -> f instanceof HistoryFinding.Changed || f instanceof HistoryFinding.Vanished);
  }

  @Test
  void theAppendOnlyLogWithTheSameCleanupStillMatches() {
    StatusLog log = StatusLog.load(WORLD);
    NormalizeStatusBackfill.record(log, WORLD);
    HistoryCheckResult result = StatementHistory.check(log.toEventLog(StatementHistory.TABLE));
    assertThat(result.clean()).as("%s", result.problems()).isTrue();
  }
}
