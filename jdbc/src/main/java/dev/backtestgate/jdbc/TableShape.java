package dev.backtestgate.jdbc;

import dev.backtestgate.time.EventLog;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * What a {@link HistoryTable}'s columns hold, read from an empty query's metadata: whether the values are
 * numbers or categories. Fails, naming the column and the fix, when a column cannot take part in a history
 * digest (entity ids must be whole numbers; times must be times).
 */
record TableShape(boolean numeric, ResultColumn.Type validFromType, ResultColumn.Type recordedAtType) {
  static TableShape of(Connection connection, HistoryTable table) throws SQLException {
    return Streaming.query(connection, new SqlQuery(table.selectAll() + " WHERE 1 = 0", null), 1, rows -> {
      var metadata = rows.getMetaData();
      ResultColumn entity = ResultColumn.find(metadata, table.entity(), "entity");
      if (entity.type() != ResultColumn.Type.INTEGER) {
        throw new IllegalArgumentException("column '" + table.entity() + "' (the entity) of table '" + table.table()
            + "' must hold whole numbers for history checks (ids from a dictionary depend on reading order);"
            + " give the table an integer id column, or digest a view that maps the keys to stable integer ids");
      }
      ResultColumn.Type validFrom = ResultColumn.find(metadata, table.validFrom(), "valid-from time").requireTime().type();
      ResultColumn.Type recordedAt = ResultColumn.find(metadata, table.recordedAt(), "recorded-at time").requireTime().type();
      ResultColumn value = ResultColumn.find(metadata, table.value(), "value");
      if (value.type() == ResultColumn.Type.TEXT) {
        return new TableShape(false, validFrom, recordedAt);
      }
      value.requireNumber();
      return new TableShape(true, validFrom, recordedAt);
    });
  }

  /** Epoch milliseconds of the valid-from column, as a SQL expression. */
  String validFromMillis(Dialect dialect, HistoryTable table) {
    return dialect.epochMillis(table.q(table.validFrom()), validFromType);
  }

  /** Epoch milliseconds of the recorded-at column, as a SQL expression. */
  String recordedAtMillis(Dialect dialect, HistoryTable table) {
    return dialect.epochMillis(table.q(table.recordedAt()), recordedAtType);
  }

  EventLog.Kind kind() {
    return numeric ? EventLog.Kind.NUMERIC : EventLog.Kind.CATEGORICAL;
  }
}
