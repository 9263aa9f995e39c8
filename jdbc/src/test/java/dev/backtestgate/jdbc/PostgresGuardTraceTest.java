package dev.backtestgate.jdbc;

import static dev.backtestgate.jdbc.PostgresGuardTest.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.Comparison;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.tripwire.trace.TableTrace;
import dev.backtestgate.tripwire.trace.TraceText;
import dev.backtestgate.tripwire.trace.Trace;
import dev.backtestgate.tripwire.Outcomes;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The tripwire's trace of a SQL table under the append-only guard, on a real PostgreSQL server: who tried to rewrite
 * its closed history and who did under break glass, from the guard's audit; a database without the guard said.
 */
@ExtendWith(PostgresExtension.class)
class PostgresGuardTraceTest {
  private static final HistoryTable TABLE = HistoryTable.of("trace_balances").withColumns("customer", "valid_from",
      "recorded_at", "balance");
  private static final Instant EARLIEST = Instant.now().minus(Duration.ofDays(400));
  private static final Claim CLAIM = new Claim("churn-v7", "sha256-v2:" + "a".repeat(64), EARLIEST,
      EARLIEST.plus(Duration.ofDays(180)), "gbm", "logreg", 0.80, 0.75, new Claim.Variances(1e-4, 1.2e-4, 0.8e-4),
      Comparison.Interval.PAIRED_DELONG, 0.80 - 0.75, 0.03, 0.07, 0.95, 4_000, 1_000, null, List.of(),
      List.of("tenure"), List.of(new Claim.TableRead("trace_balances", null, "its history is declared by a "
          + "manifest"), new Claim.TableRead("events", "delta:file:/lake/events@3", "")));
  private static PostgresExtension.Database db;

  @BeforeAll
  static void guardedTable(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("app_writer LOGIN", "history_break_glass NOLOGIN", "oncall LOGIN");
    try (Connection connection = db.connect()) {
      execute(connection, "GRANT history_break_glass TO oncall", "DROP TABLE IF EXISTS trace_balances",
          "CREATE TABLE trace_balances (customer bigint, valid_from timestamptz, recorded_at timestamptz, "
              + "balance float8)",
          "INSERT INTO trace_balances VALUES (1, now() - interval '30 days', now() - interval '30 days', 10)",
          "GRANT SELECT, UPDATE ON trace_balances TO app_writer, history_break_glass");
      AppendOnlyGuard.of(TABLE).breakGlassRole("history_break_glass").apply(connection);
    }
    try (Connection app = db.connect("app_writer"); Connection oncall = db.connect("oncall")) {
      assertThatThrownBy(() -> execute(app, "UPDATE trace_balances SET balance = 0"))
          .hasMessageContaining("rejected");
      execute(oncall, "SET backtest_gate.break_glass = 'on'", "UPDATE trace_balances SET balance = balance + 1");
    }
  }

  @Test
  void theGuardsAuditNamesWhoRewroteTheClaimedTableAndTheLogTablesAreLeftAsTraced() throws SQLException {
    TableTrace logTable = TableTrace.unreadable("events", "delta:file:/lake/events@3", "gone");
    List<TableTrace> traced;
    try (Connection connection = db.connect()) {
      traced = GuardTrace.trace(connection, CLAIM, List.of(TableTrace.unreadable("trace_balances", null,
          "no version"), logTable));
    }

    assertThat(traced.get(1)).isEqualTo(logTable);
    TableTrace guarded = traced.get(0);
    assertThat(guarded.read()).isTrue();
    assertThat(guarded.guardAudit().get(0)).startsWith("Who wrote or tried to write closed history of "
        + "public.trace_balances since " + EARLIEST);
    assertThat(String.join("\n", guarded.guardAudit())).contains("break glass  oncall UPDATE",
        "rejected     app_writer UPDATE");
    Trace trace = Trace.of(CLAIM, Outcomes.builder().decidedAt(new long[] {1}).candidateScores(new double[] {0.5})
        .labels(new boolean[] {true}).labelKnownAt(new long[] {2}).build(), traced, List.of(), "");
    assertThat(TraceText.render(trace)).contains("      Who wrote or tried to write closed history of "
        + "public.trace_balances");
    assertThat(trace.closing()).contains("the append-only guard's audit of 'trace_balances' records writes to its "
        + "closed history (");
  }

  @Test
  void aDatabaseWithoutTheGuardIsSaidNotThrown() throws SQLException {
    try (Connection duck = java.sql.DriverManager.getConnection("jdbc:duckdb:")) {
      TableTrace trace = GuardTrace.trace(duck, CLAIM, CLAIM.dataRead().get(0));

      assertThat(trace.read()).isFalse();
      assertThat(trace.unreadable()).startsWith("the claim records no version read (its history is declared by a "
          + "manifest), and the append-only guard's audit could not be read for it: ").contains("PostgreSQL");
    }
  }
}
