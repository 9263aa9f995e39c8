package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

class DuckDbReadingTest extends ReadingContract {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection("jdbc:duckdb:");
  }
}
