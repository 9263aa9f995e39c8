package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.history.RowDigest;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.MissingValues;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * History manifests, history checks and late-write reports computed from a table in a database, equal to the
 * in-memory ones ({@link HistoryManifest#of}, {@link HistoryCheck}, {@link LateWriteDetector}) on the same
 * rows. The digest runs inside PostgreSQL and DuckDB (only per-day sums leave the database); on any other
 * database, or with {@link Digest#STREAMING}, the covered rows are streamed into the JVM and digested there.
 * All reads of one call see one snapshot (one REPEATABLE READ transaction when the connection is in autocommit
 * mode). NULL values count as missing ("value unknown"), as with {@link MissingValues#KEEP}.
 *
 * <pre>{@code
 * HistoryTable status = HistoryTable.of("status_events").withColumns("account_id", "valid_from", "recorded_at", "status");
 * HistoryManifest proposed = SqlHistory.manifest(connection, status, PartitionGranularity.DAY,
 *     Instant.now().minus(Duration.ofDays(7)));
 * HistoryCheckResult result = SqlHistory.check(connection, HistoryManifest.read(Path.of("history/status_events.json")), status);
 * LateWriteReport late = SqlHistory.lateWrites(connection, status, Duration.ofDays(7));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SqlHistory {
  /** Where the digest is computed. */
  public enum Digest {
    /** In the database when it can (PostgreSQL, DuckDB), else streaming. */
    AUTO,
    /** In the database; fails on a database that cannot. */
    IN_DATABASE,
    /** The covered rows are streamed into the JVM and digested there. */
    STREAMING
  }

  private SqlHistory() {}

  /** The manifest of {@code table} as it is now, digested in the database where it can be. */
  public static HistoryManifest manifest(
      Connection connection, HistoryTable table, PartitionGranularity granularity, Instant closedBefore)
      throws SQLException {
    return manifest(connection, table, granularity, closedBefore, Digest.AUTO);
  }

  /**
   * The manifest of {@code table} as it is now, covering partitions that end on or before
   * {@code closedBefore} (rounded down to a partition boundary), like {@link HistoryManifest#of}.
   */
  public static HistoryManifest manifest(
      Connection connection, HistoryTable table, PartitionGranularity granularity, Instant closedBefore,
      Digest where) throws SQLException {
    if (granularity == null || closedBefore == null || where == null) {
      throw new IllegalArgumentException("granularity, closedBefore and digest mode are required");
    }
    LocalDate boundary = granularity.floor(LocalDate.ofInstant(closedBefore, ZoneOffset.UTC));
    long cutoff = boundary.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    Dialect dialect = Dialect.of(connection);
    if (where == Digest.IN_DATABASE && !dialect.digestsInSql()) {
      throw new IllegalArgumentException("this database (" + connection.getMetaData().getDatabaseProductName()
          + ") cannot compute the digest in SQL; use Digest.STREAMING or Digest.AUTO");
    }
    return Transaction.readOnly(connection, () -> {
      TableShape shape = TableShape.of(connection, table);
      List<String> categories = shape.numeric() || where == Digest.STREAMING || !dialect.digestsInSql()
          ? List.of() : categories(connection, table, where);
      boolean inDatabase = where != Digest.STREAMING && dialect.digestsInSql() && categories != null;
      List<HistoryManifest.Partition> partitions = inDatabase
          ? inDatabase(connection, dialect, table, shape, categories, granularity, cutoff)
          : HistoryManifest.of(streamCovered(connection, dialect, table, shape, cutoff), granularity,
              boundary.atStartOfDay(ZoneOffset.UTC).toInstant()).partitions();
      return new HistoryManifest(table.logName(), granularity, boundary, partitions);
    });
  }

  /** The distinct categories, or {@code null} when there are too many to map inside one query. */
  private static List<String> categories(Connection connection, HistoryTable table, Digest where) throws SQLException {
    String value = table.q(table.value());
    SqlQuery distinct = new SqlQuery("SELECT DISTINCT " + value + " FROM " + table.quotedTable() + " WHERE " + value
        + " IS NOT NULL", null);
    return Streaming.query(connection, distinct, Streaming.DEFAULT_FETCH_SIZE, rows -> {
      List<String> out = new ArrayList<>();
      while (rows.next()) {
        out.add(rows.getString(1));
        if (out.size() > SqlDigest.MAX_CATEGORIES) {
          if (where == Digest.IN_DATABASE) {
            throw new IllegalArgumentException("table '" + table.table() + "' has more than "
                + SqlDigest.MAX_CATEGORIES + " categories in column '" + table.value() + "', too many to digest"
                + " in one query; use Digest.STREAMING or Digest.AUTO");
          }
          return null;
        }
      }
      return out;
    });
  }

  private static List<HistoryManifest.Partition> inDatabase(
      Connection connection, Dialect dialect, HistoryTable table, TableShape shape, List<String> categories,
      PartitionGranularity granularity, long cutoff) throws SQLException {
    List<Object> parameters = new ArrayList<>();
    for (String category : categories) {
      parameters.add(category);
      parameters.add(RowDigest.categoryWord(category));
    }
    parameters.add(cutoff);
    parameters.add(cutoff);
    String sql = SqlDigest.query(dialect, table, shape, categories.size());
    return Streaming.query(connection, new SqlQuery(sql, parameters), Streaming.DEFAULT_FETCH_SIZE,
        rows -> SqlDigest.partitions(rows, granularity));
  }

  /** The covered rows as an event log (on other databases the whole table; the manifest then filters). */
  private static EventLog streamCovered(
      Connection connection, Dialect dialect, HistoryTable table, TableShape shape, long cutoff) throws SQLException {
    EventLogQuery reader = table.reader(shape.kind()).missingValues(MissingValues.KEEP);
    if (!dialect.digestsInSql()) {
      return reader.query(new SqlQuery(table.selectAll(), null)).read(connection);
    }
    String where = " WHERE " + shape.validFromMillis(dialect, table) + " < ? AND "
        + shape.recordedAtMillis(dialect, table) + " < ?";
    return reader.query(SqlQuery.of(table.selectAll() + where, cutoff, cutoff)).read(connection);
  }

  /**
   * Compares {@code table} as it is now with its committed manifest, recomputing the digests with the
   * manifest's granularity and cut-off (in the database where it can be).
   */
  public static HistoryCheckResult check(Connection connection, HistoryManifest committed, HistoryTable table)
      throws SQLException {
    if (committed == null) {
      throw new IllegalArgumentException("the committed manifest is missing: read it with HistoryManifest.read(...)");
    }
    if (!committed.table().equals(table.logName())) {
      throw new IllegalArgumentException("the manifest is for '" + committed.table() + "' but table '"
          + table.table() + "' is logged as '" + table.logName() + "'; check the table against its own manifest,"
          + " or set withLogName(\"" + committed.table() + "\")");
    }
    HistoryManifest today = manifest(connection, table, committed.granularity(),
        committed.closedBefore().atStartOfDay(ZoneOffset.UTC).toInstant());
    return HistoryCheck.compare(committed, today);
  }

  /**
   * The late writes in {@code table}: the database selects the rows recorded more than {@code closingWindow}
   * after they became valid, and only those reach the JVM. {@link LateWriteReport#events()} counts all rows;
   * an example's {@code index} is its position among the late rows ordered by recordedAt, entity, validFrom.
   * A table with correction columns ({@link HistoryTable#withCorrections}) is read whole instead (times, ids and
   * declarations, no values), because every pointer must resolve: late rows that declare a correction are
   * listed by reason code, and a bad declaration fails naming the event.
   */
  public static LateWriteReport lateWrites(Connection connection, HistoryTable table, Duration closingWindow)
      throws SQLException {
    LateWriteDetector detector = LateWriteDetector.builder().closingWindow(closingWindow).build();
    Dialect dialect = Dialect.of(connection);
    return Transaction.readOnly(connection, () -> {
      TableShape shape = TableShape.of(connection, table);
      long total = Streaming.query(connection, new SqlQuery("SELECT count(*) FROM " + table.quotedTable(), null), 1,
          rows -> {
            rows.next();
            return rows.getLong(1);
          });
      String select = "SELECT " + table.q(table.entity()) + ", " + table.q(table.validFrom()) + ", "
          + table.q(table.recordedAt()) + ", 0.0 AS " + table.q("late_value") + table.correctionList() + " FROM "
          + table.quotedTable();
      String order = " ORDER BY " + table.q(table.recordedAt()) + ", " + table.q(table.entity()) + ", "
          + table.q(table.validFrom());
      SqlQuery late = dialect.digestsInSql() && table.corrections() == null
          ? SqlQuery.of(select + " WHERE " + shape.recordedAtMillis(dialect, table) + " - "
              + shape.validFromMillis(dialect, table) + " > ?" + order, closingWindow.toMillis())
          : new SqlQuery(select + order, null);
      EventLogQuery reading = EventLogQuery.numeric(table.logName())
          .columns(table.entity(), table.validFrom(), table.recordedAt(), "late_value");
      if (table.corrections() != null) {
        reading.corrections(table.corrections());
      }
      LateWriteReport report = detector.detect(reading.query(late).read(connection));
      if (total > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("table '" + table.table() + "' has " + total + " rows, more than a late-write"
            + " report counts; report on a range of it through a view");
      }
      return new LateWriteReport(report.table(), report.closingWindow(), (int) total, report.lateEvents(),
          report.batches(), report.corrections());
    });
  }
}
