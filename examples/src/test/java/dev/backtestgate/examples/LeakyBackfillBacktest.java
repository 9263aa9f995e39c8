package dev.backtestgate.examples;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The backtest that looks spectacular: the challenger trained and tested on the statement table after the
 * in-place "normalize status codes" backfill, which resolved every review code to how the account ended.
 * The gate blocks both variants: the lift is far above the limit, and where the backfill stamped
 * {@code updated_at} the status features were also known only after the decisions.
 *
 * <p>Tagged {@value #TAG} and excluded from the default test run, so the project's own build stays green;
 * {@code LeakyBackfillGateTests} runs it through the EngineTestKit and asserts that the gate blocks it, and
 * the demo ({@code -Pdemo}) runs it to show the message.
 *
 * <pre>{@code
 * mvn -B -ntp -Pdemo -DskipTests -pl examples -am verify
 * }</pre>
 */
@Tag(LeakyBackfillBacktest.TAG)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LeakyBackfillBacktest {
  static final String TAG = "demo-leaky";

  @Test
  @Order(1)
  @LeakageGated
  void rewrittenTableWithUpdatedAt(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().leakyBackfill(StatementTable.Stamping.STAMP_UPDATED_AT));
  }

  @Test
  @Order(2)
  @LeakageGated
  void rewrittenTableSilently(Backtest backtest) {
    Recorded.into(backtest, CreditBacktests.standard().leakyBackfill(StatementTable.Stamping.SILENT));
  }

  /**
   * The silent variant with the model in the loop: an XGBoost pipeline on the columns read from the rewritten table,
   * handed to the gate, which refits it without each column and names the cleaned status as the carrier of the lift.
   */
  @Test
  @Order(3)
  @LeakageGated
  void rewrittenTableSilentlyWithPipeline(Backtest backtest) {
    RecordedPipeline.into(backtest, CreditBacktests.standard().leakyBackfillPipeline());
  }
}
