package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.time.EventLog;
import org.apiguardian.api.API;

/**
 * A bitemporal history table in a database: its name and which columns hold the entity, the valid-from time,
 * the recorded-at time and the value. Every name is checked against a strict pattern (lower-case letters,
 * digits, underscores; an optional schema prefix) and double-quoted in SQL, so none can carry SQL. Defaults:
 * columns {@code entity}, {@code valid_from}, {@code recorded_at}, {@code value}; the event log (and manifest)
 * is named after the table without its schema.
 *
 * <pre>{@code
 * HistoryTable status = HistoryTable.of("ledger.status_events")
 *     .withColumns("account_id", "valid_from", "recorded_at", "status")
 *     .withLogName("status");
 * }</pre>
 *
 * @param table the table, {@code name} or {@code schema.name}
 * @param entity the entity column (whole numbers; text keys only for reading with a dictionary)
 * @param validFrom the valid-from column (timestamp with time zone, timestamp in UTC, or date)
 * @param recordedAt the recorded-at column (same types)
 * @param value the value column (numbers, or text categories)
 * @param logName the name of the event log and of its history manifest
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryTable(
    String table, String entity, String validFrom, String recordedAt, String value, String logName) {

  public HistoryTable {
    SqlNames.checkTable(table);
    SqlNames.check(entity, "entity column");
    SqlNames.check(validFrom, "valid-from column");
    SqlNames.check(recordedAt, "recorded-at column");
    SqlNames.check(value, "value column");
    if (logName == null || logName.isBlank()) {
      throw new IllegalArgumentException("the event log name of table '" + table + "' is blank; name it with"
          + " withLogName(...)");
    }
  }

  /** The table {@code table} with the default column names. */
  public static HistoryTable of(String table) {
    return new HistoryTable(table, "entity", "valid_from", "recorded_at", "value", SqlNames.unqualified(table));
  }

  public HistoryTable withColumns(String entity, String validFrom, String recordedAt, String value) {
    return new HistoryTable(table, entity, validFrom, recordedAt, value, logName);
  }

  public HistoryTable withLogName(String name) {
    return new HistoryTable(table, entity, validFrom, recordedAt, value, name);
  }

  String quotedTable() {
    return SqlNames.quoteTable(table);
  }

  String q(String column) {
    return SqlNames.quote(column, "column");
  }

  /** {@code SELECT entity, validFrom, recordedAt, value FROM table}, quoted, without a WHERE clause. */
  String selectAll() {
    return "SELECT " + q(entity) + ", " + q(validFrom) + ", " + q(recordedAt) + ", " + q(value) + " FROM "
        + quotedTable();
  }

  /** An unconfigured reader of this table's rows as a log of {@code kind}. */
  EventLogQuery reader(EventLog.Kind kind) {
    EventLogQuery query = kind == EventLog.Kind.NUMERIC ? EventLogQuery.numeric(logName) : EventLogQuery.categorical(logName);
    return query.columns(entity, validFrom, recordedAt, value);
  }
}
