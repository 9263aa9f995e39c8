package dev.backtestgate.jdbc;

import static dev.backtestgate.jdbc.PostgresGuardTest.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.jdbc.GrantsReport.Source;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The grants audit against a real catalog: direct, column, inherited (two levels), predefined-role grants. */
@ExtendWith(PostgresExtension.class)
class PostgresGrantsAuditTest {
  private static PostgresExtension.Database db;

  @BeforeAll
  static void roles(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("ga_owner NOLOGIN", "ga_etl LOGIN", "ga_writers NOLOGIN", "ga_team NOLOGIN", "ga_analyst LOGIN",
        "ga_column_editor LOGIN", "ga_break_glass NOLOGIN", "ga_oncall LOGIN", "ga_loader LOGIN", "ga_reader LOGIN",
        "ga_app LOGIN");
    try (Connection connection = db.connect()) {
      execute(connection, "GRANT ga_writers TO ga_team", "GRANT ga_team TO ga_analyst", "GRANT ga_break_glass TO ga_oncall",
          "GRANT ga_owner TO ga_app");
    }
  }

  private static void freshTables(Connection connection) throws SQLException {
    execute(connection,
        "DROP TABLE IF EXISTS ledger", "DROP TABLE IF EXISTS accounts",
        "CREATE TABLE ledger (entity bigint, valid_from timestamptz, recorded_at timestamptz, value float8)",
        "CREATE TABLE accounts (entity bigint, valid_from timestamptz, recorded_at timestamptz, value text)",
        "ALTER TABLE ledger OWNER TO ga_owner", "ALTER TABLE accounts OWNER TO ga_owner",
        "GRANT SELECT ON ledger, accounts TO ga_reader",
        "GRANT UPDATE, DELETE, TRUNCATE ON ledger, accounts TO ga_break_glass");
  }

  @Test
  void namesEveryWriterWithItsSourceAndTheFixMakesItClean() throws SQLException {
    try (Connection connection = db.connect()) {
      freshTables(connection);
      // membership of pg_write_all_data reaches every database of the shared server: only for this test
      execute(connection, "GRANT pg_write_all_data TO ga_loader");
      try {
        auditFindsAndFixes(connection);
      } finally {
        execute(connection, "REVOKE pg_write_all_data FROM ga_loader");
      }
    }
  }

  private static void auditFindsAndFixes(Connection connection) throws SQLException {
    execute(connection, "GRANT UPDATE ON ledger TO ga_etl", "GRANT DELETE ON ledger TO ga_writers",
        "GRANT UPDATE (value) ON accounts TO ga_column_editor");
    GrantsReport report = GrantsAudit.of("ledger", "accounts").breakGlassRole("ga_break_glass").run(connection);

    assertThat(report.clean()).isFalse();
    assertThat(report.offenders()).extracting(h -> h.table() + " " + h.role() + " " + h.privilege() + " "
            + h.source() + (h.via().isEmpty() ? "" : " " + h.via()))
        .filteredOn(line -> !line.contains(" ga_app ") && !line.contains(" ga_loader "))
        .containsExactlyInAnyOrder(
            "ledger ga_analyst DELETE VIA_ROLE ga_writers",
            "ledger ga_etl UPDATE DIRECT",
            "ledger ga_team DELETE VIA_ROLE ga_writers",
            "ledger ga_writers DELETE DIRECT",
            "accounts ga_column_editor UPDATE DIRECT");
    assertThat(report.offenders()).filteredOn(h -> h.role().equals("ga_loader"))
        .extracting(h -> h.privilege() + " " + h.source() + " " + h.via())
        .containsOnly("UPDATE PREDEFINED_ROLE pg_write_all_data", "DELETE PREDEFINED_ROLE pg_write_all_data");
    assertThat(report.offenders()).filteredOn(h -> h.role().equals("ga_app"))
        .extracting(GrantsReport.Holder::source).containsOnly(Source.VIA_OWNER);
    assertThat(report.holders()).filteredOn(GrantsReport.Holder::allowed)
        .extracting(h -> h.role() + " " + h.source())
        .contains("ga_break_glass DIRECT", "ga_oncall VIA_ROLE", "ga_owner OWNER", "postgres SUPERUSER")
        .noneMatch(line -> line.startsWith("ga_reader"));
    assertThat(report.offendingRoles()).containsExactlyInAnyOrder("ga_analyst", "ga_app", "ga_column_editor",
        "ga_etl", "ga_loader", "ga_team", "ga_writers");
    assertThat(report.fixStatements()).containsExactly(
        "REVOKE UPDATE, DELETE, TRUNCATE ON ledger, accounts FROM ga_writers, ga_etl, ga_column_editor",
        "GRANT UPDATE, DELETE, TRUNCATE ON ledger, accounts TO ga_break_glass",
        "REVOKE ga_owner FROM ga_app",
        "REVOKE pg_write_all_data FROM ga_loader");
    assertThat(report.summary())
        .contains("FAIL  ga_analyst can DELETE ledger (through membership of role ga_writers)")
        .contains("ok    ga_oncall can UPDATE ledger (through membership of role ga_break_glass)")
        .contains("REVOKE UPDATE, DELETE, TRUNCATE ON ledger, accounts FROM ga_writers, ga_etl, ga_column_editor;");
    assertThat(report.superusers()).as("the test server's superuser").contains(PostgresServer.SUPERUSER);
    assertThat(report.summary()).contains("Standing risk: superuser", PostgresServer.SUPERUSER,
        "SET session_replication_role = replica skips every trigger, the guard's included");
    assertThat(new HistoryWriters(report).render().lines()).anySatisfy(line -> assertThat(line)
        .startsWith("Standing risk: superuser"));
    assertThat(new HistoryWriters(report).render().evidence()).containsKey("superusersCanSkipTriggers");

    execute(connection, report.fixStatements().toArray(String[]::new));
    GrantsReport fixed = GrantsAudit.of("ledger", "accounts").breakGlassRole("ga_break_glass").run(connection);
    assertThat(fixed.clean()).as(fixed.summary()).isTrue();
    execute(connection, "GRANT ga_owner TO ga_app");
  }

  @Test
  void aGrantToPublicIsNamedOnceAsPublic() throws SQLException {
    try (Connection connection = db.connect()) {
      freshTables(connection);
      execute(connection, "REVOKE ga_owner FROM ga_app", "GRANT TRUNCATE ON accounts TO PUBLIC");
      try {
        GrantsReport report = GrantsAudit.of("accounts").breakGlassRole("ga_break_glass").run(connection);
        assertThat(report.offenders()).extracting(h -> h.role() + " " + h.privilege() + " " + h.source())
            .containsExactly("PUBLIC TRUNCATE PUBLIC");
        assertThat(report.fixStatements().get(0)).isEqualTo("REVOKE UPDATE, DELETE, TRUNCATE ON accounts FROM PUBLIC");
      } finally {
        execute(connection, "GRANT ga_owner TO ga_app");
      }
    }
  }

  @Test
  void aTableOwnedByALoginRoleFails() throws SQLException {
    try (Connection connection = db.connect()) {
      freshTables(connection);
      execute(connection, "ALTER TABLE ledger OWNER TO ga_etl");
      GrantsReport report = GrantsAudit.of("ledger").breakGlassRole("ga_break_glass").run(connection);
      assertThat(report.offenders()).filteredOn(h -> h.role().equals("ga_etl"))
          .extracting(GrantsReport.Holder::source).containsOnly(Source.OWNER);
      assertThat(report.fixStatements()).contains("ALTER TABLE ledger OWNER TO <a role nobody logs in as>");
    }
  }

  @Test
  void aRoleWithCreateRoleIsNamedBecauseItCanMakeItselfTheOwner() throws SQLException {
    try (Connection connection = db.connect()) {
      freshTables(connection);
      db.ensureRoles("ga_role_admin LOGIN");
      execute(connection, "ALTER ROLE ga_role_admin CREATEROLE");
      try {
        GrantsReport report = GrantsAudit.of("ledger").breakGlassRole("ga_break_glass").run(connection);
        assertThat(report.offenders()).filteredOn(h -> h.role().equals("ga_role_admin"))
            .extracting(h -> h.privilege() + " " + h.source())
            .containsExactly("UPDATE CREATEROLE", "DELETE CREATEROLE", "TRUNCATE CREATEROLE");
        assertThat(report.fixStatements()).contains("ALTER ROLE ga_role_admin NOCREATEROLE");
        assertThat(report.summary()).contains("FAIL  ga_role_admin can UPDATE ledger (through CREATEROLE, which lets"
            + " it grant itself membership of the owner role)");
        // what the audit warns of, done: it makes itself a member of the owner and rewrites the table
        try (Connection admin = db.connect("ga_role_admin")) {
          execute(admin, "GRANT ga_owner TO ga_role_admin", "UPDATE ledger SET value = 1");
        }
        assertThat(GrantsAudit.of("ledger").breakGlassRole("ga_break_glass").run(connection).offenders())
            .filteredOn(h -> h.role().equals("ga_role_admin")).extracting(GrantsReport.Holder::source)
            .contains(Source.CREATEROLE, Source.VIA_OWNER);
      } finally {
        execute(connection, "REVOKE ga_owner FROM ga_role_admin", "ALTER ROLE ga_role_admin NOCREATEROLE");
      }
      assertThat(GrantsAudit.of("ledger").breakGlassRole("ga_break_glass").run(connection).offendingRoles())
          .doesNotContain("ga_role_admin");
    }
  }

  @Test
  void anUnknownTableOrABadNameFailsClearly() throws SQLException {
    try (Connection connection = db.connect()) {
      assertThatThrownBy(() -> GrantsAudit.of("no_such_table").run(connection)).hasMessageContaining("does not exist");
    }
    assertThatThrownBy(() -> GrantsAudit.of("ledger; DROP TABLE ledger")).hasMessageContaining("not a plain SQL name");
    assertThatThrownBy(() -> GrantsAudit.of("ledger").breakGlassRole("Robert'); --"))
        .hasMessageContaining("break-glass role");
  }
}
