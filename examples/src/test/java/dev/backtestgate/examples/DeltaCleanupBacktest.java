package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The status-code cleanup on a real Delta table ({@link DeltaCredit}): loaded monthly through the test period, then
 * normalised on 2025-08-15. Each backtest records the table's history read from its own log since the first review,
 * and the values of the features it was tested on, which its claim summarizes: both models then ship, and
 * {@code DeltaCleanupGateTests} holds each to its claim in the months after ({@link CreditBacktests#production}).
 *
 * <ul>
 *   <li>{@link #mergedInPlace}: the cleanup ran as {@code MERGE INTO}; the challenger trained and tested on the table
 *       as it is now looks spectacular, and the gate blocks it, naming the MERGE commit and the partitions it
 *       rewrote. Tagged {@value LeakyBackfillBacktest#TAG}: excluded from the default run, run by {@code
 *       DeltaCleanupGateTests} and the demo.
 *   <li>{@link #appendedCorrections}: the same cleanup appended as correction rows written on the cleanup day; the
 *       challenger reads each status as of its decision by {@code recorded_at}, the log shows appends into open
 *       partitions only, and the gate passes.
 * </ul>
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DeltaCleanupBacktest {

  @Test
  @Order(1)
  @Tag(LeakyBackfillBacktest.TAG)
  @LeakageGated
  void mergedInPlace(Backtest backtest) {
    DeltaCredit delta = DeltaCredit.tables();
    Recorded.into(backtest, CreditBacktests.standard().shipRewritten(delta.statementTable()).backtest());
    backtest.history(delta.history(delta.merged()));
  }

  @Test
  @Order(2)
  @LeakageGated
  void appendedCorrections(Backtest backtest) {
    DeltaCredit delta = DeltaCredit.tables();
    Recorded.into(backtest, CreditBacktests.fromStatusLog(delta.statusLog()).shipPointInTime().backtest());
    backtest.history(delta.history(delta.corrected()));
  }
}
