package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs work in one transaction. {@link #readOnly} reads in one snapshot: when the connection is in autocommit mode,
 * a transaction is opened (REPEATABLE READ, so several queries see the same rows), rolled back afterwards, and the
 * connection's autocommit and isolation restored; a caller's own transaction is used as it is. {@link #committed}
 * writes: all of the work is committed, or none of it (rolled back on any failure), and the connection's autocommit
 * is restored either way.
 */
final class Transaction {
  interface Work<T> {
    T run() throws SQLException;
  }

  private Transaction() {}

  static <T> T readOnly(Connection connection, Work<T> work) throws SQLException {
    if (!connection.getAutoCommit()) {
      return work.run();
    }
    int isolation = connection.getTransactionIsolation();
    connection.setAutoCommit(false);
    try {
      if (Dialect.of(connection) == Dialect.POSTGRESQL) {
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      }
      return work.run();
    } finally {
      try {
        connection.rollback();
      } finally {
        if (connection.getTransactionIsolation() != isolation) {
          connection.setTransactionIsolation(isolation);
        }
        connection.setAutoCommit(true);
      }
    }
  }

  static <T> T committed(Connection connection, Work<T> work) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try {
      T result = work.run();
      connection.commit();
      return result;
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(autoCommit);
    }
  }
}
