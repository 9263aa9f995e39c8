package dev.backtestgate.jdbc;

import static dev.backtestgate.jdbc.PostgresGuardTest.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import dev.backtestgate.alarm.AlarmPoster;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.text.MessageFormat;
import java.time.Duration;
import java.util.ResourceBundle;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The guard's alarm end to end: a real PostgreSQL rejects the cleanup UPDATE, audits it, raises the NOTIFY;
 * HistoryAlarms hears it and AlarmPost delivers the JSON to a local HTTP endpoint.
 */
@ExtendWith(PostgresExtension.class)
@Timeout(120)
class PostgresAlarmTest {
  private static final long WAIT_SECONDS = 60;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HistoryTable TABLE = HistoryTable.of("statuses").withColumns("account", "valid_from", "recorded_at", "status");
  private static PostgresExtension.Database db;

  private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
  private final CaptureLog log = new CaptureLog();
  private HttpServer endpoint;
  private CountDownLatch endpointOpen = new CountDownLatch(0);

  @BeforeAll
  static void roles(PostgresExtension.Database database) throws SQLException {
    db = database;
    db.ensureRoles("app_writer LOGIN", "history_break_glass NOLOGIN", "oncall LOGIN");
    try (Connection connection = db.connect()) {
      execute(connection, "GRANT history_break_glass TO oncall");
    }
  }

  @BeforeEach
  void setUp() throws Exception {
    try (Connection connection = db.connect()) {
      execute(connection, "DROP TABLE IF EXISTS statuses",
          "CREATE TABLE statuses (account text, valid_from timestamptz, recorded_at timestamptz, status text)",
          "INSERT INTO statuses VALUES ('acct-1', now() - interval '30 days', now() - interval '30 days', 'open'),"
              + " (repeat('x', 10000), now() - interval '30 days', now() - interval '30 days', 'open')",
          "GRANT SELECT, INSERT, UPDATE, DELETE ON statuses TO app_writer, history_break_glass");
      AppendOnlyGuard.of(TABLE).breakGlassRole("history_break_glass").apply(connection);
      execute(connection, "TRUNCATE " + AppendOnlyGuard.AUDIT_TABLE);
    }
    endpoint = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    endpoint.createContext("/history", exchange -> {
      try {
        endpointOpen.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      received.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    endpoint.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    endpoint.start();
  }

  @AfterEach
  void stop() {
    endpoint.stop(0);
  }

  private URI url() {
    return URI.create("http://127.0.0.1:" + endpoint.getAddress().getPort() + "/history");
  }

  @Test
  void theCleanupUpdateIsRejectedAuditedNotifiedAndDeliveredToTheEndpoint() throws Exception {
    BlockingQueue<HistoryAlarm> heard = new LinkedBlockingQueue<>();
    try (AlarmPost post = AlarmPost.to(url(), AlarmPoster.Settings.defaults(), log);
        HistoryAlarms alarms = HistoryAlarms.listen(db.connect(),
            HistoryAlarms.logTo(log).andThen(heard::add).andThen(post))) {
      try (Connection app = db.connect("app_writer")) {
        app.createStatement().execute("SET application_name = 'status-cleanup'");
        assertThatThrownBy(() -> execute(app, "UPDATE statuses SET status = 'closed' WHERE account = 'acct-1'"))
            .hasMessageContaining("UPDATE on statuses rejected");
      }
      String body = received.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(body).as("the endpoint got the alarm").isNotNull();
      JsonNode json = JSON.readTree(body);
      assertThat(json.get("table").asText()).isEqualTo("public.statuses");
      assertThat(json.get("role").asText()).isEqualTo("app_writer");
      assertThat(json.get("operation").asText()).isEqualTo("UPDATE");
      assertThat(json.get("outcome").asText()).isEqualTo("rejected");
      assertThat(json.get("break_glass").asBoolean()).isFalse();
      assertThat(json.get("partition").asText()).isEqualTo(partitionOf("acct-1"));
      assertThat(json.get("rows").asInt()).isEqualTo(1);
      assertThat(json.get("entity").asText()).isEqualTo("acct-1");
      assertThat(json.get("application").asText()).isEqualTo("status-cleanup");
      assertThat(json.get("truncated").isNull()).isTrue();
      assertThat(json.get("audit_id").asLong()).isEqualTo(single("SELECT id FROM " + AppendOnlyGuard.AUDIT_TABLE
          + " WHERE session_user_name = 'app_writer' AND outcome = 'rejected' AND partition_day::text = '"
          + partitionOf("acct-1") + "'"));

      HistoryAlarm alarm = heard.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(alarm.json()).isEqualTo(body);
      assertThat(alarm.breakGlass()).isFalse();
      assertThat(alarm.time()).isNotNull();
      assertThat(log.lines.poll(WAIT_SECONDS, TimeUnit.SECONDS)).startsWith("WARNING backtest-gate history alarm,"
          + " rejected: app_writer ran UPDATE on public.statuses in partition " + partitionOf("acct-1") + ", 1 row(s)");
      assertThat(alarms.running()).isTrue();
    }
    assertThat(rows("SELECT status FROM statuses WHERE account = 'acct-1'")).isEqualTo("open");
  }

  @Test
  void aBreakGlassUseIsAnnouncedToo() throws Exception {
    BlockingQueue<HistoryAlarm> heard = new LinkedBlockingQueue<>();
    try (HistoryAlarms alarms = HistoryAlarms.listen(db.connect(), heard::add)) {
      try (Connection oncall = db.connect("oncall")) {
        execute(oncall, "SET backtest_gate.break_glass = 'on'",
            "UPDATE statuses SET status = 'closed' WHERE account = 'acct-1'");
      }
      HistoryAlarm alarm = heard.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(alarm).isNotNull();
      assertThat(alarm.breakGlass()).isTrue();
      assertThat(alarm.role()).isEqualTo("oncall");
      assertThat(alarm.partition()).hasToString(partitionOf("acct-1"));
      assertThat(alarm.describe()).startsWith("break glass: oncall ran UPDATE on public.statuses");
    }
  }

  @Test
  void anUndeclaredInsertBackdatedIntoAClosedDayRaisesTheAlarmWithItsOwner() throws Exception {
    try (Connection connection = db.connect()) {
      AppendOnlyGuard.of(TABLE).breakGlassRole("history_break_glass").owner("payments-data@acme.com")
          .apply(connection);
    }
    BlockingQueue<HistoryAlarm> heard = new LinkedBlockingQueue<>();
    try (HistoryAlarms alarms = HistoryAlarms.listen(db.connect(), heard::add)) {
      try (Connection app = db.connect("app_writer")) {
        execute(app, "SET application_name = 'status-backfill'",
            "INSERT INTO statuses VALUES ('acct-2', now() - interval '20 days', now(), 'DPD90'),"
                + " ('acct-3', now() - interval '20 days', now(), 'DPD90'),"
                + " ('acct-4', now() - interval '20 days', now(), 'open'),"
                + " ('acct-5', now() - interval '1 hour', now(), 'open')");
      }
      HistoryAlarm alarm = heard.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(alarm).as("the backdated insert's alarm").isNotNull();
      assertThat(alarm.operation()).isEqualTo("INSERT");
      assertThat(alarm.outcome()).isEqualTo("backdated");
      assertThat(alarm.breakGlass()).isFalse();
      assertThat(alarm.rows()).as("the closed day's rows, not the open day's").isEqualTo(3L);
      assertThat(alarm.partition()).hasToString(partitionOf("acct-2"));
      assertThat(alarm.role()).isEqualTo("app_writer");
      assertThat(alarm.owner()).isEqualTo("payments-data@acme.com");
      assertThat(JSON.readTree(alarm.json()).get("entity").asText()).isEqualTo("acct-2");
      assertThat(JSON.readTree(alarm.json()).get("application").asText()).isEqualTo("status-backfill");
      assertThat(alarm.describe()).startsWith("backdated into closed history: app_writer ran INSERT on public.statuses"
          + " in partition " + partitionOf("acct-2") + ", 3 row(s) at ")
          .contains(", not declared as corrections; owner payments-data@acme.com; audit row " + alarm.auditId());
      assertThat(alarms.running()).isTrue();
    }
    GuardAuditReport who = GuardAudit.report(db.connect(), "statuses", java.time.Instant.EPOCH);
    assertThat(who.lines()).anySatisfy(line -> assertThat(line).startsWith("  backdated    app_writer INSERT, 1 "
        + "attempt(s), 3 row(s) in partitions " + partitionOf("acct-2")).endsWith(", not declared as corrections"));
  }

  @Test
  void aBackdatedInsertThatRollsBackRaisesNothingAndLeavesNoAuditRow() throws Exception {
    BlockingQueue<HistoryAlarm> heard = new LinkedBlockingQueue<>();
    try (HistoryAlarms alarms = HistoryAlarms.listen(db.connect(), heard::add)) {
      try (Connection app = db.connect("app_writer")) {
        app.setAutoCommit(false);
        execute(app, "INSERT INTO statuses VALUES ('acct-9', now() - interval '20 days', now(), 'DPD90')");
        app.rollback();
        app.setAutoCommit(true);
        assertThatThrownBy(() -> execute(app, "UPDATE statuses SET status = 'closed' WHERE account = 'acct-1'"))
            .hasMessageContaining("UPDATE on statuses rejected");
      }
      // Notifications arrive in commit order: the first one heard is the rejected UPDATE's, so the rolled-back
      // insert raised none.
      HistoryAlarm first = heard.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(first).isNotNull();
      assertThat(first.operation()).isEqualTo("UPDATE");
      assertThat(first.owner()).as("no owner was declared").isNull();
    }
    assertThat(rows("SELECT count(*)::text FROM " + AppendOnlyGuard.AUDIT_TABLE + " WHERE operation = 'INSERT'"))
        .isEqualTo("0");
  }

  @Test
  void declaredCorrectionsIntoAClosedDayAreAuditedPerDayWithoutAnAlarm() throws Exception {
    HistoryTable corrected = HistoryTable.of("corrected_statuses")
        .withColumns("account", "valid_from", "recorded_at", "status").withCorrections(CorrectionColumns.DEFAULTS);
    try (Connection connection = db.connect()) {
      execute(connection, "DROP TABLE IF EXISTS corrected_statuses",
          "CREATE TABLE corrected_statuses (account text, valid_from timestamptz, recorded_at timestamptz,"
              + " status text, event_id bigint, corrects bigint, reason text)",
          "GRANT SELECT, INSERT ON corrected_statuses TO app_writer");
      AppendOnlyGuard.of(corrected).owner("risk-data").apply(connection);
    }
    BlockingQueue<HistoryAlarm> heard = new LinkedBlockingQueue<>();
    try (HistoryAlarms alarms = HistoryAlarms.listen(db.connect(), heard::add)) {
      try (Connection app = db.connect("app_writer")) {
        execute(app, "INSERT INTO corrected_statuses VALUES"
                + " ('acct-1', now() - interval '20 days', now(), 'open', 2, 1, 'KEYING_ERROR'),"
                + " ('acct-2', now() - interval '20 days', now(), 'open', 3, 1, 'KEYING_ERROR')",
            "INSERT INTO corrected_statuses VALUES ('acct-3', now() - interval '20 days', now(), 'DPD90', 4, NULL,"
                + " NULL)");
      }
      HistoryAlarm first = heard.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(first).isNotNull();
      assertThat(first.table()).isEqualTo("public.corrected_statuses");
      assertThat(first.rows()).as("only the undeclared row raised an alarm").isEqualTo(1L);
      assertThat(JSON.readTree(first.json()).get("entity").asText()).isEqualTo("acct-3");
      assertThat(first.owner()).isEqualTo("risk-data");
    }
    assertThat(rows("SELECT string_agg(outcome || ':' || row_count, ',' ORDER BY id) FROM "
        + AppendOnlyGuard.AUDIT_TABLE + " WHERE table_name = 'public.corrected_statuses'"))
        .isEqualTo("declared-correction:2,backdated:1");
  }

  @Test
  void aPayloadOverTheNotifyLimitIsCutAndSaysSo() throws Exception {
    BlockingQueue<HistoryAlarm> heard = new LinkedBlockingQueue<>();
    try (HistoryAlarms alarms = HistoryAlarms.listen(db.connect(), heard::add)) {
      try (Connection app = db.connect("app_writer")) {
        assertThatThrownBy(() -> execute(app, "DELETE FROM statuses WHERE length(account) > 100"))
            .hasMessageContaining("DELETE on statuses rejected");
      }
      HistoryAlarm alarm = heard.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      assertThat(alarm).isNotNull();
      assertThat(alarm.json().getBytes(StandardCharsets.UTF_8).length).isLessThan(8000);
      assertThat(alarm.truncated()).contains("over PostgreSQL's 8000-byte NOTIFY limit")
          .contains("cut to 200 characters").contains("row id " + alarm.auditId() + " of backtest_gate.write_attempts");
      assertThat(JSON.readTree(alarm.json()).get("entity").asText()).isEqualTo("x".repeat(200));
    }
    assertThat(rows("SELECT length(entity)::text FROM " + AppendOnlyGuard.AUDIT_TABLE)).isEqualTo("10000");
  }

  @Test
  void aSlowEndpointBlocksNeitherTheListenerNorTheDatabase() throws Exception {
    endpointOpen = new CountDownLatch(1);
    BlockingQueue<HistoryAlarm> heard = new LinkedBlockingQueue<>();
    try (AlarmPost post = AlarmPost.to(url(), AlarmPoster.Settings.defaults(), log);
        HistoryAlarms alarms = HistoryAlarms.listen(db.connect(), post.andThen(heard::add))) {
      try (Connection app = db.connect("app_writer")) {
        for (int i = 0; i < 2; i++) {
          assertThatThrownBy(() -> execute(app, "UPDATE statuses SET status = 'closed' WHERE account = 'acct-1'"))
              .hasMessageContaining("rejected");
        }
      }
      // both alarms pass the post callback while the endpoint still holds the first request
      assertThat(heard.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isNotNull();
      assertThat(heard.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isNotNull();
      assertThat(received).isEmpty();
      endpointOpen.countDown();
      assertThat(received.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isNotNull();
      assertThat(received.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isNotNull();
    }
  }

  @Test
  void anUnreachableEndpointIsRetriedLoggedAndGivenUp() throws Exception {
    endpoint.stop(0);
    HistoryAlarm alarm = HistoryAlarm.parse("{\"table\":\"public.statuses\",\"role\":\"app_writer\","
        + "\"operation\":\"UPDATE\",\"outcome\":\"rejected\",\"break_glass\":false,\"partition\":\"2026-11-04\",\"rows\":1,"
        + "\"time\":\"2026-12-04T10:00:00Z\",\"audit_id\":7}");
    AlarmPoster.Settings settings = AlarmPoster.Settings.defaults().retries(3, Duration.ofMillis(1))
        .timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5));
    try (AlarmPost post = AlarmPost.to(url(), settings, log)) {
      assertThat(post.post(alarm).get(WAIT_SECONDS, TimeUnit.SECONDS)).isFalse();
      assertThat(post.pending()).isZero();
    }
    assertThat(log.lines).hasSize(3);
    assertThat(log.lines.poll()).startsWith("WARNING history alarm post to " + url()).contains("(attempt 1 of 3)")
        .contains("retrying in 1 ms");
    assertThat(log.lines.poll()).contains("(attempt 2 of 3)").contains("retrying in 2 ms");
    assertThat(log.lines.poll()).startsWith("ERROR history alarm NOT delivered to " + url() + " after 3 attempt(s)")
        .contains("app_writer ran UPDATE on public.statuses in partition 2026-11-04")
        .contains("audit row 7 of backtest_gate.write_attempts");
  }

  @Test
  void silencingTheAlarmTriggerIsRejected() throws SQLException {
    try (Connection admin = db.connect()) {
      assertThatThrownBy(() -> execute(admin, "ALTER TABLE " + AppendOnlyGuard.AUDIT_TABLE + " DISABLE TRIGGER "
          + AppendOnlyGuard.ALARM_TRIGGER)).hasMessageContaining("DISABLE TRIGGER backtest_gate_alarm on"
          + " backtest_gate.write_attempts rejected");
    }
    assertThat(rows("SELECT tgenabled::text FROM pg_trigger WHERE tgname = '" + AppendOnlyGuard.ALARM_TRIGGER + "'"))
        .isEqualTo("O");
  }

  @Test
  void badSettingsAndPayloadsAreRefusedByName() {
    assertThatThrownBy(() -> AlarmPost.to(URI.create("ftp://alerts.example/x")))
        .hasMessageContaining("must be an absolute http or https URL").hasMessageContaining("ftp://alerts.example/x");
    assertThatThrownBy(() -> AlarmPoster.Settings.defaults().retries(0, Duration.ZERO))
        .hasMessageContaining("attempts must be between 1 and 100, got 0");
    assertThatThrownBy(() -> AlarmPoster.Settings.defaults().timeouts(Duration.ZERO, Duration.ofSeconds(1)))
        .hasMessageContaining("connectTimeout must be positive");
    assertThatThrownBy(() -> HistoryAlarm.parse("{\"hello\":1}"))
        .hasMessageContaining("is not an alarm of the append-only guard").hasMessageContaining("{\"hello\":1}");
  }

  @Test
  void aConnectionOfAnotherDriverIsRefused() throws SQLException {
    try (Connection duck = java.sql.DriverManager.getConnection("jdbc:duckdb:")) {
      assertThatThrownBy(() -> HistoryAlarms.listen(duck, alarm -> { })).hasMessageContaining("are for PostgreSQL");
    }
  }

  private static String partitionOf(String account) throws SQLException {
    return rows("SELECT ((valid_from AT TIME ZONE 'UTC')::date)::text FROM statuses WHERE account = '" + account + "'");
  }

  private static long single(String sql) throws SQLException {
    return Long.parseLong(rows(sql));
  }

  private static String rows(String sql) throws SQLException {
    try (Connection connection = db.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      assertThat(rows.next()).as(sql).isTrue();
      String value = rows.getString(1);
      assertThat(rows.next()).as("one row from " + sql).isFalse();
      return value;
    }
  }

  /** A System.Logger that keeps each line as "LEVEL message". */
  static final class CaptureLog implements System.Logger {
    final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    @Override
    public String getName() {
      return "capture";
    }

    @Override
    public boolean isLoggable(Level level) {
      return level.getSeverity() >= Level.INFO.getSeverity();
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
      if (isLoggable(level)) {
        lines.add(level.getName() + " " + message);
      }
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
      log(level, bundle, params == null || params.length == 0 ? format : MessageFormat.format(format, params),
          (Throwable) null);
    }
  }
}
