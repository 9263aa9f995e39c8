package dev.backtestgate.jdbc;

import java.util.regex.Pattern;

/**
 * The only way a table or column name reaches SQL text: checked against a strict pattern (lower-case letters,
 * digits and underscores, starting with a letter or underscore, at most 63 characters; a table may carry one
 * schema prefix) and then double-quoted. Anything else is rejected, so no name can carry SQL.
 */
final class SqlNames {
  private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private SqlNames() {}

  /** {@code name} checked; {@code what} says what it names in the error message. */
  static String check(String name, String what) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what + " " + (name == null ? "is missing" : "'" + name + "' is not a plain SQL name")
              + ": use lower-case letters, digits and underscores (at most 63, not starting with a digit);"
              + " PostgreSQL folds unquoted names to lower case, so a table created as Status_Events is"
              + " status_events. For another name, create a view with a plain name and read that");
    }
    return name;
  }

  /** A checked table name, {@code table} or {@code schema.table}. */
  static String checkTable(String qualified) {
    if (qualified == null) {
      return check(null, "table name");
    }
    int dot = qualified.indexOf('.');
    if (dot < 0) {
      return check(qualified, "table name");
    }
    check(qualified.substring(0, dot), "schema name in '" + qualified + "'");
    check(qualified.substring(dot + 1), "table name in '" + qualified + "'");
    return qualified;
  }

  /** A checked name, double-quoted. */
  static String quote(String name, String what) {
    return '"' + check(name, what) + '"';
  }

  /** A checked table name, each part double-quoted. */
  static String quoteTable(String qualified) {
    checkTable(qualified);
    int dot = qualified.indexOf('.');
    return dot < 0 ? '"' + qualified + '"'
        : '"' + qualified.substring(0, dot) + "\".\"" + qualified.substring(dot + 1) + '"';
  }

  /** The part after the schema, if any. */
  static String unqualified(String qualified) {
    return checkTable(qualified).substring(qualified.indexOf('.') + 1);
  }
}
