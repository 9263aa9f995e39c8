package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The guard's DDL, applied to a real server, against ordinary, superuser and break-glass sessions. */
@ExtendWith(PostgresExtension.class)
class PostgresGuardTest {
  private static PostgresExtension.Database db;
  private static final HistoryTable TABLE = HistoryTable.of("balances").withColumns("customer", "valid_from", "recorded_at", "balance");

  @BeforeAll
  static void roles(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("app_writer LOGIN", "history_break_glass NOLOGIN", "oncall LOGIN", "oncall_team NOLOGIN",
        "oncall_deputy LOGIN", "balances_owner LOGIN");
    try (Connection connection = db.connect()) {
      // oncall is a direct member; oncall_deputy an inherited one, through oncall_team
      execute(connection, "GRANT history_break_glass TO oncall", "GRANT history_break_glass TO oncall_team",
          "GRANT oncall_team TO oncall_deputy");
    }
  }

  @BeforeEach
  void table() throws SQLException {
    try (Connection connection = db.connect()) {
      execute(connection,
          "DROP TABLE IF EXISTS balances",
          "CREATE TABLE balances (customer bigint, valid_from timestamptz, recorded_at timestamptz, balance float8)",
          "INSERT INTO balances VALUES (1, now() - interval '30 days', now() - interval '30 days', 10),"
              + " (2, now() - interval '1 hour', now(), 20)",
          "GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON balances TO app_writer, history_break_glass");
      AppendOnlyGuard.of(TABLE).breakGlassRole("history_break_glass").apply(connection);
      execute(connection, "TRUNCATE " + AppendOnlyGuard.AUDIT_TABLE,
          "GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON balances TO app_writer, history_break_glass");
    }
  }

  @Test
  void anUpdateOfClosedHistoryFailsLoudlyAndTheAttemptIsAudited() throws SQLException {
    try (Connection app = db.connect("app_writer")) {
      assertThatThrownBy(() -> execute(app, "UPDATE balances SET balance = 11 WHERE customer = 1"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("UPDATE on balances rejected: balances is append-only where its history is closed")
          .hasMessageContaining("the attempt is recorded in backtest_gate.write_attempts")
          .hasMessageContaining("new row with its own recorded_at");
    }
    assertThat(audit()).containsExactly("app_writer|UPDATE|public.balances|rejected|1");
    assertThat(balances()).containsExactly("1=10.0", "2=20.0");
  }

  @Test
  void deletesAndTruncatesOfClosedHistoryAreRejectedToo() throws SQLException {
    try (Connection app = db.connect("app_writer")) {
      assertThatThrownBy(() -> execute(app, "DELETE FROM balances")).hasMessageContaining("DELETE on balances rejected");
      assertThatThrownBy(() -> execute(app, "TRUNCATE balances")).hasMessageContaining("TRUNCATE on balances rejected");
      assertThatThrownBy(() -> execute(app, "UPDATE balances SET valid_from = now() - interval '20 days' WHERE customer = 2"))
          .hasMessageContaining("UPDATE on balances rejected");
    }
    assertThat(audit()).containsExactly("app_writer|DELETE|public.balances|rejected|1",
        "app_writer|TRUNCATE|public.balances|rejected|null", "app_writer|UPDATE|public.balances|rejected|2");
    assertThat(balances()).containsExactly("1=10.0", "2=20.0");
  }

  @Test
  void aNewRowIntoClosedHistoryGoesInAuditedAsBackdatedAndOpenHistoryStaysWritable() throws SQLException {
    try (Connection app = db.connect("app_writer")) {
      execute(app, "INSERT INTO balances VALUES (1, now() - interval '30 days', now(), 12)",
          "UPDATE balances SET balance = 21 WHERE customer = 2");
    }
    // The table declares no correction columns, so the new row is an undeclared write into a closed day.
    assertThat(audit()).containsExactly("app_writer|INSERT|public.balances|backdated|1");
    assertThat(balances()).containsExactly("1=10.0", "1=12.0", "2=21.0");
  }

  @Test
  void aSuperuserIsStoppedLikeAnyoneElse() throws SQLException {
    try (Connection admin = db.connect()) {
      assertThatThrownBy(() -> execute(admin, "UPDATE balances SET balance = 0")).hasMessageContaining("rejected");
    }
    assertThat(audit()).containsExactly("postgres|UPDATE|public.balances|rejected|1");
  }

  @Test
  void aSuperuserWhoIsNoMemberCannotBreakGlass() throws SQLException {
    try (Connection admin = db.connect()) {
      execute(admin, "SET backtest_gate.break_glass = 'on'");
      assertThatThrownBy(() -> execute(admin, "UPDATE balances SET balance = 0 WHERE customer = 1"))
          .hasMessageContaining("UPDATE on balances rejected")
          .hasMessageContaining("membership of the break-glass role");
      // nor by taking a member's name: the role that logged in must be a member too
      execute(admin, "SET SESSION AUTHORIZATION oncall", "SET backtest_gate.break_glass = 'on'");
      assertThatThrownBy(() -> execute(admin, "UPDATE balances SET balance = 0 WHERE customer = 1"))
          .hasMessageContaining("UPDATE on balances rejected");
    }
    assertThat(audit()).containsExactly("postgres|UPDATE|public.balances|rejected|1",
        "oncall|UPDATE|public.balances|rejected|1");
    assertThat(balances()).containsExactly("1=10.0", "2=20.0");
  }

  @Test
  void anInheritedMemberMayBreakGlass() throws SQLException {
    try (Connection deputy = db.connect("oncall_deputy")) {
      execute(deputy, "SET backtest_gate.break_glass = 'on'", "UPDATE balances SET balance = 12 WHERE customer = 1");
    }
    assertThat(audit()).containsExactly("oncall_deputy|UPDATE|public.balances|break-glass|1");
    assertThat(balances()).containsExactly("1=12.0", "2=20.0");
  }

  @Test
  void disablingDroppingOrReplacingTheGuardsTriggersIsRejectedAndAudited() throws SQLException {
    try (Connection admin = db.connect()) {
      execute(admin, "ALTER TABLE balances OWNER TO balances_owner",
          "CREATE OR REPLACE FUNCTION public.let_it_pass() RETURNS trigger LANGUAGE plpgsql AS"
              + " $$ BEGIN RETURN NEW; END $$");
    }
    try (Connection owner = db.connect("balances_owner")) {
      assertThatThrownBy(() -> execute(owner, "ALTER TABLE balances DISABLE TRIGGER backtest_gate_append_only"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("DISABLE TRIGGER backtest_gate_append_only on public.balances rejected: the"
              + " append-only guard's triggers keep closed history from being rewritten in place")
          .hasMessageContaining("the attempt is recorded in backtest_gate.write_attempts")
          .hasMessageContaining("Disabling, replacing or dropping them needs membership of the table's"
              + " break-glass role");
      assertThatThrownBy(() -> execute(owner, "ALTER TABLE balances DISABLE TRIGGER USER"))
          .hasMessageContaining("DISABLE TRIGGER backtest_gate_append_only on public.balances, DISABLE TRIGGER"
              + " backtest_gate_backdated on public.balances, DISABLE TRIGGER backtest_gate_no_truncate on"
              + " public.balances rejected");
      assertThatThrownBy(() -> execute(owner, "ALTER TABLE balances ENABLE REPLICA TRIGGER backtest_gate_no_truncate"))
          .hasMessageContaining("ENABLE REPLICA TRIGGER backtest_gate_no_truncate on public.balances rejected");
      assertThatThrownBy(() -> execute(owner, "DROP TRIGGER backtest_gate_append_only ON balances"))
          .hasMessageContaining("DROP TRIGGER backtest_gate_append_only on public.balances rejected");
      assertThatThrownBy(() -> execute(owner, "CREATE OR REPLACE TRIGGER backtest_gate_append_only BEFORE UPDATE"
          + " OR DELETE ON balances FOR EACH ROW EXECUTE FUNCTION public.let_it_pass()"))
          .hasMessageContaining("REPLACE TRIGGER backtest_gate_append_only on public.balances rejected");
      assertThatThrownBy(() -> execute(owner, "UPDATE balances SET balance = 0 WHERE customer = 1"))
          .hasMessageContaining("UPDATE on balances rejected");
    }
    try (Connection admin = db.connect()) {
      execute(admin, "SET backtest_gate.break_glass = 'on'");
      assertThatThrownBy(() -> execute(admin, "ALTER TABLE balances DISABLE TRIGGER ALL"))
          .hasMessageContaining("DISABLE TRIGGER backtest_gate_append_only on public.balances, DISABLE TRIGGER"
              + " backtest_gate_backdated on public.balances, DISABLE TRIGGER backtest_gate_no_truncate on"
              + " public.balances rejected");
    }
    assertThat(audit()).containsExactly(
        "balances_owner|DISABLE TRIGGER backtest_gate_append_only|public.balances|rejected|null",
        "balances_owner|DISABLE TRIGGER backtest_gate_append_only|public.balances|rejected|null",
        "balances_owner|DISABLE TRIGGER backtest_gate_backdated|public.balances|rejected|null",
        "balances_owner|DISABLE TRIGGER backtest_gate_no_truncate|public.balances|rejected|null",
        "balances_owner|ENABLE REPLICA TRIGGER backtest_gate_no_truncate|public.balances|rejected|null",
        "balances_owner|DROP TRIGGER backtest_gate_append_only|public.balances|rejected|null",
        "balances_owner|REPLACE TRIGGER backtest_gate_append_only|public.balances|rejected|null",
        "balances_owner|UPDATE|public.balances|rejected|1",
        "postgres|DISABLE TRIGGER backtest_gate_append_only|public.balances|rejected|null",
        "postgres|DISABLE TRIGGER backtest_gate_backdated|public.balances|rejected|null",
        "postgres|DISABLE TRIGGER backtest_gate_no_truncate|public.balances|rejected|null");
    assertThat(triggers()).containsExactly("backtest_gate_append_only O", "backtest_gate_backdated O",
        "backtest_gate_no_truncate O");
  }

  @Test
  void aBreakGlassMemberMayDisableTheGuardAndEveryChangeIsAudited() throws SQLException {
    try (Connection admin = db.connect()) {
      execute(admin, "ALTER TABLE balances OWNER TO balances_owner", "GRANT oncall_team TO balances_owner");
    }
    try (Connection owner = db.connect("balances_owner")) {
      execute(owner, "SET backtest_gate.break_glass = 'on'",
          "ALTER TABLE balances DISABLE TRIGGER backtest_gate_append_only",
          "UPDATE balances SET balance = 13 WHERE customer = 1",
          "ALTER TABLE balances ENABLE TRIGGER backtest_gate_append_only");
    } finally {
      try (Connection admin = db.connect()) {
        execute(admin, "REVOKE oncall_team FROM balances_owner");
      }
    }
    assertThat(audit()).containsExactly(
        "balances_owner|DISABLE TRIGGER backtest_gate_append_only|public.balances|break-glass|null",
        "balances_owner|ENABLE TRIGGER backtest_gate_append_only|public.balances|allowed|null");
    assertThat(balances()).containsExactly("1=13.0", "2=20.0");
    assertThat(triggers()).containsExactly("backtest_gate_append_only O", "backtest_gate_backdated O",
        "backtest_gate_no_truncate O");
  }

  @Test
  void reapplyingTheGuardKeepsItsTriggersAndTripsNothing() throws SQLException {
    try (Connection admin = db.connect()) {
      AppendOnlyGuard.of(TABLE).breakGlassRole("history_break_glass").apply(admin);
      AppendOnlyGuard.of(TABLE).closedAfterDays(3).apply(admin);
      execute(admin, "ALTER TABLE balances ADD COLUMN note text", "ALTER TABLE balances DROP COLUMN note");
    }
    assertThat(audit()).isEmpty();
    assertThat(triggers()).containsExactly("backtest_gate_append_only O", "backtest_gate_backdated O",
        "backtest_gate_no_truncate O");
  }

  @Test
  void applyingNeedsASuperuser() throws SQLException {
    try (Connection app = db.connect("app_writer")) {
      assertThatThrownBy(() -> AppendOnlyGuard.of(TABLE).apply(app))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("applying the append-only guard needs a superuser")
          .hasMessageContaining("only superusers may create event triggers");
    }
  }

  @Test
  void breakGlassMembersMayWriteAfterSayingSoAndAreAudited() throws SQLException {
    try (Connection app = db.connect("app_writer"); Connection oncall = db.connect("oncall")) {
      execute(app, "SET backtest_gate.break_glass = 'on'");
      assertThatThrownBy(() -> execute(app, "UPDATE balances SET balance = 11 WHERE customer = 1"))
          .hasMessageContaining("rejected");
      assertThatThrownBy(() -> execute(oncall, "UPDATE balances SET balance = 11 WHERE customer = 1"))
          .hasMessageContaining("rejected");
      execute(oncall, "SET backtest_gate.break_glass = 'on'", "UPDATE balances SET balance = 11 WHERE customer = 1");
    }
    assertThat(audit()).containsExactly("app_writer|UPDATE|public.balances|rejected|1",
        "oncall|UPDATE|public.balances|rejected|1", "oncall|UPDATE|public.balances|break-glass|1");
    assertThat(balances()).containsExactly("1=11.0", "2=20.0");
  }

  @Test
  void theClosingWindowIsConfigurable() throws SQLException {
    try (Connection connection = db.connect()) {
      AppendOnlyGuard.of(TABLE).closedAfterDays(40).apply(connection);
      execute(connection, "UPDATE balances SET balance = 9 WHERE customer = 1");
      AppendOnlyGuard.of(TABLE).closedAfterDays(25).apply(connection);
      assertThatThrownBy(() -> execute(connection, "UPDATE balances SET balance = 8 WHERE customer = 1"))
          .hasMessageContaining("rejected");
    }
    assertThat(balances()).containsExactly("1=9.0", "2=20.0");
    assertThatThrownBy(() -> AppendOnlyGuard.of(TABLE).closedAfterDays(-1)).hasMessageContaining("between 0 and 36500");
  }

  @Test
  void guardsTimestampAndDateColumnsByTheirUtcDay() throws SQLException {
    try (Connection connection = db.connect()) {
      execute(connection, "DROP TABLE IF EXISTS local_times",
          "CREATE TABLE local_times (entity bigint, valid_from timestamp, recorded_at date, value float8)",
          "INSERT INTO local_times VALUES (1, (now() AT TIME ZONE 'UTC') - interval '30 days', current_date, 1),"
              + " (2, now() AT TIME ZONE 'UTC', current_date, 2)",
          "SET TimeZone = 'Pacific/Kiritimati'");
      AppendOnlyGuard.of(HistoryTable.of("local_times")).apply(connection);
      execute(connection, "UPDATE local_times SET value = 3 WHERE entity = 2");
      assertThatThrownBy(() -> execute(connection, "UPDATE local_times SET value = 3 WHERE entity = 1"))
          .hasMessageContaining("UPDATE on local_times rejected");
      execute(connection, "DROP TABLE local_times",
          "CREATE TABLE local_times (entity bigint, valid_from date, recorded_at date, value float8)",
          "INSERT INTO local_times VALUES (1, current_date - 30, current_date, 1), (2, current_date, current_date, 2)");
      AppendOnlyGuard.of(HistoryTable.of("local_times")).apply(connection);
      execute(connection, "DELETE FROM local_times WHERE entity = 2");
      assertThatThrownBy(() -> execute(connection, "DELETE FROM local_times WHERE entity = 1"))
          .hasMessageContaining("DELETE on local_times rejected");
    }
  }

  @Test
  void theDdlNamesOnlyCheckedQuotedIdentifiersAndRefusesOtherDatabases() throws SQLException {
    try (Connection connection = db.connect()) {
      List<String> ddl = AppendOnlyGuard.of(TABLE).ddl(connection);
      assertThat(ddl).anySatisfy(sql -> assertThat(sql).startsWith(
          "CREATE OR REPLACE TRIGGER backtest_gate_append_only BEFORE UPDATE OR DELETE ON \"balances\" FOR EACH ROW"));
      assertThatThrownBy(() -> AppendOnlyGuard.of(HistoryTable.of("missing_table")).ddl(connection))
          .hasMessageContaining("table 'missing_table' has no column 'valid_from'");
    }
    try (Connection duck = java.sql.DriverManager.getConnection("jdbc:duckdb:")) {
      assertThatThrownBy(() -> AppendOnlyGuard.of(TABLE).apply(duck)).hasMessageContaining("are for PostgreSQL");
    }
  }

  private static List<String> audit() throws SQLException {
    return rows("SELECT session_user_name || '|' || operation || '|' || table_name || '|' || outcome || '|'"
        + " || coalesce(entity, 'null') FROM " + AppendOnlyGuard.AUDIT_TABLE + " ORDER BY id");
  }

  private static List<String> triggers() throws SQLException {
    return rows("SELECT tgname || ' ' || tgenabled::text FROM pg_trigger WHERE tgrelid = 'balances'::regclass ORDER BY 1");
  }

  private static List<String> balances() throws SQLException {
    return rows("SELECT customer || '=' || balance::numeric(10,1) FROM balances ORDER BY customer, balance");
  }

  private static List<String> rows(String sql) throws SQLException {
    try (Connection connection = db.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      List<String> out = new ArrayList<>();
      while (rows.next()) {
        out.add(rows.getString(1));
      }
      return out;
    }
  }

  static void execute(Connection connection, String... statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
