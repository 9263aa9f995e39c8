package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.time.EventLog;
import org.apiguardian.api.API;

/**
 * A bitemporal history table in a database: its name and which columns hold the entity, the valid-from time,
 * the recorded-at time and the value. Every name is checked against a strict pattern (lower-case letters,
 * digits, underscores; an optional schema prefix) and double-quoted in SQL, so none can carry SQL. Defaults:
 * columns {@code entity}, {@code valid_from}, {@code recorded_at}, {@code value}; the event log (and manifest)
 * is named after the table without its schema. A table whose rows declare corrections names those columns with
 * {@link #withCorrections}; its event logs then carry the declarations, and its late-write report lists them.
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
 * @param corrections the columns that declare corrections, or {@code null} when the table has none
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryTable(
    String table, String entity, String validFrom, String recordedAt, String value, String logName,
    CorrectionColumns corrections) {

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

  /** A table without correction columns. */
  public HistoryTable(String table, String entity, String validFrom, String recordedAt, String value, String logName) {
    this(table, entity, validFrom, recordedAt, value, logName, null);
  }

  /** The table {@code table} with the default column names. */
  public static HistoryTable of(String table) {
    return new HistoryTable(table, "entity", "valid_from", "recorded_at", "value", SqlNames.unqualified(table));
  }

  public HistoryTable withColumns(String entity, String validFrom, String recordedAt, String value) {
    return new HistoryTable(table, entity, validFrom, recordedAt, value, logName, corrections);
  }

  public HistoryTable withLogName(String name) {
    return new HistoryTable(table, entity, validFrom, recordedAt, value, name, corrections);
  }

  /** This table with the columns that declare corrections ({@link CorrectionColumns#DEFAULTS}, or others). */
  public HistoryTable withCorrections(CorrectionColumns columns) {
    if (columns == null) {
      throw new IllegalArgumentException("the correction columns of table '" + table + "' are null; pass "
          + "CorrectionColumns.DEFAULTS or new CorrectionColumns(id, corrects, reason)");
    }
    return new HistoryTable(table, entity, validFrom, recordedAt, value, logName, columns);
  }

  String quotedTable() {
    return SqlNames.quoteTable(table);
  }

  String q(String column) {
    return SqlNames.quote(column, "column");
  }

  /**
   * {@code SELECT entity, validFrom, recordedAt, value FROM table}, with the correction columns when declared,
   * quoted, without a WHERE clause.
   */
  String selectAll() {
    return "SELECT " + q(entity) + ", " + q(validFrom) + ", " + q(recordedAt) + ", " + q(value)
        + correctionList() + " FROM " + quotedTable();
  }

  /** {@code , id, corrects, reason} quoted, or nothing when the table declares no corrections. */
  String correctionList() {
    return corrections == null ? ""
        : ", " + q(corrections.id()) + ", " + q(corrections.corrects()) + ", " + q(corrections.reason());
  }

  /** An unconfigured reader of this table's rows as a log of {@code kind}. */
  EventLogQuery reader(EventLog.Kind kind) {
    EventLogQuery query = kind == EventLog.Kind.NUMERIC ? EventLogQuery.numeric(logName) : EventLogQuery.categorical(logName);
    query.columns(entity, validFrom, recordedAt, value);
    return corrections == null ? query : query.corrections(corrections);
  }
}
