package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.time.EntityDictionary;
import dev.backtestgate.time.Spine;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apiguardian.api.API;

/**
 * Reads a {@link Spine} (entity and decision time per row) from a SQL query, streaming like
 * {@link EventLogQuery}: columns found by name (defaults {@code entity}, {@code decision_time}), types checked
 * first, a NULL entity or time fails with the column, the 1-based result row and the fix.
 *
 * <pre>{@code
 * EntityDictionary customers = new EntityDictionary();
 * Spine spine = SpineQuery.sql("SELECT customer, decided_at FROM applications WHERE decided_at >= ?", from)
 *     .columns("customer", "decided_at")
 *     .entities(customers)
 *     .read(connection);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpineQuery {
  private final SqlQuery query;
  private String entity = "entity";
  private String decisionTime = "decision_time";
  private EntityDictionary dictionary;
  private int fetchSize = Streaming.DEFAULT_FETCH_SIZE;

  private SpineQuery(SqlQuery query) {
    this.query = query;
  }

  /** The query, with {@code ?} placeholders for {@code parameters}. */
  public static SpineQuery sql(String sql, Object... parameters) {
    return new SpineQuery(SqlQuery.of(sql, parameters));
  }

  public static SpineQuery query(SqlQuery query) {
    return new SpineQuery(query);
  }

  public SpineQuery columns(String entity, String decisionTime) {
    this.entity = SqlNames.check(entity, "entity column");
    this.decisionTime = SqlNames.check(decisionTime, "decision-time column");
    return this;
  }

  /** Maps text entity keys to ids; use the same dictionary for every joined log. */
  public SpineQuery entities(EntityDictionary dictionary) {
    this.dictionary = dictionary;
    return this;
  }

  /** Rows fetched per round trip (default 10,000). */
  public SpineQuery fetchSize(int rows) {
    this.fetchSize = Streaming.checkFetchSize(rows);
    return this;
  }

  /** Runs the query once and builds the spine. */
  public Spine read(Connection connection) throws SQLException {
    return Streaming.query(connection, query, fetchSize, this::build);
  }

  private Spine build(ResultSet rows) throws SQLException {
    var metadata = rows.getMetaData();
    ResultColumn entityColumn = ResultColumn.find(metadata, entity, "entity").requireEntity(dictionary);
    ResultColumn timeColumn = ResultColumn.find(metadata, decisionTime, "decision time").requireTime();
    Spine.Builder builder = Spine.builder();
    long row = 0;
    while (rows.next()) {
      row++;
      builder.add(entityColumn.entity(rows, row, dictionary), timeColumn.millis(rows, row));
    }
    return builder.build();
  }
}
