package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class PostgresReadingTest extends ReadingContract {
  private static PostgresExtension.Database db;

  @BeforeAll
  static void database(PostgresExtension.Database database) {
    db = database;
  }

  @Override
  Connection open() throws SQLException {
    return db.connect();
  }

  @Test
  void streamsInItsOwnTransactionAndRestoresAutocommit() throws SQLException {
    assertThat(connection().getAutoCommit()).isTrue();
    int rows = EventLogQuery.numeric("series")
        .sql("SELECT g AS entity, now() AS valid_from, now() AS recorded_at, g::float8 AS value"
            + " FROM generate_series(1, ?) g", 25_000)
        .fetchSize(1_000)
        .read(connection())
        .size();
    assertThat(rows).isEqualTo(25_000);
    assertThat(connection().getAutoCommit()).isTrue();
  }
}
