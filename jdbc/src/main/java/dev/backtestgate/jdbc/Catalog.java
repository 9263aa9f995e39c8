package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** Parameterised look-ups in PostgreSQL's catalog. */
final class Catalog {
  private Catalog() {}

  /** The SQL type of a column, e.g. {@code timestamp with time zone}; fails naming the table and column. */
  static String columnType(Connection connection, String table, String column) throws SQLException {
    String type = Streaming.query(connection, SqlQuery.of(
        "SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
            + " WHERE a.attrelid = to_regclass(?) AND a.attname = ? AND NOT a.attisdropped",
        SqlNames.quoteTable(table), column), 1, rows -> rows.next() ? rows.getString(1) : null);
    if (type == null) {
      throw new IllegalArgumentException("table '" + table + "' has no column '" + column + "' (or the table does"
          + " not exist on this connection's search path); check the names in the HistoryTable");
    }
    return type;
  }

  /** The schema an extension is installed in, or {@code null} when it is not installed. */
  static String extensionSchema(Connection connection, String extension) throws SQLException {
    return Streaming.query(connection, SqlQuery.of(
        "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = ?",
        extension), 1, rows -> rows.next() ? rows.getString(1) : null);
  }
}
