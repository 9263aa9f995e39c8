package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What reaches the alarm's listener and the guard's SQL from outside: any role may NOTIFY the guard's channel, and
 * table and column names are spliced into DDL. A payload that is not the guard's is refused naming what is wrong and
 * who to look for; a name that is not a plain SQL name never reaches SQL.
 */
class HostileAlarmPayloadTests {
  private static final String VALID = "{\"table\":\"public.statuses\",\"role\":\"app_writer\",\"operation\":\"UPDATE\","
      + "\"outcome\":\"rejected\",\"partition\":\"2026-11-04\",\"rows\":1,\"time\":\"2026-12-04T10:00:00Z\","
      + "\"audit_id\":7}";

  static Stream<Arguments> payloads() {
    return Stream.of(
        Arguments.of("not JSON", "status changed", "Unrecognized token"),
        Arguments.of("an array", "[" + VALID + "]", "not a JSON object"),
        Arguments.of("an empty object", "{}", "got table=null"),
        Arguments.of("no outcome", VALID.replace("\"outcome\":\"rejected\",", ""), "outcome=null"),
        Arguments.of("no time", VALID.replace(",\"time\":\"2026-12-04T10:00:00Z\"", ""), "time=null"),
        Arguments.of("a partition that is no day", VALID.replace("2026-11-04", "2026-02-30"), "2026-02-30"),
        Arguments.of("a time without a zone", VALID.replace("2026-12-04T10:00:00Z", "2026-12-04 10:00"),
            "2026-12-04 10:00"),
        Arguments.of("JSON null", "null", "not a JSON object"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("payloads")
  void aNotificationThatIsNotTheGuardsIsRefusedNamingIt(String what, String payload, String detail) {
    assertThatThrownBy(() -> HistoryAlarm.parse(payload)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the notification on backtest_gate_history is not an alarm of the append-only guard")
        .hasMessageContaining(detail)
        .hasMessageContaining("whatever sent this is not the guard, so look at who runs NOTIFY on this channel");
  }

  @ParameterizedTest(name = "a payload of {0} characters is shown cut to 300")
  @MethodSource("longPayloads")
  void aLongForgedPayloadIsShownCut(int length) {
    String payload = "x".repeat(length);
    assertThatThrownBy(() -> HistoryAlarm.parse(payload)).hasMessageContaining("x".repeat(300) + "...")
        .hasMessageNotContaining("x".repeat(301));
  }

  static Stream<Integer> longPayloads() {
    return Stream.of(301, 8_000);
  }

  static Stream<Arguments> names() {
    return Stream.of(
        Arguments.of("statuses; DROP TABLE statuses", "table name 'statuses; DROP TABLE statuses' is not a plain SQL name"),
        Arguments.of("\"statuses\"", "is not a plain SQL name"),
        Arguments.of("Statuses", "a table created as Status_Events is status_events"),
        Arguments.of("a.b.c", "table name in 'a.b.c' 'b.c' is not a plain SQL name"),
        Arguments.of(".statuses", "schema name in '.statuses' '' is not a plain SQL name"),
        Arguments.of("public.", "table name in 'public.' '' is not a plain SQL name"),
        Arguments.of("x".repeat(64), "at most 63"),
        Arguments.of("1statuses", "not starting with a digit"),
        Arguments.of("stat\u0000uses", "is not a plain SQL name"),
        Arguments.of("statüses", "is not a plain SQL name"));
  }

  @ParameterizedTest(name = "table {0}")
  @MethodSource("names")
  void aTableNameThatIsNotAPlainSqlNameNeverReachesSql(String table, String message) {
    assertThatThrownBy(() -> HistoryTable.of(table)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
    assertThatThrownBy(() -> GrantsAudit.of(table)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @ParameterizedTest(name = "break-glass role {0}")
  @MethodSource("roles")
  void aBreakGlassRoleThatIsNotAPlainNameIsRefused(String role) {
    HistoryTable table = HistoryTable.of("statuses").withColumns("account", "valid_from", "recorded_at", "status");
    assertThatThrownBy(() -> AppendOnlyGuard.of(table).breakGlassRole(role))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("break-glass role");
  }

  static Stream<String> roles() {
    return Stream.of("oncall' OR 'a'='a", "OnCall", "pg_read_all_data; --");
  }

  @org.junit.jupiter.api.Test
  void theValidPayloadParsesSoEveryCaseAboveCanFail() {
    HistoryAlarm alarm = HistoryAlarm.parse(VALID);
    assertThat(alarm.outcome()).isEqualTo("rejected");
    assertThat(alarm.owner()).isNull();
  }
}
