package dev.backtestgate.jdbc;

import static dev.backtestgate.jdbc.PostgresGuardTest.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.CheckContext;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.PartitionGranularity;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Who did: the guard's audit read back per role, beside who can, and as a warning in a gated run. */
@ExtendWith(PostgresExtension.class)
class PostgresGuardAuditTest {
  private static final HistoryTable TABLE = HistoryTable.of("balances").withColumns("customer", "valid_from", "recorded_at", "balance");
  private static PostgresExtension.Database db;
  private static LocalDate closedDay;
  private static Instant quarterStart;

  @BeforeAll
  static void roles(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("app_writer LOGIN", "history_break_glass NOLOGIN", "oncall LOGIN");
    try (Connection connection = db.connect()) {
      execute(connection, "GRANT history_break_glass TO oncall");
    }
  }

  @BeforeEach
  void table() throws SQLException {
    try (Connection connection = db.connect()) {
      execute(connection, "DROP TABLE IF EXISTS balances",
          "CREATE TABLE balances (customer bigint, valid_from timestamptz, recorded_at timestamptz, balance float8)",
          "INSERT INTO balances VALUES (1, now() - interval '30 days', now() - interval '30 days', 10),"
              + " (2, now() - interval '31 days', now() - interval '31 days', 20)",
          "GRANT SELECT, UPDATE ON balances TO app_writer, history_break_glass");
      AppendOnlyGuard.of(TABLE).breakGlassRole("history_break_glass").apply(connection);
      execute(connection, "TRUNCATE " + AppendOnlyGuard.AUDIT_TABLE);
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT ((valid_from AT TIME ZONE 'UTC')::date)::text,"
              + " date_trunc('quarter', now(), 'UTC') FROM balances WHERE customer = 1")) {
        rows.next();
        closedDay = LocalDate.parse(rows.getString(1));
        quarterStart = rows.getObject(2, java.time.OffsetDateTime.class).toInstant();
      }
    }
    try (Connection app = db.connect("app_writer"); Connection oncall = db.connect("oncall")) {
      assertThatThrownBy(() -> execute(app, "UPDATE balances SET balance = 0")).hasMessageContaining("rejected");
      execute(oncall, "SET backtest_gate.break_glass = 'on'", "UPDATE balances SET balance = balance + 1");
    }
  }

  @Test
  void theReportNamesTheRoleThatUsedBreakGlassThisQuarter() throws SQLException {
    GuardAuditReport report;
    try (Connection connection = db.connect()) {
      report = GuardAudit.report(connection, "balances", quarterStart);
    }
    assertThat(report.table()).isEqualTo("public.balances");
    assertThat(report.breakGlassRoles()).containsExactly("oncall");
    assertThat(report.uses()).hasSize(2);
    GuardAuditReport.Use glass = report.breakGlassUses().get(0);
    assertThat(glass.operation()).isEqualTo("UPDATE");
    assertThat(glass.attempts()).isEqualTo(2);
    assertThat(glass.rows()).isEqualTo(2);
    assertThat(glass.partitions()).containsExactly(closedDay.minusDays(1), closedDay);
    assertThat(report.lines()).hasSize(4);
    assertThat(report.lines().get(3)).isEqualTo("  Standing risk: superuser postgres can rewrite closed history with no "
        + "audit row (SET session_replication_role = replica skips every trigger, the guard's included); no grant "
        + "prevents it: keep superuser logins for emergencies, and log them.");
    assertThat(report.lines().get(0)).isEqualTo("Who wrote or tried to write closed history of public.balances since "
        + quarterStart + " (from backtest_gate.write_attempts):");
    assertThat(report.lines()).anySatisfy(line -> assertThat(line).startsWith("  rejected     app_writer UPDATE,"
        + " 1 attempt(s), 1 row(s) in partitions"));
    assertThat(report.lines()).anySatisfy(line -> assertThat(line).startsWith("  break glass  oncall UPDATE,"
        + " 2 attempt(s), 2 row(s) in partitions " + closedDay.minusDays(1) + ".." + closedDay + ", "));
    try (Connection connection = db.connect()) {
      assertThat(GuardAudit.report(connection, "public.balances", Instant.now().plusSeconds(3600)).uses()).isEmpty();
    }
  }

  @Test
  void theGrantsAuditPrintsWhoDidBesideWhoCan() throws SQLException {
    GrantsReport grants;
    try (Connection connection = db.connect()) {
      grants = GrantsAudit.of("balances").breakGlassRole("history_break_glass").attemptsSince(quarterStart)
          .run(connection);
    }
    String summary = grants.summary();
    assertThat(summary).contains("FAIL  app_writer can UPDATE balances (granted directly)")
        .contains("Who wrote or tried to write closed history of public.balances since " + quarterStart)
        .contains("  break glass  oncall UPDATE, 2 attempt(s)")
        .contains("  rejected     app_writer UPDATE, 1 attempt(s)");
    assertThat(summary.indexOf("can UPDATE")).isLessThan(summary.indexOf("Who wrote"));
    assertThat(grants.attempts()).singleElement().satisfies(r -> {
      assertThat(r.superusers()).contains(PostgresServer.SUPERUSER);
      assertThat(r.lines()).last().asString().startsWith("  Standing risk: superuser")
          .contains("session_replication_role = replica");
    });
    assertThat(grants.attempts()).singleElement().satisfies(r -> assertThat(r.breakGlassRoles()).containsExactly("oncall"));
  }

  @Test
  void aRunThatDeclaresTheTableIsWarnedOfBreakGlassInsideItsTrainingWindow() throws SQLException {
    GuardAuditReport report;
    try (Connection connection = db.connect()) {
      report = GuardAudit.report(connection, "balances", quarterStart);
    }
    List<Finding> inside = findings(report, "balances", closedDay.minusDays(5), closedDay.plusDays(5));
    assertThat(inside).singleElement().satisfies(finding -> {
      assertThat(finding.kind()).isEqualTo("history-writers");
      assertThat(finding.resolution()).isEqualTo(Finding.Resolution.WARNING);
      assertThat(finding.render().headline()).isEqualTo("Break glass rewrote public.balances in partitions this run"
          + " trains on, by oncall.");
      assertThat(finding.render().lines().get(0)).contains("inside this run's training window "
          + closedDay.minusDays(5) + ".." + closedDay.plusDays(5));
    });
    assertThat(findings(report, "balances", closedDay.plusDays(1), closedDay.plusDays(9)))
        .as("break glass outside the window").isEmpty();
    assertThat(findings(report, "other_table", closedDay.minusDays(5), closedDay.plusDays(5)))
        .as("a run that does not declare the table").isEmpty();
  }

  @Test
  void aMissingOrUnreadableAuditTableIsNamedWithTheFix() throws SQLException {
    String bare = db.server().createDatabase("noguard");
    try (Connection connection = db.server().connect(bare, PostgresServer.SUPERUSER)) {
      execute(connection, "CREATE TABLE balances (customer bigint)");
      assertThatThrownBy(() -> GuardAudit.report(connection, "balances", quarterStart))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("the guard's audit table backtest_gate.write_attempts does not exist on this database")
          .hasMessageContaining("apply the guard as a superuser");
    }
    try (Connection app = db.connect("app_writer")) {
      assertThatThrownBy(() -> GuardAudit.report(app, "balances", quarterStart))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("role app_writer may not read the guard's audit table backtest_gate.write_attempts")
          .hasMessageContaining("GRANT SELECT ON backtest_gate.write_attempts TO app_writer");
    }
    try (Connection connection = db.connect()) {
      assertThatThrownBy(() -> GuardAudit.report(connection, "no_such_table", quarterStart))
          .hasMessageContaining("table 'no_such_table' does not exist").hasMessageContaining("public.no_such_table");
    }
  }

  private static List<Finding> findings(GuardAuditReport report, String declared, LocalDate from, LocalDate to) {
    long start = from.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    long end = to.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    int n = 100;
    boolean[] labels = new boolean[n];
    double[] scores = new double[n];
    double[] baseline = new double[n];
    long[] decided = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i % 2 == 0;
      scores[i] = i / (double) n;
      baseline[i] = (n - i) / (double) n;
      decided[i] = start + (end - start) * i / (n - 1);
    }
    BacktestRun run = BacktestRun.builder("com.acme.BalancesBacktest#model").labels(labels).candidate("c", scores)
        .baseline("b", baseline).decisionTimes(decided).timelessFeature("region", "static")
        .input(new HistoryCheckResult(declared, PartitionGranularity.DAY, to, 10, List.of()))
        .check(GuardAudit.check(report)).build();
    return List.copyOf(GuardAudit.check(report).run(new CheckContext(run, GatePolicy.defaults(), Optional.empty(),
        Instant.now())));
  }
}
