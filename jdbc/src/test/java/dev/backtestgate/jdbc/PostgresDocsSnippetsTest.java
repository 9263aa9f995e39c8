package dev.backtestgate.jdbc;

import static dev.backtestgate.jdbc.PostgresGuardTest.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.time.EntityDictionary;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.Spine;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snippets of docs/jdbc.md and docs/drill.md on the test server: the seed story's {@code statement_status} (40
 * accounts, a statement a month of 2024 with legacy codes, each recorded the day after), the ETL role that may
 * UPDATE it, and an on-call role with break glass.
 */
@ExtendWith(PostgresExtension.class)
class PostgresDocsSnippetsTest {
  private static final long WAIT_SECONDS = 30;
  private static final String CLEANUP = "UPDATE statement_status SET status = 'DPD30' WHERE status IN ('D1', '30')";
  private static PostgresExtension.Database db;

  @TempDir
  Path project;

  private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
  private HttpServer endpoint;

  @BeforeAll
  static void roles(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("risk_etl LOGIN", "history_break_glass NOLOGIN", "oncall LOGIN");
    try (Connection connection = db.connect()) {
      execute(connection, "GRANT history_break_glass TO oncall");
    }
  }

  @BeforeEach
  void story() throws SQLException {
    try (Connection connection = db.connect()) {
      execute(connection, "DROP SCHEMA IF EXISTS " + AppendOnlyGuard.SCHEMA + " CASCADE",
          "DROP VIEW IF EXISTS statement_status_current", "DROP TABLE IF EXISTS statement_status",
          "CREATE TABLE statement_status (account_id bigint NOT NULL, statement_at timestamptz NOT NULL,"
              + " recorded_at timestamptz NOT NULL, status text)",
          "INSERT INTO statement_status SELECT a, s, s + interval '1 day',"
              + " (ARRAY['CURRENT', 'CURRENT', 'D1', '30', 'H', 'REVIEW', 'DPD90'])[1 + (a * 7 + m * 13) % 7]"
              + " FROM generate_series(1, 40) a, generate_series(0, 11) m,"
              + " LATERAL (SELECT TIMESTAMPTZ '2024-01-28 00:00:00+00' + m * interval '1 month') t(s)",
          "GRANT SELECT, INSERT, UPDATE ON statement_status TO risk_etl, history_break_glass");
    }
  }

  @AfterEach
  void stopEndpoint() {
    if (endpoint != null) {
      endpoint.stop(0);
    }
  }

  @Test
  void stepOneTheGuardRefusesTheCleanupUpdate() throws SQLException {
    try (Connection connection = db.connect()) {
      // tag::guard[]
      HistoryTable status = HistoryTable.of("statement_status")
          .withColumns("account_id", "statement_at", "recorded_at", "status");
      AppendOnlyGuard.of(status)
          .closedAfterDays(7)                       // the default
          .breakGlassRole("history_break_glass")    // optional; create the role first (NOLOGIN)
          .owner("risk-data@acme.com")              // optional; every alarm of this table carries it, for routing
          .apply(connection);                       // or print guard.ddl(connection) and run it through your migrations
      // end::guard[]
    }

    assertThat(rejectedCleanup()).contains("UPDATE on statement_status rejected");
  }

  @Test
  void stepTwoTheGrantsAuditNamesTheEtlRole() throws SQLException {
    try (Connection connection = db.connect()) {
      guard(connection);
      // tag::grants[]
      GrantsReport report = GrantsAudit.of("statement_status").breakGlassRole("history_break_glass").run(connection);
      System.out.println(report.summary());   // each role, right and source; the REVOKE and GRANT that fix it
      // end::grants[]

      assertThat(report.offendingRoles()).containsExactly("risk_etl");
      assertThat(report.summary()).contains("REVOKE UPDATE, DELETE, TRUNCATE ON statement_status FROM risk_etl;");
    }
  }

  @Test
  void stepThreeAManifestIsProposedCommittedAndChecked() throws SQLException, IOException {
    HistoryTable status = HistoryTable.of("statement_status")
        .withColumns("account_id", "statement_at", "recorded_at", "status");
    try (Connection connection = db.connect()) {
      // tag::propose[]
      HistoryManifest proposed = SqlHistory.manifest(connection, status, PartitionGranularity.DAY,
          Instant.now().minus(Duration.ofDays(7)));
      proposed.writeProposed(project.resolve("target/backtest-gate"), project.resolve("history/statement_status.json"));
      // end::propose[]
      Files.createDirectories(project.resolve("history"));
      Files.copy(project.resolve("target/backtest-gate/history-manifests/statement_status.json"),
          project.resolve("history/statement_status.json"));
      execute(connection, "INSERT INTO statement_status VALUES (1, TIMESTAMPTZ '2024-03-28 00:00:00+00', now(), 'DPD30')");
      // tag::check[]
      HistoryCheckResult result = SqlHistory.check(connection,
          HistoryManifest.read(project.resolve("history/statement_status.json")), status);
      LateWriteReport late = SqlHistory.lateWrites(connection, status, Duration.ofDays(7));
      // end::check[]

      assertThat(proposed.partitions()).hasSize(12);
      assertThat(result.clean()).as("an appended row changes no closed partition").isTrue();
      assertThat(late.lateEvents()).isEqualTo(1);
    }
  }

  @Test
  void readingEventLogsAndSpines() throws SQLException {
    OffsetDateTime from = OffsetDateTime.parse("2024-03-01T00:00:00Z");
    try (Connection connection = db.connect()) {
      execute(connection, "DROP TABLE IF EXISTS balances, status_events, applications",
          "CREATE TABLE balances (customer_id bigint, region text, valid_from timestamptz, recorded_at timestamptz,"
              + " balance float8)",
          "INSERT INTO balances VALUES (7, 'EU', '2024-03-01 00:00+00', '2024-03-01 01:00+00', 120.5),"
              + " (8, 'US', '2024-03-01 00:00+00', '2024-03-01 01:00+00', -3),"
              + " (7, 'EU', '2024-03-02 00:00+00', '2024-03-02 05:00+00', 95)",
          "CREATE TABLE status_events (entity bigint, valid_from timestamptz, recorded_at timestamptz, value text)",
          "INSERT INTO status_events VALUES (7, '2024-03-01 00:00+00', '2024-03-01 00:00+00', 'open')",
          "CREATE TABLE applications (customer text, decided_at timestamptz)",
          "INSERT INTO applications VALUES ('alice', '2024-03-03 00:00+00'), ('bob', '2024-02-01 00:00+00'),"
              + " ('carol', '2024-03-04 00:00+00')");
      // tag::reading[]
      EventLog balance = EventLogQuery.numeric("balance")
          .sql("SELECT customer_id, valid_from, recorded_at, balance FROM balances WHERE region = ?", "EU")
          .columns("customer_id", "valid_from", "recorded_at", "balance")
          .read(connection);

      EventLog status = EventLogQuery.categorical(HistoryTable.of("status_events")).read(connection);

      EntityDictionary customers = new EntityDictionary();      // text keys -> ids, shared by spine and logs
      Spine spine = SpineQuery.sql("SELECT customer, decided_at FROM applications WHERE decided_at >= ?", from)
          .columns("customer", "decided_at")
          .entities(customers)
          .read(connection);
      // end::reading[]

      assertThat(balance.size()).isEqualTo(2);
      assertThat(status.size()).isEqualTo(1);
      assertThat(spine.size()).isEqualTo(2);
      assertThat(customers.idOf("alice")).isEqualTo(spine.entity()[0]);
    }
  }

  @Test
  void declaredCorrectionsAreReadWithTheTable() throws SQLException {
    try (Connection connection = db.connect()) {
      execute(connection, "DROP TABLE statement_status", CorrectionsContract.documentedDdl(),
          "INSERT INTO statement_status (account_id, statement_at, recorded_at, status) SELECT a,"
              + " TIMESTAMPTZ '2024-01-28 00:00:00+00', TIMESTAMPTZ '2024-01-29 00:00:00+00',"
              + " (ARRAY['CURRENT', 'D1', '30'])[1 + a % 3] FROM generate_series(1, 30) a",
          // the documented cleanup, as appends
          "INSERT INTO statement_status (account_id, statement_at, status, corrects, reason)"
              + " SELECT account_id, statement_at, 'DPD30', event_id, 'status-remap'"
              + " FROM statement_status WHERE status IN ('D1', '30')");
      // tag::corrections[]
      HistoryTable status = HistoryTable.of("statement_status")
          .withColumns("account_id", "statement_at", "recorded_at", "status")
          .withCorrections(CorrectionColumns.DEFAULTS);          // event_id, corrects, reason; or your names
      EventLog log = EventLogQuery.categorical(status).read(connection);
      LateWriteReport late = SqlHistory.lateWrites(connection, status, Duration.ofDays(7));
      // end::corrections[]

      assertThat(log.size()).isEqualTo(50);
      assertThat(late.undeclared()).isFalse();
      assertThat(late.declaredCorrections()).isEqualTo(20);
    }
  }

  @Test
  void theDrillsListenerDeliversTheRefusedWriteToTheOwnersEndpoint() throws Exception {
    try (Connection connection = db.connect()) {
      guard(connection);
    }
    URI alerts = endpoint();
    String url = db.server().url(db.name());
    String user = PostgresServer.SUPERUSER;
    String password = "";
    // tag::drill-listen[]
    AlarmPost post = AlarmPost.to(alerts);              // e.g. URI.create("https://alerts.example/history")
    HistoryAlarms alarms = HistoryAlarms.listen(DriverManager.getConnection(url, user, password),
        HistoryAlarms.logTo(System.getLogger("history")).andThen(post));
    // end::drill-listen[]
    try {
      assertThat(rejectedCleanup()).contains("rejected");
      assertThat(received.poll(WAIT_SECONDS, TimeUnit.SECONDS)).as("the alarm posted to the endpoint")
          .contains("\"table\" : \"public.statement_status\"", "\"role\" : \"risk_etl\"", "\"operation\" : \"UPDATE\"");
    } finally {
      alarms.close();
      post.close();
    }
  }

  @Test
  void theListenerStopsOnShutdown() throws Exception {
    URI alerts = endpoint();
    String url = db.server().url(db.name());
    String user = PostgresServer.SUPERUSER;
    String password = "";
    // tag::alarm[]
    AlarmPost post = AlarmPost.to(alerts);              // e.g. URI.create("https://alerts.example/history")
    HistoryAlarms alarms = HistoryAlarms.listen(DriverManager.getConnection(url, user, password),
        HistoryAlarms.logTo(System.getLogger("history")).andThen(post));
    // ... on shutdown
    alarms.close();   // stops listening, closes the connection
    post.close();
    // end::alarm[]

    assertThat(alarms.running()).isFalse();
    assertThat(alarms.failure()).isEmpty();
    assertThat(post.pending()).isZero();
  }

  @Test
  void theDrillAsksWhoCouldAndWhoDid() throws SQLException {
    Instant quarterStart = quarterStart();
    try (Connection connection = db.connect()) {
      guard(connection);
      rejectedCleanup();
      // tag::drill-audit[]
      System.out.println(GrantsAudit.of("statement_status").breakGlassRole("history_break_glass").run(connection).summary());
      GuardAudit.report(connection, "statement_status", quarterStart).lines().forEach(System.out::println);
      // end::drill-audit[]

      assertThat(GuardAudit.report(connection, "statement_status", quarterStart).lines())
          .anySatisfy(line -> assertThat(line).startsWith("  rejected     risk_etl UPDATE,"));
    }
  }

  @Test
  void whoDidNamesTheBreakGlassRole() throws SQLException {
    Instant quarterStart = quarterStart();
    try (Connection connection = db.connect()) {
      guard(connection);
    }
    try (Connection oncall = db.connect("oncall")) {
      execute(oncall, "SET " + AppendOnlyGuard.BREAK_GLASS_SETTING + " = 'on'",
          "UPDATE statement_status SET status = 'CURRENT' WHERE account_id = 1 AND status = 'H'");
    }
    rejectedCleanup();
    try (Connection connection = db.connect()) {
      // tag::who-did[]
      GuardAuditReport did = GuardAudit.report(connection, "statement_status", quarterStart);
      did.breakGlassRoles();                      // [oncall]
      did.lines().forEach(System.out::println);
      // end::who-did[]

      assertThat(did.breakGlassRoles()).containsExactly("oncall");
      assertThat(did.lines()).anySatisfy(line -> assertThat(line).startsWith("  break glass  oncall UPDATE,"))
          .anySatisfy(line -> assertThat(line).startsWith("  rejected     risk_etl UPDATE,"));
    }
  }

  @Test
  void theDrillsGuardRefusesTheCleanupAndKeepsTheAttempt() throws SQLException {
    try (Connection connection = db.connect()) {
      // tag::drill-guard[]
      AppendOnlyGuard.of(HistoryTable.of("statement_status")
              .withColumns("account_id", "statement_at", "recorded_at", "status"))
          .breakGlassRole("history_break_glass")
          .apply(connection);
      // end::drill-guard[]
    }

    assertThat(rejectedCleanup()).contains("UPDATE on statement_status rejected");
    try (Connection connection = db.connect(); var statement = connection.createStatement();
        var rows = statement.executeQuery("SELECT session_user_name || ' ' || operation || ' ' || outcome FROM "
            + AppendOnlyGuard.AUDIT_TABLE)) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getString(1)).as("the audit row survives the rejection").isEqualTo("risk_etl UPDATE rejected");
    }
  }

  private static void guard(Connection connection) throws SQLException {
    AppendOnlyGuard.of(HistoryTable.of("statement_status")
        .withColumns("account_id", "statement_at", "recorded_at", "status"))
        .breakGlassRole("history_break_glass").apply(connection);
  }

  /** The ETL role's in-place cleanup of closed months; returns the message it is refused with. */
  private static String rejectedCleanup() throws SQLException {
    try (Connection etl = db.connect("risk_etl")) {
      SQLException refused = catchThrowableOfType(SQLException.class,
          () -> execute(etl, CLEANUP));
      assertThat((Throwable) refused).as("the guard refuses the cleanup").isNotNull();
      return refused.getMessage();
    }
  }

  private static Instant quarterStart() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    return today.withDayOfMonth(1).withMonth(1 + (today.getMonthValue() - 1) / 3 * 3).atStartOfDay(ZoneOffset.UTC)
        .toInstant();
  }

  private URI endpoint() throws IOException {
    endpoint = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    endpoint.createContext("/history", exchange -> {
      received.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    endpoint.setExecutor(Executors.newCachedThreadPool());
    endpoint.start();
    return URI.create("http://127.0.0.1:" + endpoint.getAddress().getPort() + "/history");
  }
}
