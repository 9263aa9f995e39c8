package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.tripwire.OutcomeColumns;
import dev.backtestgate.tripwire.Outcomes;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Reads production outcomes for the tripwire from a SQL query or table, streamed once, by the column rule of
 * {@link OutcomeColumns} (the same names and cell formats as a CSV file): {@code decidedAt}, {@code candidateScore},
 * {@code label}, {@code labelKnownAt}, optionally {@code baselineScore}, {@code decisionId}, {@code entity}; any other
 * column is a feature as served. Times may be timestamps with a time zone, timestamps in UTC, dates, epoch
 * milliseconds or ISO text; a NULL is an empty cell (a label and its time both NULL while the outcome is not known).
 * Name the columns with {@code AS} where the table's differ; as in SQL, the names match in any case
 * ({@code AS decidedAt} unquoted, which PostgreSQL folds to {@code decidedat}, is {@code decidedAt}).
 *
 * <pre>{@code
 * Outcomes outcomes = SqlOutcomes.read(connection, SqlQuery.of(
 *     "SELECT decided_at AS decidedAt, score AS candidateScore, churned AS label,"
 *         + " churn_known_at AS labelKnownAt FROM decisions WHERE model = ?", "churn-v7"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class SqlOutcomes {
  private SqlOutcomes() {}

  /**
   * The outcomes {@code query} returns.
   *
   * @throws IllegalArgumentException when a column or cell breaks the rule, naming the query's column, the result row
   *     and the fix
   * @throws SQLException when the database fails
   */
  public static Outcomes read(Connection connection, SqlQuery query) throws SQLException {
    return Streaming.query(connection, query, Streaming.DEFAULT_FETCH_SIZE, rows -> read(rows, "the query"));
  }

  /**
   * Every row of {@code table} ({@code name} or {@code schema.name}, a plain SQL name), its columns named as the rule
   * names them.
   */
  public static Outcomes readTable(Connection connection, String table) throws SQLException {
    return Streaming.query(connection, SqlQuery.of("SELECT * FROM " + SqlNames.quoteTable(table)),
        Streaming.DEFAULT_FETCH_SIZE, rows -> read(rows, "the table " + table));
  }

  private static Outcomes read(ResultSet rows, String source) throws SQLException {
    ResultSetMetaData metadata = rows.getMetaData();
    int columns = metadata.getColumnCount();
    List<String> header = new ArrayList<>();
    int[] types = new int[columns];
    for (int i = 1; i <= columns; i++) {
      header.add(OutcomeColumns.caseInsensitive(metadata.getColumnLabel(i)));
      types[i - 1] = metadata.getColumnType(i);
    }
    OutcomeColumns.Rows outcomes = OutcomeColumns.rows(source, header);
    String[] cells = new String[columns];
    long row = 0;
    while (rows.next()) {
      row++;
      for (int i = 0; i < columns; i++) {
        cells[i] = cell(rows, i + 1, types[i], header.get(i), row);
      }
      outcomes.add("result row " + row, i -> cells[i]);
    }
    return outcomes.build();
  }

  /** One cell as the rule's text: times through their Java type, a timestamp without a time zone as UTC. */
  private static String cell(ResultSet rows, int column, int type, String name, long row) throws SQLException {
    Object value = switch (type) {
      case Types.TIMESTAMP_WITH_TIMEZONE -> rows.getObject(column, OffsetDateTime.class);
      case Types.TIMESTAMP -> {
        String typeName = rows.getMetaData().getColumnTypeName(column).toLowerCase(java.util.Locale.ROOT);
        yield typeName.contains("tz") || typeName.contains("time zone")
            ? rows.getObject(column, OffsetDateTime.class) : rows.getObject(column, LocalDateTime.class);
      }
      case Types.DATE -> rows.getObject(column, LocalDate.class);
      case Types.BOOLEAN, Types.BIT -> {
        boolean b = rows.getBoolean(column);
        yield rows.wasNull() ? null : b;
      }
      case Types.DOUBLE, Types.FLOAT, Types.REAL -> {
        double d = rows.getDouble(column);
        yield rows.wasNull() ? null : d;
      }
      default -> rows.getObject(column);
    };
    try {
      return OutcomeColumns.text(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("column '" + name + "', result row " + row + ": " + e.getMessage()
          + " in the query (SQL type " + rows.getMetaData().getColumnTypeName(column) + ")", e);
    }
  }
}
