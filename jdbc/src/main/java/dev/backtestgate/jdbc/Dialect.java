package dev.backtestgate.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/** What differs between the databases this module computes in: detected from the driver's metadata. */
enum Dialect {
  POSTGRESQL,
  DUCKDB,
  /** Any other database: read and stream, never compute digests in SQL. */
  OTHER;

  static Dialect of(Connection connection) throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
    if (product.contains("postgres")) {
      return POSTGRESQL;
    }
    if (product.contains("duckdb")) {
      return DUCKDB;
    }
    return OTHER;
  }

  /** Whether {@link SqlDigest} can compute digests in this database. */
  boolean digestsInSql() {
    return this != OTHER;
  }

  /** 64-bit exclusive or of two BIGINT expressions. */
  String xor(String a, String b) {
    return this == POSTGRESQL ? "(" + a + " # " + b + ")" : "xor(" + a + ", " + b + ")";
  }

  /** Integer division of BIGINT expressions that divide exactly. */
  String exactDiv(String a, String b) {
    return this == POSTGRESQL ? "(" + a + " / " + b + ")" : "(" + a + " // " + b + ")";
  }

  /**
   * Epoch milliseconds (BIGINT, rounded down) of a time expression of {@code type}; a timestamp without time
   * zone is read as UTC whatever the session's time zone, as the JVM reader does.
   */
  String epochMillis(String time, ResultColumn.Type type) {
    return switch (this) {
      case POSTGRESQL -> "floor(extract(epoch from " + time + ") * 1000)::bigint";
      case DUCKDB -> floorDiv(type == ResultColumn.Type.DATE ? "epoch_us(CAST(" + time + " AS TIMESTAMP))"
          : "epoch_us(" + time + ")", "1000");
      case OTHER -> throw new UnsupportedOperationException("no epoch expression for other databases");
    };
  }

  /** Floor division of a BIGINT expression by a positive BIGINT literal. */
  String floorDiv(String a, String positive) {
    return exactDiv("(" + a + " - ((" + a + " % " + positive + ") + " + positive + ") % " + positive + ")", positive);
  }

  /** The IEEE-754 bits of a DOUBLE expression that is neither NULL, NaN nor zero, as a BIGINT. */
  String doubleBits(String value) {
    return switch (this) {
      case POSTGRESQL -> "('x' || encode(float8send(" + value + "), 'hex'))::bit(64)::bigint";
      case DUCKDB -> "CAST(CAST(" + value + " AS BIT) AS BIGINT)";
      case OTHER -> throw new UnsupportedOperationException("no bit casts for other databases");
    };
  }

  /** A boolean expression: the DOUBLE expression is NaN. */
  String isNaN(String value) {
    return this == POSTGRESQL ? "(" + value + " = 'NaN'::float8)" : "isnan(" + value + ")";
  }

  /** The SQL type name of 64-bit floats. */
  String doubleType() {
    return this == POSTGRESQL ? "double precision" : "DOUBLE";
  }
}
