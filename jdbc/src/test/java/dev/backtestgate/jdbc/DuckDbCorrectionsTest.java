package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Declared corrections on DuckDB: an equivalent table (a sequence for the ids) and the documented view. */
class DuckDbCorrectionsTest extends CorrectionsContract {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection("jdbc:duckdb:");
  }

  @Override
  void createTable(Connection connection) throws SQLException {
    execute(connection, "CREATE SEQUENCE IF NOT EXISTS statement_status_ids",
        "CREATE TABLE statement_status (event_id BIGINT PRIMARY KEY DEFAULT nextval('statement_status_ids'),"
            + " account_id BIGINT NOT NULL, statement_at TIMESTAMPTZ NOT NULL,"
            + " recorded_at TIMESTAMPTZ NOT NULL DEFAULT now(), status VARCHAR NOT NULL, corrects BIGINT,"
            + " reason VARCHAR)",
        documentedView());
  }
}
