package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

class DuckDbOutcomesTest extends OutcomesContract {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection("jdbc:duckdb:");
  }

  @Override
  String timestamptz() {
    return "TIMESTAMPTZ";
  }
}
