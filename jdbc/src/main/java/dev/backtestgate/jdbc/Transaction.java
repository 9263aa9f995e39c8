package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs read-only work in one snapshot: when the connection is in autocommit mode, a transaction is opened
 * (REPEATABLE READ, so several queries see the same rows), rolled back afterwards, and the connection's
 * autocommit and isolation restored. A caller's own transaction is used as it is.
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
}
