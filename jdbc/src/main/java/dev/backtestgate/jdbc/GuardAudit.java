package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.HistoryChecks;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.Finding;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.LateWriteReport;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Reads the {@link AppendOnlyGuard}'s audit table: who tried to rewrite a table's closed history and was
 * rejected, and who did rewrite it under break glass, since a given time. The grants audit names who can
 * write; this names who did.
 *
 * <pre>{@code
 * GuardAuditReport did = GuardAudit.report(connection, "status_events", Instant.parse("2026-10-01T00:00:00Z"));
 * did.lines().forEach(System.out::println);
 * backtest.check(GuardAudit.check(did));   // history-writers warning on break glass inside the training window
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GuardAudit {
  private GuardAudit() {}

  /**
   * The rejected attempts, break-glass uses and backdated inserts on {@code table} ({@code name} or {@code schema.name}) since
   * {@code since}, per role and operation, read in one read-only transaction.
   *
   * @throws IllegalStateException naming the audit table and the fix when it is missing or unreadable
   */
  public static GuardAuditReport report(Connection connection, String table, Instant since) throws SQLException {
    Objects.requireNonNull(since, "since");
    SqlNames.checkTable(table);
    AppendOnlyGuard.requirePostgres(connection);
    try {
      return Transaction.readOnly(connection, () -> {
        String name = resolve(connection, table);
        List<GuardAuditReport.Use> uses = Streaming.query(connection, SqlQuery.of(
            "SELECT session_user_name, outcome, operation, count(*),"
                + " sum(coalesce(row_count, CASE WHEN entity IS NOT NULL THEN 1 ELSE 0 END)),"
                + " coalesce(array_to_string(array_agg(DISTINCT partition_day ORDER BY partition_day)"
                + " FILTER (WHERE partition_day IS NOT NULL), ','), ''), min(attempted_at), max(attempted_at)"
                + " FROM " + AppendOnlyGuard.AUDIT_TABLE + " WHERE table_name = ? AND attempted_at >= ?"
                + " AND outcome IN ('rejected', 'break-glass', 'backdated') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3",
            name, OffsetDateTime.ofInstant(since, ZoneOffset.UTC)), Streaming.DEFAULT_FETCH_SIZE, rows -> {
              List<GuardAuditReport.Use> out = new ArrayList<>();
              while (rows.next()) {
                String days = rows.getString(6);
                out.add(new GuardAuditReport.Use(rows.getString(1), rows.getString(2), rows.getString(3),
                    rows.getLong(4), rows.getLong(5), days.isEmpty() ? List.of()
                        : Arrays.stream(days.split(",")).map(LocalDate::parse).toList(),
                    rows.getObject(7, OffsetDateTime.class).toInstant(),
                    rows.getObject(8, OffsetDateTime.class).toInstant()));
              }
              return out;
            });
        List<String> superusers = Streaming.query(connection, SqlQuery.of(
            "SELECT rolname FROM pg_roles WHERE rolsuper ORDER BY rolname"), Streaming.DEFAULT_FETCH_SIZE, rows -> {
              List<String> out = new ArrayList<>();
              while (rows.next()) {
                out.add(rows.getString(1));
              }
              return out;
            });
        return new GuardAuditReport(name, since, uses, superusers);
      });
    } catch (SQLException e) {
      throw unreadable(connection, e);
    }
  }

  /** The table as the audit records it ({@code schema.name}); a dropped table is taken as given. */
  private static String resolve(Connection connection, String table) throws SQLException {
    String found = Streaming.query(connection, SqlQuery.of("SELECT n.nspname || '.' || c.relname FROM pg_class c"
        + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = to_regclass(?)", table), 1,
        rows -> rows.next() ? rows.getString(1) : null);
    if (found != null) {
      return found;
    }
    if (table.contains(".")) {
      return table;
    }
    throw new IllegalArgumentException("table '" + table + "' does not exist on this database (search_path"
        + " included), so its audit rows cannot be named; give it as schema.table, as "
        + AppendOnlyGuard.AUDIT_TABLE + " records it (public." + table + ", say)");
  }

  private static RuntimeException unreadable(Connection connection, SQLException e) throws SQLException {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    String user = connection.getMetaData().getUserName();
    return switch (state) {
      case "42P01", "3F000" -> new IllegalStateException("the guard's audit table " + AppendOnlyGuard.AUDIT_TABLE
          + " does not exist on this database (" + e.getMessage() + "), so nobody's writes to closed history are"
          + " recorded here: apply the guard as a superuser, AppendOnlyGuard.of(HistoryTable.of(\"<table>\"))"
          + ".apply(connection), or connect to the database where it is installed", e);
      case "42501" -> new IllegalStateException("role " + user + " may not read the guard's audit table "
          + AppendOnlyGuard.AUDIT_TABLE + " (" + e.getMessage() + "): as a superuser, GRANT USAGE ON SCHEMA "
          + AppendOnlyGuard.SCHEMA + " TO " + user + "; GRANT SELECT ON " + AppendOnlyGuard.AUDIT_TABLE + " TO "
          + user + ";", e);
      case "42703" -> new IllegalStateException("the guard's audit table " + AppendOnlyGuard.AUDIT_TABLE
          + " lacks a column this version reads (" + e.getMessage() + "): it was installed by an older version;"
          + " apply the guard again (AppendOnlyGuard...apply(connection)), which adds it", e);
      default -> new IllegalStateException("reading the guard's audit table " + AppendOnlyGuard.AUDIT_TABLE
          + " failed: " + e.getMessage() + " (SQLState " + state + ")", e);
    };
  }

  /**
   * A {@code history-writers} warning for a gated run that declares {@code report}'s table (in a history check
   * or a late-write report) when break glass was used on a partition inside its training window: the UTC days
   * from its first to its last training decision time (the run's decision times when it has no training set).
   * A break-glass use that names no partition (a TRUNCATE, a guard trigger disabled, after which writes go
   * unaudited) counts wherever it falls, and so does every use when the run has no decision times.
   */
  public static Check check(GuardAuditReport report) {
    Objects.requireNonNull(report, "report");
    return Check.of("break-glass uses on " + report.table(), context -> {
      BacktestRun run = context.run();
      List<String> declared = Stream.concat(run.inputs(HistoryCheckResult.class).stream()
          .map(HistoryCheckResult::table), run.inputs(LateWriteReport.class).stream().map(LateWriteReport::table))
          .toList();
      if (declared.stream().noneMatch(name -> sameTable(name, report.table()))) {
        return List.of();
      }
      long[] times = run.training().map(t -> t.decisionTimes()).orElse(run.decisionTimes());
      Optional<LocalDate[]> window = times == null || times.length == 0 ? Optional.empty()
          : Optional.of(new LocalDate[] {day(Arrays.stream(times).min().getAsLong()),
              day(Arrays.stream(times).max().getAsLong())});
      List<GuardAuditReport.Use> inside = new ArrayList<>();
      for (GuardAuditReport.Use use : report.breakGlassUses()) {
        List<LocalDate> days = window.isEmpty() ? use.partitions() : use.partitions().stream()
            .filter(d -> !d.isBefore(window.get()[0]) && !d.isAfter(window.get()[1])).toList();
        if (!days.isEmpty() || use.partitions().isEmpty()) {
          inside.add(new GuardAuditReport.Use(use.role(), use.outcome(), use.operation(), use.attempts(), use.rows(), days,
              use.first(), use.last()));
        }
      }
      return inside.isEmpty() ? List.of() : List.of(new BreakGlassUsed(report, window, inside));
    });
  }

  static boolean sameTable(String declared, String audited) {
    return declared.equalsIgnoreCase(audited)
        || !declared.contains(".") && audited.toLowerCase(Locale.ROOT).endsWith("." + declared.toLowerCase(
            Locale.ROOT));
  }

  private static LocalDate day(long epochMillis) {
    return LocalDate.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneOffset.UTC);
  }

  /** Break glass was used on partitions the run trains on. */
  private record BreakGlassUsed(GuardAuditReport report, Optional<LocalDate[]> window,
      List<GuardAuditReport.Use> uses) implements Finding {
    @Override
    public String kind() {
      return HistoryChecks.HISTORY_WRITERS.kind();
    }

    @Override
    public String subject() {
      return report.table();
    }

    @Override
    public Resolution resolution() {
      return Resolution.WARNING;
    }

    @Override
    public Rendering render() {
      List<String> roles = uses.stream().map(GuardAuditReport.Use::role).distinct().toList();
      String span = window.map(w -> "inside this run's training window " + w[0] + ".." + w[1])
          .orElse("(this run has no decision times, so every use counts)");
      List<String> lines = new ArrayList<>();
      lines.add("Break glass was used on " + report.table() + " since " + report.since() + " by "
          + String.join(", ", roles) + ", " + span + ":");
      List<Map<String, Object>> evidence = new ArrayList<>();
      for (GuardAuditReport.Use use : uses) {
        lines.add("  - " + use.describe());
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("role", use.role());
        e.put("operation", use.operation());
        e.put("rows", use.rows());
        e.put("partitions", use.partitions().stream().map(LocalDate::toString).toList());
        e.put("first", use.first().toString());
        e.put("last", use.last().toString());
        evidence.add(e);
      }
      Map<String, Object> all = new LinkedHashMap<>();
      all.put("table", report.table());
      all.put("since", report.since().toString());
      window.ifPresent(w -> all.put("window", List.of(w[0].toString(), w[1].toString())));
      all.put("uses", evidence);
      return new Rendering("Break glass rewrote " + report.table() + " in partitions this run trains on, by "
          + String.join(", ", roles) + ".", lines, "A rewrite of closed history changes what a backtest learns"
          + " from after the fact; if the rewrite carried later knowledge, the lift is borrowed from the future.",
          "Find the change request behind each use (the audit rows are in " + AppendOnlyGuard.AUDIT_TABLE
          + "), check that the rewritten values were known at their valid-from time, and accept the new history"
          + " manifest only then.", all);
    }
  }
}
