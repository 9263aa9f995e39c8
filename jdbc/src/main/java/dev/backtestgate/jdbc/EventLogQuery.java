package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.time.Corrections;
import dev.backtestgate.time.EntityDictionary;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.MissingValues;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apiguardian.api.API;

/**
 * Reads an {@link EventLog} from a SQL query or a table, streaming: one forward-only pass with a fetch size
 * (10,000 rows by default), straight into primitive columns. Columns are found by name (defaults
 * {@code entity}, {@code valid_from}, {@code recorded_at}, {@code value}); their SQL types are checked before
 * the first row, and a bad row (a NULL time, a NULL value without {@link MissingValues#KEEP}, an infinite
 * number) fails with the column, the 1-based result row and the fix. Times are timestamp with time zone,
 * timestamp (read as UTC) or date, rounded down to milliseconds. Entities are whole numbers, or text keys
 * mapped by an {@link EntityDictionary}. With {@link #corrections} the log also carries each row's event id and
 * the correction it declares (columns {@code event_id}, {@code corrects}, {@code reason} by default), checked
 * as {@link dev.backtestgate.time.Corrections} describes.
 *
 * <pre>{@code
 * EventLog balance = EventLogQuery.numeric("balance")
 *     .sql("SELECT customer_id, valid_from, recorded_at, balance FROM balances WHERE region = ?", "EU")
 *     .columns("customer_id", "valid_from", "recorded_at", "balance")
 *     .read(connection);
 * EventLog status = EventLogQuery.categorical(HistoryTable.of("status_events")).read(connection);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EventLogQuery {
  private final String name;
  private final EventLog.Kind kind;
  private SqlQuery query;
  private String entity = "entity";
  private String validFrom = "valid_from";
  private String recordedAt = "recorded_at";
  private String value = "value";
  private CorrectionColumns corrections;
  private EntityDictionary dictionary;
  private MissingValues missing = MissingValues.REJECT;
  private int fetchSize = Streaming.DEFAULT_FETCH_SIZE;

  private EventLogQuery(String name, EventLog.Kind kind) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("the event log needs a name (the feature it is joined as)");
    }
    this.name = name;
    this.kind = kind;
  }

  /** A numeric log named {@code name}; set its query with {@link #sql}. */
  public static EventLogQuery numeric(String name) {
    return new EventLogQuery(name, EventLog.Kind.NUMERIC);
  }

  /** A categorical log named {@code name}; set its query with {@link #sql}. */
  public static EventLogQuery categorical(String name) {
    return new EventLogQuery(name, EventLog.Kind.CATEGORICAL);
  }

  /** The whole of {@code table} as a numeric log. */
  public static EventLogQuery numeric(HistoryTable table) {
    return table.reader(EventLog.Kind.NUMERIC).query(new SqlQuery(table.selectAll(), null));
  }

  /** The whole of {@code table} as a categorical log. */
  public static EventLogQuery categorical(HistoryTable table) {
    return table.reader(EventLog.Kind.CATEGORICAL).query(new SqlQuery(table.selectAll(), null));
  }

  /** The query, with {@code ?} placeholders for {@code parameters}. */
  public EventLogQuery sql(String sql, Object... parameters) {
    return query(SqlQuery.of(sql, parameters));
  }

  public EventLogQuery query(SqlQuery query) {
    this.query = query;
    return this;
  }

  /** The names of the result columns that hold each field. */
  public EventLogQuery columns(String entity, String validFrom, String recordedAt, String value) {
    this.entity = SqlNames.check(entity, "entity column");
    this.validFrom = SqlNames.check(validFrom, "valid-from column");
    this.recordedAt = SqlNames.check(recordedAt, "recorded-at column");
    this.value = SqlNames.check(value, "value column");
    return this;
  }

  /**
   * Reads the columns that declare corrections ({@link CorrectionColumns#DEFAULTS}: {@code event_id},
   * {@code corrects}, {@code reason}): ids are whole numbers, never NULL; {@code corrects} and {@code reason}
   * are NULL on rows that correct nothing. Pointers must resolve within the query's rows.
   */
  public EventLogQuery corrections(CorrectionColumns columns) {
    if (columns == null) {
      throw new IllegalArgumentException("event log '" + name + "': the correction columns are null; pass "
          + "CorrectionColumns.DEFAULTS or new CorrectionColumns(id, corrects, reason)");
    }
    this.corrections = columns;
    return this;
  }

  /** Maps text entity keys to ids; use the same dictionary for the spine and every joined log. */
  public EventLogQuery entities(EntityDictionary dictionary) {
    this.dictionary = dictionary;
    return this;
  }

  /** Whether NULL values are kept as "value unknown" ({@link MissingValues#KEEP}) or fail (the default). */
  public EventLogQuery missingValues(MissingValues policy) {
    if (policy == null) {
      throw new IllegalArgumentException("missing-value policy is null: pass MissingValues.REJECT or KEEP");
    }
    this.missing = policy;
    return this;
  }

  /** Rows fetched per round trip (default 10,000). */
  public EventLogQuery fetchSize(int rows) {
    this.fetchSize = Streaming.checkFetchSize(rows);
    return this;
  }

  /** Runs the query once and builds the log. */
  public EventLog read(Connection connection) throws SQLException {
    if (query == null) {
      throw new IllegalStateException("event log '" + name + "' has no query: call sql(...) first");
    }
    return Streaming.query(connection, query, fetchSize, this::build);
  }

  private EventLog build(ResultSet rows) throws SQLException {
    var metadata = rows.getMetaData();
    ResultColumn entityColumn = ResultColumn.find(metadata, entity, "entity").requireEntity(dictionary);
    ResultColumn validColumn = ResultColumn.find(metadata, validFrom, "valid-from time").requireTime();
    ResultColumn recordedColumn = ResultColumn.find(metadata, recordedAt, "recorded-at time").requireTime();
    ResultColumn valueColumn = ResultColumn.find(metadata, value, "value");
    Declared declared = corrections == null ? null : new Declared(
        ResultColumn.find(metadata, corrections.id(), "event id").requireInteger(),
        ResultColumn.find(metadata, corrections.corrects(), "corrected event id").requireInteger(),
        ResultColumn.find(metadata, corrections.reason(), "reason code").requireText());
    boolean keep = missing == MissingValues.KEEP;
    long row = 0;
    if (kind == EventLog.Kind.NUMERIC) {
      valueColumn.requireNumber();
      EventLog.NumericBuilder builder = EventLog.numericBuilder(name).missingValues(missing);
      while (rows.next()) {
        row++;
        builder.add(entityColumn.entity(rows, row, dictionary), validColumn.millis(rows, row),
            recordedColumn.millis(rows, row), valueColumn.number(rows, row, keep));
        if (declared != null) {
          declared.read(rows, row, builder::id, (code, target) -> builder.corrects(target, code));
        }
      }
      return builder.build();
    }
    valueColumn.requireText();
    EventLog.CategoricalBuilder builder = EventLog.categoricalBuilder(name).missingValues(missing);
    while (rows.next()) {
      row++;
      builder.add(entityColumn.entity(rows, row, dictionary), validColumn.millis(rows, row),
          recordedColumn.millis(rows, row), valueColumn.text(rows, row, keep));
      if (declared != null) {
        declared.read(rows, row, builder::id, (code, target) -> builder.corrects(target, code));
      }
    }
    return builder.build();
  }

  /** The three correction columns of a result. */
  private record Declared(ResultColumn id, ResultColumn corrects, ResultColumn reason) {
    void read(ResultSet rows, long row, java.util.function.LongConsumer setId,
        java.util.function.ObjLongConsumer<String> setCorrects) throws SQLException {
      setId.accept(id.integer(rows, row, false, Corrections.NONE));
      long target = corrects.integer(rows, row, true, Corrections.NONE);
      String code = reason.text(rows, row, true);
      if (target != Corrections.NONE || code != null) {
        setCorrects.accept(code, target);
      }
    }
  }
}
