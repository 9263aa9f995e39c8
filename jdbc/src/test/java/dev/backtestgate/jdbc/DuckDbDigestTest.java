package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

class DuckDbDigestTest extends DigestContract {
  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection("jdbc:duckdb:");
  }
}
