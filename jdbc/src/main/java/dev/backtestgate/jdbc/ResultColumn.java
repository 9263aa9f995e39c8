package dev.backtestgate.jdbc;

import dev.backtestgate.time.EntityDictionary;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One result-set column found by name, with its SQL type checked once and read per row. Every error names the
 * query's column, the 1-based result row where it applies, and what to change in the query.
 */
final class ResultColumn {
  /** How a column's SQL type is read. */
  enum Type {
    INTEGER,
    NUMBER,
    TEXT,
    TIMESTAMP,
    TIMESTAMPTZ,
    DATE,
    OTHER
  }

  private final String name;
  private final String role;
  private final int index;
  private final Type type;
  private final String typeName;

  private ResultColumn(String name, String role, int index, Type type, String typeName) {
    this.name = name;
    this.role = role;
    this.index = index;
    this.type = type;
    this.typeName = typeName;
  }

  /** Finds column {@code name} (the {@code role} it plays, e.g. "valid-from time") in the result's labels. */
  static ResultColumn find(ResultSetMetaData metadata, String name, String role) throws SQLException {
    List<String> labels = new ArrayList<>();
    int found = -1;
    for (int i = 1; i <= metadata.getColumnCount(); i++) {
      String label = metadata.getColumnLabel(i);
      labels.add(label);
      if (label.equalsIgnoreCase(name)) {
        if (found > 0) {
          throw new IllegalArgumentException("the query returns two columns named '" + name + "' (positions "
              + found + " and " + i + "); give them distinct names with AS");
        }
        found = i;
      }
    }
    if (found < 0) {
      throw new IllegalArgumentException("the query has no column '" + name + "' for the " + role + "; it returns "
          + labels + ": select it, name it with AS " + name + ", or map the " + role + " to another column");
    }
    int sqlType = metadata.getColumnType(found);
    String typeName = metadata.getColumnTypeName(found);
    return new ResultColumn(name, role, found, classify(sqlType, typeName), typeName);
  }

  private static Type classify(int sqlType, String typeName) {
    String lower = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
    return switch (sqlType) {
      case Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.TINYINT -> Type.INTEGER;
      case Types.DOUBLE, Types.FLOAT, Types.REAL, Types.NUMERIC, Types.DECIMAL -> Type.NUMBER;
      case Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR, Types.NVARCHAR, Types.NCHAR, Types.LONGNVARCHAR -> Type.TEXT;
      case Types.TIMESTAMP_WITH_TIMEZONE -> Type.TIMESTAMPTZ;
      case Types.TIMESTAMP -> lower.contains("tz") || lower.contains("time zone") ? Type.TIMESTAMPTZ : Type.TIMESTAMP;
      case Types.DATE -> Type.DATE;
      default -> Type.OTHER;
    };
  }

  String name() {
    return name;
  }

  Type type() {
    return type;
  }

  /** Fails unless the column holds times (timestamp, timestamp with time zone, date). */
  ResultColumn requireTime() {
    if (type != Type.TIMESTAMP && type != Type.TIMESTAMPTZ && type != Type.DATE) {
      String hint = type == Type.INTEGER
          ? "; if it holds epoch milliseconds, select to_timestamp(" + name + " / 1000.0) AS " + name
          : type == Type.TEXT ? "; if it holds ISO times, select CAST(" + name + " AS TIMESTAMPTZ) AS " + name : "";
      throw wrongType("a time (timestamp with time zone, timestamp in UTC, or date)", hint);
    }
    return this;
  }

  /** Fails unless the column holds whole numbers, or text when {@code dictionary} maps keys to ids. */
  ResultColumn requireEntity(EntityDictionary dictionary) {
    if (type == Type.INTEGER) {
      return this;
    }
    if (type == Type.TEXT) {
      if (dictionary == null) {
        throw new IllegalArgumentException("column '" + name + "' (the " + role + ") holds text keys (" + typeName
            + "); pass an EntityDictionary with entities(dictionary) to map them to ids, the same one for the"
            + " spine and every log joined with it");
      }
      return this;
    }
    throw wrongType("whole numbers (bigint) or text keys", "; cast it in the query, e.g. CAST(" + name
        + " AS BIGINT) AS " + name);
  }

  /** Fails unless the column holds numbers. */
  ResultColumn requireNumber() {
    if (type == Type.INTEGER || type == Type.NUMBER) {
      return this;
    }
    if (type == Type.TEXT) {
      throw wrongType("numbers", ": text where numbers belong. Cast it in the query (CAST(" + name
          + " AS DOUBLE PRECISION) AS " + name + ") after cleaning the non-numeric rows, or read a categorical"
          + " log if the values are categories");
    }
    throw wrongType("numbers", "; cast it to double precision in the query");
  }

  /** Fails unless the column holds whole numbers. */
  ResultColumn requireInteger() {
    if (type != Type.INTEGER) {
      throw wrongType("whole numbers (bigint)", "; cast it in the query, e.g. CAST(" + name + " AS BIGINT) AS " + name);
    }
    return this;
  }

  /** The whole number, or {@code absent} for NULL when {@code nullable}. */
  long integer(ResultSet rows, long row, boolean nullable, long absent) throws SQLException {
    long value = rows.getLong(index);
    if (rows.wasNull()) {
      if (!nullable) {
        throw atRow(row, "is NULL; every row needs a " + role + ": fill it in (an identity column gives each row "
            + "one)");
      }
      return absent;
    }
    if (value == absent) {
      throw atRow(row, "is " + value + ", a value reserved for 'none'; renumber that row");
    }
    return value;
  }

  /** Fails unless the column holds text categories. */
  ResultColumn requireText() {
    if (type != Type.TEXT) {
      throw wrongType("text categories", "; cast it in the query (CAST(" + name + " AS VARCHAR) AS " + name
          + "), or read a numeric log if the values are numbers");
    }
    return this;
  }

  private IllegalArgumentException wrongType(String expected, String fix) {
    return new IllegalArgumentException("column '" + name + "' (the " + role + ") has SQL type " + typeName
        + " but must hold " + expected + fix);
  }

  /** The time in epoch milliseconds (rounded down); {@code row} is 1-based. */
  long millis(ResultSet rows, long row) throws SQLException {
    try {
      long millis = switch (type) {
        case TIMESTAMPTZ -> {
          OffsetDateTime time = rows.getObject(index, OffsetDateTime.class);
          yield time == null ? Long.MIN_VALUE : time.toInstant().toEpochMilli();
        }
        case TIMESTAMP -> {
          LocalDateTime time = rows.getObject(index, LocalDateTime.class);
          yield time == null ? Long.MIN_VALUE : time.toInstant(ZoneOffset.UTC).toEpochMilli();
        }
        case DATE -> {
          LocalDate day = rows.getObject(index, LocalDate.class);
          yield day == null ? Long.MIN_VALUE : Math.multiplyExact(day.toEpochDay(), 86_400_000L);
        }
        default -> throw new IllegalStateException("not a time column: " + name);
      };
      if (millis == Long.MIN_VALUE) {
        throw atRow(row, "is NULL; every row needs a " + role + ": filter such rows out (WHERE " + name
            + " IS NOT NULL) or fill them in");
      }
      return millis;
    } catch (ArithmeticException | DateTimeException e) {
      throw atRow(row, "is out of range (" + e.getMessage() + "), e.g. 'infinity'; filter such rows out");
    }
  }

  /** The entity id: the integer itself, or the dictionary's id of a text key. */
  long entity(ResultSet rows, long row, EntityDictionary dictionary) throws SQLException {
    if (type == Type.TEXT) {
      String key = rows.getString(index);
      if (key == null) {
        throw atRow(row, "is NULL; every row needs an entity: filter such rows out (WHERE " + name + " IS NOT NULL)");
      }
      return dictionary.idOf(key);
    }
    long id = rows.getLong(index);
    if (rows.wasNull()) {
      throw atRow(row, "is NULL; every row needs an entity: filter such rows out (WHERE " + name + " IS NOT NULL)");
    }
    return id;
  }

  /** The number, or NaN for NULL when {@code keepMissing}. */
  double number(ResultSet rows, long row, boolean keepMissing) throws SQLException {
    double value = rows.getDouble(index);
    if (rows.wasNull()) {
      if (!keepMissing) {
        throw atRow(row, "is NULL; filter such rows out (WHERE " + name + " IS NOT NULL), or pass"
            + " missingValues(MissingValues.KEEP) to record them as 'value unknown'");
      }
      return Double.NaN;
    }
    if (Double.isInfinite(value)) {
      throw atRow(row, "is " + value + " (or too large for a double); feature values must be finite: clip or"
          + " filter such rows in the query");
    }
    return value;
  }

  /** The category, or {@code null} for NULL when {@code keepMissing}. */
  String text(ResultSet rows, long row, boolean keepMissing) throws SQLException {
    String value = rows.getString(index);
    if (value == null && !keepMissing) {
      throw atRow(row, "is NULL; filter such rows out (WHERE " + name + " IS NOT NULL), or pass"
          + " missingValues(MissingValues.KEEP) to record them as 'value unknown'");
    }
    return value;
  }

  private IllegalArgumentException atRow(long row, String problem) {
    return new IllegalArgumentException("column '" + name + "' (the " + role + "), result row " + row + ": "
        + problem);
  }
}
