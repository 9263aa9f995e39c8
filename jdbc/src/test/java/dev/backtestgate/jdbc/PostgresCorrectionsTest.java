package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Declared corrections on PostgreSQL, with the DDL of docs/jdbc.md run verbatim. */
@ExtendWith(PostgresExtension.class)
class PostgresCorrectionsTest extends CorrectionsContract {
  private static PostgresExtension.Database db;

  @BeforeAll
  static void database(PostgresExtension.Database database) {
    db = database;
  }

  @Override
  Connection open() throws SQLException {
    return db.connect();
  }

  @Override
  void createTable(Connection connection) throws SQLException {
    execute(connection, documentedDdl());
  }

  @Test
  void theDocumentedConstraintsRefuseBadDeclarationsAtInsert() throws SQLException {
    try (Connection connection = open()) {
      String insert = "INSERT INTO statement_status (account_id, statement_at, status, corrects, reason)"
          + " VALUES (1, now(), 'CURRENT', %s, %s)";
      assertThatThrownBy(() -> execute(connection, String.format(insert, "99999", "'fix'")))
          .hasMessageContaining("statement_status_corrects_fkey");
      assertThatThrownBy(() -> execute(connection, String.format(insert, "NULL", "'fix'")))
          .hasMessageContaining("statement_status_declared");
      assertThatThrownBy(() -> execute(connection, String.format(insert, "(SELECT min(event_id) FROM statement_status)",
          "' '"))).hasMessageContaining("statement_status_reason");
      assertThatThrownBy(() -> execute(connection, String.format(insert, "(SELECT min(event_id) FROM statement_status)",
          "'" + "r".repeat(65) + "'"))).hasMessageContaining("statement_status_reason");
      assertThatThrownBy(() -> execute(connection, String.format(insert, "(SELECT min(event_id) FROM statement_status)",
          "E're\\nmap'"))).hasMessageContaining("statement_status_reason");
    }
  }
}
