package dev.backtestgate.jdbc;

import dev.backtestgate.time.EventLog;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * What a {@link HistoryTable}'s columns hold, read from an empty query's metadata: whether the values are
 * numbers or categories. Fails, naming the column and the fix, when a column cannot take part in a history
 * digest (entity ids must be whole numbers; times must be times).
 */
record TableShape(boolean numeric) {
  static TableShape of(Connection connection, HistoryTable table) throws SQLException {
    return Streaming.query(connection, new SqlQuery(table.selectAll() + " WHERE 1 = 0", null), 1, rows -> {
      var metadata = rows.getMetaData();
      ResultColumn entity = ResultColumn.find(metadata, table.entity(), "entity");
      if (entity.type() != ResultColumn.Type.INTEGER) {
        throw new IllegalArgumentException("column '" + table.entity() + "' (the entity) of table '" + table.table()
            + "' must hold whole numbers for a history digest (ids from a dictionary depend on reading order);"
            + " give the table an integer id column, or digest a view that maps the keys to stable integer ids");
      }
      ResultColumn.find(metadata, table.validFrom(), "valid-from time").requireTime();
      ResultColumn.find(metadata, table.recordedAt(), "recorded-at time").requireTime();
      ResultColumn value = ResultColumn.find(metadata, table.value(), "value");
      if (value.type() == ResultColumn.Type.TEXT) {
        return new TableShape(false);
      }
      value.requireNumber();
      return new TableShape(true);
    });
  }

  EventLog.Kind kind() {
    return numeric ? EventLog.Kind.NUMERIC : EventLog.Kind.CATEGORICAL;
  }
}
