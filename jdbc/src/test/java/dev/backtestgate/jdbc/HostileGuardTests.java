package dev.backtestgate.jdbc;

import static dev.backtestgate.jdbc.PostgresGuardTest.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The append-only guard against sessions that try to get round it, on a real server: near-miss break-glass
 * settings, borrowed identities, forged audit rows, and ways to switch the guard's triggers off. Each case
 * asserts the verdict (the write or DDL goes through or not), the message, and the audit rows.
 */
@ExtendWith(PostgresExtension.class)
class HostileGuardTests {
  private static final HistoryTable TABLE =
      HistoryTable.of("ledger").withColumns("customer", "valid_from", "recorded_at", "amount");
  private static PostgresExtension.Database db;

  @BeforeAll
  static void roles(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("hg_writer LOGIN", "hg_break_glass NOLOGIN", "hg_oncall LOGIN", "hg_owner LOGIN",
        "hg_aloof LOGIN NOINHERIT");
    try (Connection connection = db.connect()) {
      execute(connection, "GRANT hg_break_glass TO hg_oncall", "GRANT hg_break_glass TO hg_aloof");
    }
  }

  @BeforeEach
  void table() throws SQLException {
    try (Connection connection = db.connect()) {
      execute(connection,
          "DROP TABLE IF EXISTS ledger",
          "CREATE TABLE ledger (customer bigint, valid_from timestamptz, recorded_at timestamptz, amount float8)",
          "INSERT INTO ledger VALUES (1, now() - interval '30 days', now() - interval '30 days', 10)",
          "ALTER TABLE ledger OWNER TO hg_owner",
          "GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ledger TO hg_writer, hg_break_glass",
          // hg_oncall's own rights too, so that losing its membership leaves it to the guard to refuse
          "GRANT SELECT, UPDATE ON ledger TO hg_oncall",
          "CREATE OR REPLACE FUNCTION public.hg_forget() RETURNS int LANGUAGE plpgsql VOLATILE AS"
              + " $$ BEGIN PERFORM set_config('backtest_gate.guard_triggers', '[]', true); RETURN 0; END $$");
      AppendOnlyGuard.of(TABLE).breakGlassRole("hg_break_glass").apply(connection);
      execute(connection, "TRUNCATE " + AppendOnlyGuard.AUDIT_TABLE);
    }
  }

  @ParameterizedTest(name = "break_glass = ''{0}'' is not ''on''")
  @ValueSource(strings = {"ON", "true", "1", " on", "on ", "yes"})
  void onlyTheExactSettingOnBreaksGlass(String value) throws SQLException {
    try (Connection oncall = db.connect("hg_oncall")) {
      execute(oncall, "SET backtest_gate.break_glass = '" + value + "'");
      assertThatThrownBy(() -> execute(oncall, "UPDATE ledger SET amount = 0"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("UPDATE on ledger rejected: ledger is append-only where its history is closed")
          .hasMessageContaining("SET backtest_gate.break_glass = 'on'");
    }
    assertThat(audit()).containsExactly("hg_oncall|UPDATE|rejected");
    assertThat(amounts()).containsExactly("10.0");
  }

  @Test
  void aSuperuserWhoSetsRoleToAMemberIsStillNoMember() throws SQLException {
    try (Connection admin = db.connect()) {
      execute(admin, "SET ROLE hg_oncall", "SET backtest_gate.break_glass = 'on'");
      assertThatThrownBy(() -> execute(admin, "UPDATE ledger SET amount = 0"))
          .hasMessageContaining("UPDATE on ledger rejected");
    }
    assertThat(rows("SELECT session_user_name || '|' || set_role || '|' || outcome FROM "
        + AppendOnlyGuard.AUDIT_TABLE)).containsExactly("postgres|hg_oncall|rejected");
  }

  @Test
  void aMemberWithoutInheritStillBreaksGlassAndIsAudited() throws SQLException {
    try (Connection aloof = db.connect("hg_aloof")) {
      execute(aloof, "SET ROLE hg_break_glass", "SET backtest_gate.break_glass = 'on'",
          "UPDATE ledger SET amount = 11");
    }
    assertThat(audit()).containsExactly("hg_aloof|UPDATE|break-glass");
    assertThat(amounts()).containsExactly("11.0");
  }

  @Test
  void breakGlassSetForOneTransactionEndsWithIt() throws SQLException {
    try (Connection oncall = db.connect("hg_oncall")) {
      oncall.setAutoCommit(false);
      execute(oncall, "SET LOCAL backtest_gate.break_glass = 'on'", "UPDATE ledger SET amount = 12");
      oncall.commit();
      oncall.setAutoCommit(true);
      assertThatThrownBy(() -> execute(oncall, "UPDATE ledger SET amount = 13"))
          .hasMessageContaining("UPDATE on ledger rejected");
    }
    assertThat(audit()).containsExactly("hg_oncall|UPDATE|break-glass", "hg_oncall|UPDATE|rejected");
    assertThat(amounts()).containsExactly("12.0");
  }

  @Test
  void aRevokedMemberIsRefusedAtOnce() throws SQLException {
    try (Connection oncall = db.connect("hg_oncall"); Connection admin = db.connect()) {
      execute(oncall, "SET backtest_gate.break_glass = 'on'", "UPDATE ledger SET amount = 14");
      execute(admin, "REVOKE hg_break_glass FROM hg_oncall");
      try {
        assertThatThrownBy(() -> execute(oncall, "UPDATE ledger SET amount = 15"))
            .hasMessageContaining("UPDATE on ledger rejected");
      } finally {
        execute(admin, "GRANT hg_break_glass TO hg_oncall");
      }
    }
    assertThat(audit()).containsExactly("hg_oncall|UPDATE|break-glass", "hg_oncall|UPDATE|rejected");
  }

  @Test
  void nobodyElseMayWriteOrForgeTheAudit() throws SQLException {
    try (Connection writer = db.connect("hg_writer")) {
      for (String forgery : List.of(
          "INSERT INTO backtest_gate.write_attempts (session_user_name, set_role, table_name, operation, outcome)"
              + " VALUES ('x', 'x', 'x', 'x', 'x')",
          "DELETE FROM backtest_gate.write_attempts",
          "SELECT backtest_gate.record_attempt('public.ledger', 'UPDATE', 'break-glass', null, null, null)",
          "SELECT backtest_gate.break_glass('hg_break_glass')",
          "UPDATE backtest_gate.guarded_tables SET break_glass_role = 'hg_writer'")) {
        assertThatThrownBy(() -> execute(writer, forgery)).as(forgery)
            .isInstanceOf(SQLException.class).hasMessageContaining("permission denied");
      }
    }
    assertThat(audit()).isEmpty();
  }

  @Test
  void overwritingTheTriggerSnapshotDuringAlterTableDoesNotHideADisable() throws SQLException {
    try (Connection owner = db.connect("hg_owner")) {
      assertThatThrownBy(() -> execute(owner, "ALTER TABLE ledger DISABLE TRIGGER backtest_gate_append_only,"
          + " ADD COLUMN junk int DEFAULT public.hg_forget()"))
          .hasMessageContaining("DISABLE TRIGGER backtest_gate_append_only on public.ledger rejected");
      assertThatThrownBy(() -> execute(owner, "UPDATE ledger SET amount = 0"))
          .hasMessageContaining("UPDATE on ledger rejected");
    }
    assertThat(audit()).containsExactly("hg_owner|DISABLE TRIGGER backtest_gate_append_only|rejected",
        "hg_owner|UPDATE|rejected");
  }

  @Test
  void aRenamedGuardTriggerIsStillTheGuard() throws SQLException {
    try (Connection owner = db.connect("hg_owner")) {
      execute(owner, "ALTER TRIGGER backtest_gate_append_only ON ledger RENAME TO harmless");
      assertThatThrownBy(() -> execute(owner, "ALTER TABLE ledger DISABLE TRIGGER harmless"))
          .hasMessageContaining("DISABLE TRIGGER harmless on public.ledger rejected");
      assertThatThrownBy(() -> execute(owner, "DROP TRIGGER harmless ON ledger"))
          .hasMessageContaining("DROP TRIGGER harmless on public.ledger rejected");
    }
    assertThat(audit()).containsExactly("hg_owner|DISABLE TRIGGER harmless|rejected",
        "hg_owner|DROP TRIGGER harmless|rejected");
  }

  @Test
  void disablingInsideATransactionFailsBeforeTheRewrite() throws SQLException {
    try (Connection owner = db.connect("hg_owner")) {
      owner.setAutoCommit(false);
      assertThatThrownBy(() -> execute(owner, "ALTER TABLE ledger DISABLE TRIGGER USER"))
          .hasMessageContaining("rejected");
      owner.rollback();
      owner.setAutoCommit(true);
    }
    assertThat(audit()).containsExactly("hg_owner|DISABLE TRIGGER backtest_gate_append_only|rejected",
        "hg_owner|DISABLE TRIGGER backtest_gate_backdated|rejected", "hg_owner|DISABLE TRIGGER backtest_gate_no_truncate|rejected");
    assertThat(amounts()).containsExactly("10.0");
  }

  @Test
  void makingTheGuardFireAlwaysIsAllowedAndAudited() throws SQLException {
    try (Connection owner = db.connect("hg_owner")) {
      execute(owner, "ALTER TABLE ledger ENABLE ALWAYS TRIGGER backtest_gate_append_only",
          "ALTER TABLE ledger ADD COLUMN note text");
      assertThatThrownBy(() -> execute(owner, "UPDATE ledger SET amount = 0"))
          .hasMessageContaining("UPDATE on ledger rejected");
    }
    assertThat(audit()).containsExactly("hg_owner|ENABLE ALWAYS TRIGGER backtest_gate_append_only|allowed",
        "hg_owner|UPDATE|rejected");
  }

  @Test
  void theOwnerMayStillAlterWhatTheGuardDoesNotWatch() throws SQLException {
    try (Connection owner = db.connect("hg_owner")) {
      execute(owner, "ALTER TABLE ledger ADD COLUMN note text", "ALTER TABLE ledger ADD CHECK (amount > -1000)",
          "ALTER TABLE ledger ALTER COLUMN note SET DEFAULT 'n/a'");
    }
    assertThat(audit()).isEmpty();
    assertThat(triggers()).containsExactly("backtest_gate_append_only O", "backtest_gate_backdated O",
        "backtest_gate_no_truncate O");
  }

  @Test
  void aBreakGlassRoleThatDoesNotExistIsRefusedAtApply() throws SQLException {
    try (Connection admin = db.connect()) {
      assertThatThrownBy(() -> AppendOnlyGuard.of(TABLE).breakGlassRole("hg_nobody").apply(admin))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("the break-glass role 'hg_nobody' does not exist on this server, so nobody could break glass:"
              + " create it first (CREATE ROLE hg_nobody NOLOGIN) and grant it to the people on call, or leave"
              + " breakGlassRole out");
    }
  }

  @Test
  void aRoleWithCreateRoleCanMakeItselfAMemberAndTheAuditNamesIt() throws SQLException {
    db.ensureRoles("hg_role_admin LOGIN");
    try (Connection admin = db.connect()) {
      execute(admin, "ALTER ROLE hg_role_admin CREATEROLE");
      try {
        try (Connection roleAdmin = db.connect("hg_role_admin")) {
          execute(roleAdmin, "GRANT hg_break_glass TO hg_role_admin", "SET backtest_gate.break_glass = 'on'",
              "UPDATE ledger SET amount = 16");
        }
        assertThat(audit()).containsExactly("hg_role_admin|UPDATE|break-glass");
        GrantsReport report = GrantsAudit.of("ledger").breakGlassRole("hg_break_glass").run(admin);
        assertThat(report.offenders()).filteredOn(h -> h.role().equals("hg_role_admin"))
            .extracting(h -> h.privilege() + " " + h.source())
            .contains("UPDATE CREATEROLE", "DELETE CREATEROLE", "TRUNCATE CREATEROLE");
        assertThat(report.summary()).contains("ALTER ROLE hg_role_admin NOCREATEROLE;");
      } finally {
        execute(admin, "REVOKE hg_break_glass FROM hg_role_admin", "ALTER ROLE hg_role_admin NOCREATEROLE");
      }
    }
  }

  static Stream<Arguments> owners() {
    return Stream.of(
        Arguments.of(null, "the owner of table 'ledger' is null"),
        Arguments.of("", "the owner of table 'ledger' is blank"),
        Arguments.of("  ", "the owner of table 'ledger' is blank"),
        Arguments.of("payments\n\"owner\": \"forged\"", "the control or format character U+000A at position 9"),
        Arguments.of("payments\u202Eatad", "the control or format character U+202E at position 9"),
        Arguments.of("payments\u2028x", "the control or format character U+2028 at position 9"),
        Arguments.of("x".repeat(201), "is 201 characters long, over the 200 an alarm carries"));
  }

  @ParameterizedTest(name = "owner {1}")
  @MethodSource("owners")
  void anOwnerThatCouldMisrouteOrForgeAnAlarmIsRefused(String owner, String message) {
    assertThatThrownBy(() -> AppendOnlyGuard.of(TABLE).owner(owner)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void anOwnerWithQuotesIsStoredAsWrittenNotRunAsSql() throws SQLException {
    String owner = "o'brien'); DROP TABLE ledger; --";
    try (Connection admin = db.connect()) {
      AppendOnlyGuard.of(TABLE).breakGlassRole("hg_break_glass").owner(owner).apply(admin);
    }
    assertThat(rows("SELECT owner FROM " + AppendOnlyGuard.GUARDED_TABLES + " WHERE relid = 'ledger'::regclass"))
        .containsExactly(owner);
    assertThat(amounts()).as("the table is still there").isNotEmpty();
  }

  @Test
  void aBulkBackdatedInsertIsAuditedOncePerDayNotOncePerRow() throws SQLException {
    try (Connection writer = db.connect("hg_writer")) {
      execute(writer, "INSERT INTO ledger SELECT g, now() - make_interval(days => 20 + g % 3), now(), g"
          + " FROM generate_series(1, 10000) g");
    }
    assertThat(rows("SELECT session_user_name || '|' || operation || '|' || outcome || '|' || row_count FROM "
        + AppendOnlyGuard.AUDIT_TABLE + " ORDER BY partition_day")).containsExactly(
            "hg_writer|INSERT|backdated|3333", "hg_writer|INSERT|backdated|3334", "hg_writer|INSERT|backdated|3333");
  }

  @Test
  void aSchemaQualifiedTableAndItsUnderscoreTwinKeepTheirOwnTriggerFunctions() throws SQLException {
    try (Connection admin = db.connect()) {
      execute(admin, "DROP SCHEMA IF EXISTS hg CASCADE", "DROP TABLE IF EXISTS hg_ledger",
          "CREATE SCHEMA hg",
          "CREATE TABLE hg.ledger (customer bigint, valid_from timestamptz, recorded_at timestamptz, amount float8)",
          "CREATE TABLE hg_ledger (client bigint, booked date, seen timestamptz, amount float8)",
          "INSERT INTO hg.ledger VALUES (1, now() - interval '30 days', now() - interval '30 days', 10)",
          "INSERT INTO hg_ledger VALUES (1, current_date - 30, now() - interval '30 days', 10)");
      // hg.ledger used to get the function of hg_ledger (append_only_hg_ledger): the second apply replaced the
      // first table's trigger function with one that reads columns the first table does not have.
      AppendOnlyGuard.of(HistoryTable.of("hg.ledger").withColumns("customer", "valid_from", "recorded_at", "amount"))
          .apply(admin);
      AppendOnlyGuard.of(HistoryTable.of("hg_ledger").withColumns("client", "booked", "seen", "amount")).apply(admin);
      assertThatThrownBy(() -> execute(admin, "UPDATE hg.ledger SET amount = 0"))
          .hasMessageContaining("UPDATE on ledger rejected");
      assertThatThrownBy(() -> execute(admin, "UPDATE hg_ledger SET amount = 0"))
          .hasMessageContaining("UPDATE on hg_ledger rejected");
      assertThat(rows("SELECT count(DISTINCT tgfoid)::text FROM pg_trigger WHERE tgname = '"
          + AppendOnlyGuard.ROW_TRIGGER + "' AND tgrelid IN ('hg.ledger'::regclass, 'hg_ledger'::regclass)"))
          .containsExactly("2");
      execute(admin, "DROP SCHEMA hg CASCADE", "DROP TABLE hg_ledger");
    }
  }

  private static List<String> audit() throws SQLException {
    return rows("SELECT session_user_name || '|' || operation || '|' || outcome FROM " + AppendOnlyGuard.AUDIT_TABLE
        + " ORDER BY id");
  }

  private static List<String> amounts() throws SQLException {
    return rows("SELECT amount::numeric(10,1)::text FROM ledger ORDER BY customer");
  }

  private static List<String> triggers() throws SQLException {
    return rows("SELECT tgname || ' ' || tgenabled::text FROM pg_trigger WHERE tgrelid = 'ledger'::regclass"
        + " AND NOT tgisinternal ORDER BY 1");
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
}
