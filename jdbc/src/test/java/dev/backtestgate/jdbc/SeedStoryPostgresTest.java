package dev.backtestgate.jdbc;

import static dev.backtestgate.jdbc.PostgresGuardTest.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.PartitionGranularity;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The seed story on PostgreSQL. A statement-status history (monthly statements of 2024 with legacy codes:
 * D1 and 30 for 30 days past due, H and REVIEW for "under review") gets the August 2025 cleanup that maps every
 * code to its canonical name, resolving a review to DPD90 when the account was later charged off (information
 * from after the outcome). Run as the in-place UPDATE the ETL role is allowed to run, the guard rejects it and
 * audits the attempt; run as appended corrections, it passes and the committed manifest still matches; on an
 * unguarded copy, the UPDATE goes through and the manifest check names the rewritten partitions; the grants
 * audit names the ETL role as able to run the UPDATE.
 */
@ExtendWith(PostgresExtension.class)
class SeedStoryPostgresTest {
  private static final HistoryTable STATUS = HistoryTable.of("statement_status")
      .withColumns("account_id", "statement_at", "recorded_at", "status");
  private static final String CLEANUP = "SET status = CASE WHEN status IN ('D1', '30') THEN 'DPD30'"
      + " WHEN status IN ('H', 'REVIEW') AND account_id IN (SELECT account_id FROM charged_off) THEN 'DPD90'"
      + " WHEN status IN ('H', 'REVIEW') THEN 'CURRENT' ELSE status END"
      + " WHERE status IN ('D1', '30', 'H', 'REVIEW')";
  private static PostgresExtension.Database db;

  @BeforeAll
  static void story(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("risk_etl LOGIN", "history_break_glass NOLOGIN");
    try (Connection connection = db.connect()) {
      execute(connection,
          "CREATE TABLE statement_status (account_id bigint NOT NULL, statement_at timestamptz NOT NULL,"
              + " recorded_at timestamptz NOT NULL, status text)",
          // 300 accounts x 12 monthly statements of 2024, recorded the day after the statement
          "INSERT INTO statement_status SELECT a, s, s + interval '1 day',"
              + " (ARRAY['CURRENT', 'CURRENT', 'CURRENT', 'D1', '30', 'H', 'REVIEW', 'DPD90'])[1 + (a * 7 + m * 13) % 8]"
              + " FROM generate_series(1, 300) a, generate_series(0, 11) m,"
              + " LATERAL (SELECT TIMESTAMPTZ '2024-01-28 00:00:00+00' + m * interval '1 month') t(s)",
          "CREATE TABLE charged_off AS SELECT a AS account_id FROM generate_series(1, 300, 9) a",
          "CREATE TABLE statement_status_copy AS TABLE statement_status",
          "GRANT SELECT, INSERT, UPDATE ON statement_status, statement_status_copy TO risk_etl",
          "GRANT SELECT ON charged_off TO risk_etl");
    }
  }

  @Test
  void theStory() throws SQLException {
    try (Connection admin = db.connect(); Connection etl = db.connect("risk_etl")) {
      Instant closedBefore = Instant.now().minus(Duration.ofDays(7));
      HistoryManifest committed = SqlHistory.manifest(admin, STATUS, PartitionGranularity.MONTH, closedBefore);
      assertThat(committed.partitions()).hasSize(12).allSatisfy(p -> assertThat(p.rows()).isEqualTo(300));
      AppendOnlyGuard.of(STATUS).breakGlassRole("history_break_glass").apply(admin);

      int legacy = Integer.parseInt(single(admin,
          "SELECT count(*) FROM statement_status WHERE status IN ('D1', '30', 'H', 'REVIEW')"));
      assertThat(legacy).isGreaterThan(1000);

      // 1. the in-place backfill is rejected, loudly, and the attempt is on record
      assertThatThrownBy(() -> execute(etl, "UPDATE statement_status " + CLEANUP))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("UPDATE on statement_status rejected");
      assertThat(single(admin, "SELECT session_user_name || ' ' || operation || ' ' || table_name || ' ' || outcome"
          + " FROM backtest_gate.write_attempts")).isEqualTo("risk_etl UPDATE public.statement_status rejected");

      // 2. the same cleanup as corrections appended with their own recorded_at passes, history is intact
      int corrected;
      try (Statement statement = etl.createStatement()) {
        corrected = statement.executeUpdate("INSERT INTO statement_status SELECT account_id, statement_at, now(),"
            + " CASE WHEN status IN ('D1', '30') THEN 'DPD30' WHEN account_id IN (SELECT account_id FROM charged_off)"
            + " THEN 'DPD90' ELSE 'CURRENT' END FROM statement_status WHERE status IN ('D1', '30', 'H', 'REVIEW')");
      }
      assertThat(corrected).isEqualTo(legacy);
      assertThat(SqlHistory.check(admin, committed, STATUS).clean()).isTrue();
      LateWriteReport late = SqlHistory.lateWrites(admin, STATUS, Duration.ofDays(7));
      assertThat(late.lateEvents()).isEqualTo(legacy);
      assertThat(late.batches()).singleElement().satisfies(batch -> assertThat(batch.entities()).isEqualTo(300));

      // 3. on an unguarded copy the same UPDATE goes through, and the manifest check catches the rewrite
      int rewritten;
      try (Statement statement = etl.createStatement()) {
        rewritten = statement.executeUpdate("UPDATE statement_status_copy " + CLEANUP);
      }
      assertThat(rewritten).isEqualTo(legacy);
      HistoryCheckResult check = SqlHistory.check(admin, committed,
          HistoryTable.of("statement_status_copy").withColumns("account_id", "statement_at", "recorded_at", "status")
              .withLogName("statement_status"));
      assertThat(check.clean()).isFalse();
      assertThat(check.findings()).hasSize(12).allSatisfy(finding -> assertThat(finding).isInstanceOf(HistoryFinding.Changed.class));

      // 4. the grants audit names the role that could run the UPDATE, and how to fix it
      GrantsReport grants = GrantsAudit.of("statement_status").breakGlassRole("history_break_glass").run(admin);
      assertThat(grants.offendingRoles()).containsExactly("risk_etl");
      assertThat(grants.summary())
          .contains("FAIL  risk_etl can UPDATE statement_status (granted directly)")
          .contains("REVOKE UPDATE, DELETE, TRUNCATE ON statement_status FROM risk_etl;")
          .contains("GRANT UPDATE, DELETE, TRUNCATE ON statement_status TO history_break_glass;");
    }
  }

  private static String single(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      assertThat(rows.next()).isTrue();
      String value = rows.getString(1);
      assertThat(rows.next()).as("exactly one row").isFalse();
      return value;
    }
  }
}
