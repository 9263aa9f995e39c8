package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class PostgresOutcomesTest extends OutcomesContract {
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
  String timestamptz() {
    return "TIMESTAMPTZ";
  }
}
