package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.jdbc.AppendOnlyGuard;
import dev.backtestgate.jdbc.HistoryTable;
import dev.backtestgate.jdbc.PostgresExtension;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** who-can and who-did end to end: a real PostgreSQL (the jdbc module's test server), the command in-process. */
@ExtendWith(PostgresExtension.class)
class WhoCanWhoDidTests {
  private static PostgresExtension.Database db;

  @BeforeAll
  static void tables(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("cli_writer LOGIN", "history_break_glass NOLOGIN");
    try (Connection connection = db.connect()) {
      for (String table : new String[] {"ledger", "quiet"}) {
        execute(connection, "CREATE TABLE " + table + " (customer bigint, valid_from timestamptz, recorded_at "
            + "timestamptz, balance float8)", "INSERT INTO " + table + " VALUES (1, now() - interval '30 days', "
            + "now() - interval '30 days', 10)");
        AppendOnlyGuard.of(HistoryTable.of(table).withColumns("customer", "valid_from", "recorded_at", "balance"))
            .breakGlassRole("history_break_glass").apply(connection);
      }
      execute(connection, "GRANT SELECT, UPDATE ON ledger TO cli_writer", "GRANT SELECT ON quiet TO cli_writer");
    }
    try (Connection writer = db.connect("cli_writer")) {
      assertThatThrownBy(() -> execute(writer, "UPDATE ledger SET balance = 0")).hasMessageContaining("rejected");
    }
  }

  @Test
  void whoCanNamesTheRoleThatCanRewriteHistoryAndTheFix() {
    ToolRun run = ToolRun.of("who-can", db.url("postgres") + "#ledger");
    assertThat(run.code()).as(run.err()).isEqualTo(Main.FINDINGS);
    assertThat(run.out()).contains("Grants audit of ledger", "FAIL", "cli_writer", "Not clean", "REVOKE");
  }

  @Test
  void whoCanIsCleanWhenOnlyTheOwnerCanWrite() {
    ToolRun run = ToolRun.of("who-can", db.url("postgres") + "#quiet");
    assertThat(run.code()).as(run.err() + run.out()).isEqualTo(Main.OK);
    assertThat(run.out()).contains("Clean: only the break-glass role");
  }

  @Test
  void whoDidNamesTheRejectedAttempt() {
    ToolRun run = ToolRun.of("who-did", db.url("postgres") + "#ledger", "--since", "2000-01-01");
    assertThat(run.code()).as(run.err()).isEqualTo(Main.FINDINGS);
    assertThat(run.out()).contains("Who wrote or tried to write closed history of public.ledger since "
        + "2000-01-01T00:00:00Z", "cli_writer");
  }

  @Test
  void whoDidIsQuietWhenNobodyTried() {
    ToolRun run = ToolRun.of("who-did", db.url("postgres") + "#quiet");
    assertThat(run.code()).as(run.err() + run.out()).isEqualTo(Main.OK);
    assertThat(run.out()).contains("nobody: no rejected attempt");
  }

  @Test
  void aUrlWithoutATableCannotBeChecked() {
    ToolRun run = ToolRun.of("who-can", db.url("postgres"));
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("names no table: who-can audits one table", "Append the table to the URL after "
        + "'#'");
  }

  @Test
  void aServerThatIsNotThereCannotBeChecked() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort();
    }
    ToolRun run = ToolRun.of("who-did", "jdbc:postgresql://127.0.0.1:" + closed + "/none?user=postgres#ledger");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("Auditing jdbc:postgresql://127.0.0.1:" + closed, "failed", "Check the URL");
  }

  @Test
  void aDatabaseWithoutTheGuardCannotBeChecked() throws SQLException {
    try (Connection connection = db.connect()) {
      execute(connection, "CREATE DATABASE unguarded_cli");
    }
    String url = db.url("postgres").replace("/" + db.name() + "?", "/unguarded_cli?");
    ToolRun run = ToolRun.of("who-did", url + "#ledger");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains(AppendOnlyGuard.AUDIT_TABLE);
  }



  private static void execute(Connection connection, String... sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String s : sql) {
        statement.execute(s);
      }
    }
  }
}
