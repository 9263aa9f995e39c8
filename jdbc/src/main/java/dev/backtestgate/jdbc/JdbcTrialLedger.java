package dev.backtestgate.jdbc;

import dev.backtestgate.trials.LedgerEntry;
import dev.backtestgate.trials.NewerLedgerException;
import dev.backtestgate.trials.TrialKey;
import dev.backtestgate.trials.TrialLedger;
import dev.backtestgate.trials.TrialLedgerProvider;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The trials ledger in a table, one row per entry with the fields of {@link LedgerEntry} (no row data, no scores),
 * created when absent. On PostgreSQL the table is created and put under the {@link AppendOnlyGuard} in one
 * transaction (a superuser's), and a table that exists without the guard is refused: the ledger is history too. The
 * guard's valid-from column is {@code recorded_at}, the database's clock at insert, and it closes every past UTC day
 * (closed after 0 days): a row can be neither updated nor deleted once the day it was written in has ended, and
 * {@code TRUNCATE} is always refused. DuckDB has no triggers: its table is as deletable as a directory.
 *
 * <p>An append reads the largest sequence of its test set and inserts one row, in one transaction; two forks that
 * append at once may share a sequence and both rows stay ({@link LedgerEntry#ORDER} breaks the tie). A DuckDB file
 * is locked by the process that has it open: a fork waits for the lock (at most {@link #LOCK_WAIT_MILLIS}), each
 * connection is held only for one read or one append.
 */
final class JdbcTrialLedger implements TrialLedger {
  /** How long a connection waits for another process's lock on a DuckDB file, or a transaction conflict. */
  static final long LOCK_WAIT_MILLIS = 10_000;
  /** The columns of an entry, in the order they are written and read. */
  static final List<String> COLUMNS = List.of("ledger_schema", "entry_sequence", "gate_id", "evaluated_at", "test_set",
      "scores", "candidate", "candidate_auc", "baseline_auc", "lift", "standard_error", "z", "verdict", "git_commit",
      "commit_note");
  /** The ledgers whose table this JVM has created or checked, so reads and appends skip the catalog. */
  private static final Set<String> READY = ConcurrentHashMap.newKeySet();
  private final String url;
  private final String table;
  private final String where;

  JdbcTrialLedger(String url, String table) {
    this.url = url;
    this.table = SqlNames.checkTable(table);
    this.where = TrialLedgerProvider.withoutPassword(url);
  }

  /** The table's DDL in {@code dialect}, each statement without a trailing semicolon. */
  List<String> createTable(Dialect dialect) {
    String text = "VARCHAR NOT NULL";
    String number = dialect.doubleType();
    String q = SqlNames.quoteTable(table);
    return List.of("CREATE TABLE IF NOT EXISTS " + q + " (ledger_schema INTEGER NOT NULL, entry_sequence BIGINT NOT "
        + "NULL, gate_id " + text + ", evaluated_at " + text + ", test_set " + text + ", scores " + text + ", candidate "
        + text + ", candidate_auc " + number + ", baseline_auc " + number + ", lift " + number + ", standard_error "
        + number + ", z " + number + ", verdict " + text + ", git_commit VARCHAR, commit_note " + text
        + ", recorded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT CURRENT_TIMESTAMP)",
        "CREATE INDEX IF NOT EXISTS " + SqlNames.quote(indexName(), "index") + " ON " + q + " (test_set)");
  }

  /** The guard this store installs on a PostgreSQL table. */
  AppendOnlyGuard guard() {
    return AppendOnlyGuard.of(HistoryTable.of(table).withColumns("test_set", "recorded_at", "recorded_at", "scores"))
        .closedAfterDays(0);
  }

  @Override
  public Reading read(String testSet) {
    return withConnection(connection -> {
      ready(connection, false);
      List<LedgerEntry> entries = new ArrayList<>();
      List<String> skipped = new ArrayList<>();
      try (PreparedStatement select = connection.prepareStatement("SELECT " + String.join(", ", COLUMNS) + " FROM "
          + SqlNames.quoteTable(table) + " WHERE test_set = ?")) {
        select.setString(1, testSet);
        try (ResultSet rows = select.executeQuery()) {
          while (rows.next()) {
            String row = "row (test_set " + testSet + ", entry_sequence " + rows.getLong(2) + ", scores "
                + rows.getString(6) + ") of table " + table + " in " + where;
            int schema = rows.getInt(1);
            if (schema > LedgerEntry.SCHEMA) {
              throw new NewerLedgerException(row, new NewerLedgerException(schema));
            }
            try {
              entries.add(entry(rows));
            } catch (IllegalArgumentException | DateTimeParseException | NullPointerException e) {
              skipped.add(row + " is not a ledger entry (" + e.getMessage() + ")");
            }
          }
        }
      }
      entries.sort(LedgerEntry.ORDER);
      return new Reading(entries, skipped);
    });
  }

  @Override
  public LedgerEntry append(LedgerEntry entry) {
    LedgerEntry micros = new LedgerEntry(entry.schema(), entry.sequence(), entry.gateId(),
        entry.time().truncatedTo(ChronoUnit.MICROS), entry.key(), entry.candidate(), entry.candidateAuc(),
        entry.baselineAuc(), entry.lift(), entry.standardError(), entry.z(), entry.verdict(), entry.commit(),
        entry.commitNote());
    return withConnection(connection -> {
      ready(connection, false);
      return Transaction.committed(connection, () -> {
        long largest;
        try (PreparedStatement max = connection.prepareStatement("SELECT max(entry_sequence) FROM "
            + SqlNames.quoteTable(table) + " WHERE test_set = ?")) {
          max.setString(1, micros.key().testSet());
          try (ResultSet rows = max.executeQuery()) {
            largest = rows.next() ? rows.getLong(1) : 0;
          }
        }
        LedgerEntry written = micros.withSequence(largest + 1);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + SqlNames.quoteTable(table)
            + " (" + String.join(", ", COLUMNS) + ") VALUES (" + "?, ".repeat(COLUMNS.size() - 1) + "?)")) {
          bind(insert, written);
          insert.executeUpdate();
        }
        return written;
      });
    });
  }

  @Override
  public Optional<String> unwritable() {
    try {
      withConnection(connection -> {
        ready(connection, true);
        return null;
      });
      return Optional.empty();
    } catch (UncheckedIOException e) {
      return Optional.of(e.getMessage());
    }
  }

  @Override
  public String fix() {
    return "Check the URL, that the database is running and that its user may connect and insert (on PostgreSQL, a "
        + "superuser creates the guarded table on first use), that the JDBC driver is on the test class path; or "
        + "point backtestgate.ledger at a directory.";
  }

  @Override
  public String where() {
    return where;
  }

  @Override
  public String toString() {
    return "the trials ledger " + where + " (table " + table + ")";
  }

  private interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /**
   * Runs {@code work} on a connection of its own, waiting out another process's lock on a DuckDB file and retrying a
   * transaction conflict, for at most {@link #LOCK_WAIT_MILLIS}; any other failure is an {@link UncheckedIOException}
   * naming the ledger without its password.
   */
  private <T> T withConnection(Work<T> work) {
    long deadline = System.nanoTime() + LOCK_WAIT_MILLIS * 1_000_000;
    while (true) {
      try (Connection connection = DriverManager.getConnection(url)) {
        return work.run(connection);
      } catch (SQLException e) {
        if (!retryable(e) || System.nanoTime() > deadline) {
          String reason = String.valueOf(e.getMessage()).replace(url, where);
          throw new UncheckedIOException("the database " + where + " cannot be used as the trials ledger (table "
              + table + "): " + reason, new java.io.IOException(reason, e));
        }
        try {
          Thread.sleep(ThreadLocalRandom.current().nextLong(5, 50));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new UncheckedIOException("interrupted while waiting for " + where,
              new java.io.IOException(interrupted));
        }
      }
    }
  }

  /** A DuckDB file locked by another process, or a transaction conflict: worth another try. */
  private static boolean retryable(SQLException e) {
    String message = String.valueOf(e.getMessage());
    return message.contains("Could not set lock on file") || message.contains("conflict")
        || "40001".equals(e.getSQLState()) || "40P01".equals(e.getSQLState());
  }

  /**
   * Creates the table when absent (and, on PostgreSQL, guards it in the same transaction), and refuses a PostgreSQL
   * table that exists unguarded. Skipped when this JVM already did it, unless {@code recheck}.
   */
  private void ready(Connection connection, boolean recheck) throws SQLException {
    String key = url + "\n" + table;
    if (!recheck && READY.contains(key)) {
      return;
    }
    Dialect dialect = Dialect.of(connection);
    switch (dialect) {
      case DUCKDB -> {
        try (Statement statement = connection.createStatement()) {
          for (String sql : createTable(dialect)) {
            statement.execute(sql);
          }
        }
      }
      case POSTGRESQL -> readyPostgres(connection);
      case OTHER -> throw new SQLException("the trials ledger keeps its table in PostgreSQL or DuckDB, and this "
          + "database is " + connection.getMetaData().getDatabaseProductName());
    }
    READY.add(key);
  }

  private void readyPostgres(Connection connection) throws SQLException {
    boolean exists = Streaming.query(connection, SqlQuery.of("SELECT to_regclass(?) IS NOT NULL",
        SqlNames.quoteTable(table)), 1, rows -> rows.next() && rows.getBoolean(1));
    if (exists) {
      if (!AppendOnlyGuard.guards(connection, table)) {
        throw new SQLException("the table " + table + " exists without the append-only guard (its triggers "
            + AppendOnlyGuard.ROW_TRIGGER + " and " + AppendOnlyGuard.TRUNCATE_TRIGGER + " are missing or disabled), "
            + "so its trials could be deleted unseen; a superuser guards it with AppendOnlyGuard.of(HistoryTable.of(\""
            + table + "\").withColumns(\"test_set\", \"recorded_at\", \"recorded_at\", \"scores\")).closedAfterDays(0)"
            + ".apply(connection), or point backtestgate.ledger-table at a table that does not exist yet");
      }
      return;
    }
    Transaction.committed(connection, () -> {
      try (Statement statement = connection.createStatement()) {
        statement.execute("SELECT pg_advisory_xact_lock(" + lockKey() + ")");   // forks create it once, one at a time
        boolean created = Streaming.query(connection, SqlQuery.of("SELECT to_regclass(?) IS NOT NULL",
            SqlNames.quoteTable(table)), 1, rows -> rows.next() && rows.getBoolean(1));
        if (!created) {
          if (!AppendOnlyGuard.superuser(connection)) {
            throw new SQLException("the table " + table + " does not exist, and this connection's role may not create "
                + "it guarded (the append-only guard needs a superuser once, to install its triggers): connect once "
                + "with a superuser's URL, or have one run the store's first append");
          }
          for (String sql : createTable(Dialect.POSTGRESQL)) {
            statement.execute(sql);
          }
          for (String sql : guard().ddl(connection)) {
            statement.execute(sql);
          }
        }
      }
      return null;
    });
  }

  private long lockKey() {
    return ("backtest-gate trials ledger " + table).hashCode();
  }

  private String indexName() {
    return SqlNames.check((SqlNames.unqualified(table) + "_by_test_set").length() > 63
        ? SqlNames.unqualified(table).substring(0, 52) + "_by_test_set" : SqlNames.unqualified(table) + "_by_test_set",
        "index name");
  }

  private static void bind(PreparedStatement insert, LedgerEntry e) throws SQLException {
    int i = 1;
    insert.setInt(i++, e.schema());
    insert.setLong(i++, e.sequence());
    insert.setString(i++, e.gateId());
    insert.setString(i++, e.time().toString());
    insert.setString(i++, e.key().testSet());
    insert.setString(i++, e.key().scores());
    insert.setString(i++, e.candidate());
    for (double value : new double[] {e.candidateAuc(), e.baselineAuc(), e.lift(), e.standardError(), e.z()}) {
      if (Double.isFinite(value)) {
        insert.setDouble(i++, value);
      } else {
        insert.setNull(i++, Types.DOUBLE);
      }
    }
    insert.setString(i++, e.verdict());
    if (e.commit() == null) {
      insert.setNull(i++, Types.VARCHAR);
    } else {
      insert.setString(i++, e.commit());
    }
    insert.setString(i, e.commitNote());
  }

  private static LedgerEntry entry(ResultSet rows) throws SQLException {
    double[] numbers = new double[5];
    for (int k = 0; k < numbers.length; k++) {
      double value = rows.getDouble(8 + k);
      numbers[k] = rows.wasNull() ? Double.NaN : value;
    }
    return new LedgerEntry(rows.getInt(1), rows.getLong(2), rows.getString(3), Instant.parse(rows.getString(4)),
        new TrialKey(rows.getString(5), rows.getString(6)), rows.getString(7), numbers[0], numbers[1], numbers[2],
        numbers[3], numbers[4], rows.getString(13), rows.getString(14), rows.getString(15));
  }
}
