package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Runs a query once and hands its rows, forward-only, to a consumer: fetch size set, and on PostgreSQL inside
 * a transaction (the driver only streams with autocommit off; otherwise it loads the whole result first). A
 * transaction this class opened is rolled back (it only read) and autocommit restored; a caller's own
 * transaction is left alone.
 */
final class Streaming {
  static final int DEFAULT_FETCH_SIZE = 10_000;

  /** Reads the rows of one result set. */
  interface Rows<T> {
    T read(ResultSet rows) throws SQLException;
  }

  private Streaming() {}

  static <T> T query(Connection connection, SqlQuery query, int fetchSize, Rows<T> reader) throws SQLException {
    boolean opened = connection.getAutoCommit() && Dialect.of(connection) == Dialect.POSTGRESQL;
    if (opened) {
      connection.setAutoCommit(false);
    }
    try (PreparedStatement statement = connection.prepareStatement(
        query.sql(), ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
      statement.setFetchSize(fetchSize);
      for (int i = 0; i < query.parameters().size(); i++) {
        statement.setObject(i + 1, query.parameters().get(i));
      }
      try (ResultSet rows = statement.executeQuery()) {
        return reader.read(rows);
      }
    } finally {
      if (opened) {
        try {
          connection.rollback();
        } finally {
          connection.setAutoCommit(true);
        }
      }
    }
  }

  static int checkFetchSize(int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("fetch size must be at least 1 row, got " + rows);
    }
    return rows;
  }
}
