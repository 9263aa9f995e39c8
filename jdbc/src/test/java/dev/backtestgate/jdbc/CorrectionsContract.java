package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.history.HistoryChecks;
import dev.backtestgate.history.LateWritePolicy;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Declared corrections in a database, the same on every one; subclasses create the table of docs/jdbc.md (the
 * documented DDL on PostgreSQL) and supply a connection. The story: 40 accounts with six monthly statements of
 * 2024 and legacy codes, and a cleanup a year later that maps the codes to canonical names.
 */
abstract class CorrectionsContract {
  static final HistoryTable STATUS = HistoryTable.of("statement_status")
      .withColumns("account_id", "statement_at", "recorded_at", "status")
      .withCorrections(CorrectionColumns.DEFAULTS);
  static final OffsetDateTime FIRST = OffsetDateTime.parse("2024-01-28T00:00:00Z");
  private static final String[] CODES = {"CURRENT", "CURRENT", "D1", "30", "H", "REVIEW", "DPD90"};

  private Connection connection;
  private int legacy;

  abstract Connection open() throws SQLException;

  /** Creates {@code statement_status} and the view {@code statement_status_current}, as docs/jdbc.md shows. */
  abstract void createTable(Connection connection) throws SQLException;

  @BeforeEach
  void story() throws SQLException {
    connection = open();
    execute(connection, "DROP VIEW IF EXISTS statement_status_current", "DROP TABLE IF EXISTS statement_status");
    createTable(connection);
    try (PreparedStatement insert = connection.prepareStatement(
        "INSERT INTO statement_status (account_id, statement_at, recorded_at, status) VALUES (?, ?, ?, ?)")) {
      for (int month = 0; month < 6; month++) {
        for (int account = 1; account <= 40; account++) {
          OffsetDateTime statement = FIRST.plusMonths(month);
          String code = CODES[(account * 7 + month * 13) % CODES.length];
          legacy += List.of("D1", "30", "H", "REVIEW").contains(code) ? 1 : 0;
          insert.setLong(1, account);
          insert.setObject(2, statement);
          insert.setObject(3, statement.plusDays(1));
          insert.setString(4, code);
          insert.addBatch();
        }
      }
      insert.executeBatch();
    }
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  /** The cleanup as declared corrections, recorded on one day a year later: appends that say what they fix. */
  private int declaredCleanup() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      int remapped = statement.executeUpdate("INSERT INTO statement_status (account_id, statement_at, recorded_at,"
          + " status, corrects, reason) SELECT account_id, statement_at, TIMESTAMPTZ '2025-02-03 10:00:00+00',"
          + " CASE WHEN status IN ('D1', '30') THEN 'DPD30' ELSE 'CURRENT' END, event_id, 'status-remap'"
          + " FROM statement_status WHERE status IN ('D1', '30', 'H', 'REVIEW')");
      int typos = statement.executeUpdate("INSERT INTO statement_status (account_id, statement_at, recorded_at,"
          + " status, corrects, reason) SELECT account_id, statement_at, TIMESTAMPTZ '2025-02-04 10:00:00+00',"
          + " 'DPD60', event_id, 'typo' FROM statement_status WHERE status = 'DPD90' AND account_id <= 10"
          + " AND corrects IS NULL");
      return remapped + typos;
    }
  }

  @Test
  void theCleanupAsDeclaredCorrectionsPassesAndIsListedByReasonCode() throws SQLException {
    int appended = declaredCleanup();
    int typos = appended - legacy;
    assertThat(legacy).isGreaterThan(100);
    assertThat(typos).isPositive();

    LateWriteReport late = SqlHistory.lateWrites(connection, STATUS, Duration.ofDays(7));

    assertThat(late.events()).isEqualTo(240 + appended);
    assertThat(late.lateEvents()).isZero();
    assertThat(late.corrections()).extracting(LateWriteReport.DeclaredCorrections::reason)
        .containsExactly("status-remap", "typo");
    assertThat(late.corrections().get(0).count()).isEqualTo(legacy);
    assertThat(late.corrections().get(1).count()).isEqualTo(typos);
    LateWriteReport.Correction first = late.corrections().get(0).examples().get(0);
    assertThat(single("SELECT corrects FROM statement_status WHERE event_id = " + first.id()))
        .isEqualTo(Long.toString(first.corrects()));
    List<Finding> findings = HistoryChecks.lateWrites(List.of(late), GatePolicy.defaults());
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.resolution()).isEqualTo(Finding.Resolution.WARNING);
      assertThat(f.render().headline()).isEqualTo(appended + " declared corrections to 'statement_status', by "
          + "reason: status-remap " + legacy + ", typo " + typos + ".");
    });
  }

  @Test
  void anUndeclaredLateWriteIntoAClosedPartitionFails() throws SQLException {
    declaredCleanup();
    execute(connection, "INSERT INTO statement_status (account_id, statement_at, recorded_at, status)"
        + " VALUES (3, TIMESTAMPTZ '2024-03-28 00:00:00+00', TIMESTAMPTZ '2025-02-05 08:00:00+00', 'CURRENT')");

    LateWriteReport late = SqlHistory.lateWrites(connection, STATUS, Duration.ofDays(7));

    assertThat(late.lateEvents()).isEqualTo(1);
    assertThat(late.batches()).singleElement().satisfies(b -> assertThat(b.recordedDay()).hasToString("2025-02-05"));
    List<Finding> findings = HistoryChecks.lateWrites(List.of(late), GatePolicy.defaults());
    assertThat(findings).singleElement().satisfies(f -> {
      assertThat(f.resolution()).isEqualTo(Finding.Resolution.FIX);
      assertThat(f.render().headline()).startsWith("1 undeclared late writes to 'statement_status' (and ");
    });
    assertThat(HistoryChecks.lateWrites(List.of(late), GatePolicy.defaults().with(LateWritePolicy.WARN)))
        .singleElement().satisfies(f -> assertThat(f.resolution()).isEqualTo(Finding.Resolution.WARNING));
  }

  @Test
  void theCurrentStateViewIsTheAsOfJoinAtTheCurrentTime() throws SQLException {
    declaredCleanup();
    EventLog log = EventLogQuery.categorical(STATUS.table())
        .sql("SELECT account_id, statement_at, recorded_at, status, event_id, corrects, reason"
            + " FROM statement_status ORDER BY event_id")
        .columns("account_id", "statement_at", "recorded_at", "status")
        .corrections(CorrectionColumns.DEFAULTS)
        .read(connection);
    assertThat(log.corrections().declared()).isEqualTo(log.size() - 240);
    EventLog table = EventLogQuery.categorical(STATUS).read(connection);
    assertThat(table.size()).isEqualTo(log.size());
    assertThat(table.corrections().declared()).isEqualTo(log.size() - 240);

    Map<Long, String> view = new HashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT account_id, status FROM statement_status_current")) {
      while (rows.next()) {
        assertThat(view.put(rows.getLong(1), rows.getString(2))).as("one row per account").isNull();
      }
    }
    Spine.Builder spine = Spine.builder();
    for (long account = 1; account <= 41; account++) {
      spine.add(account, Instant.now());
    }
    FeatureTable joined = PointInTimeJoin.builder().build().join(spine.build(), log);
    Map<Long, String> asOf = new HashMap<>();
    for (int r = 0; r < 41; r++) {
      String category = joined.categorical(STATUS.table()).category(r);
      if (category != null) {
        asOf.put(r + 1L, category);
      }
    }
    assertThat(view).hasSize(40).isEqualTo(asOf);
    assertThat(view.values()).doesNotContain("D1", "30", "H", "REVIEW");
  }

  @Test
  void badDeclarationsAreRefusedNamingTheEvent() throws SQLException {
    String select = "SELECT account_id, statement_at, recorded_at, status, event_id, %s AS corrects, %s AS reason"
        + " FROM statement_status ORDER BY event_id";
    long firstId = Long.parseLong(single("SELECT min(event_id) FROM statement_status"));
    assertThatThrownBy(() -> read(String.format(select,
        "CASE WHEN event_id = " + (firstId + 239) + " THEN 99999 END",
        "CASE WHEN event_id = " + (firstId + 239) + " THEN 'fix' END")))
        .hasMessage("event log 'statement_status': event " + (firstId + 239) + " (row 239, entity 40) corrects "
            + "event 99999, which is not in the log; fix the pointer, or load the corrected event too (a "
            + "correction must point at a real event)");
    assertThatThrownBy(() -> read(String.format(select,
        "CASE WHEN event_id = " + (firstId + 240 - 40) + " THEN " + firstId + " END",
        "CASE WHEN event_id = " + (firstId + 240 - 40) + " THEN '' END")))
        .hasMessageContaining("event " + (firstId + 200) + " (row 200, entity 1) declares that it corrects event "
            + firstId + ", but its reason code is empty");
    assertThatThrownBy(() -> read(String.format(select,
        "CASE WHEN event_id = " + firstId + " THEN " + (firstId + 200) + " END",
        "CASE WHEN event_id = " + firstId + " THEN 'backwards' END")))
        .hasMessageContaining("event " + firstId + " (row 0, entity 1) is recorded at 2024-01-29T00:00:00Z, before "
            + "event " + (firstId + 200) + " it corrects");
    assertThatThrownBy(() -> read(String.format(select, "CAST(NULL AS BIGINT)",
        "CASE WHEN event_id = " + firstId + " THEN 'orphan' END")))
        .hasMessageContaining("has reason code 'orphan' but corrects no event");
    assertThatThrownBy(() -> read("SELECT account_id, statement_at, recorded_at, status, CAST(NULL AS BIGINT) AS"
        + " event_id, corrects, reason FROM statement_status"))
        .hasMessageContaining("column 'event_id' (the event id), result row 1: is NULL");
  }

  private EventLog read(String sql) throws SQLException {
    return EventLogQuery.categorical("statement_status").sql(sql)
        .columns("account_id", "statement_at", "recorded_at", "status")
        .corrections(CorrectionColumns.DEFAULTS).read(connection);
  }

  private String single(String sql) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
      assertThat(rows.next()).isTrue();
      return rows.getString(1);
    }
  }

  static void execute(Connection connection, String... statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  /** The documented DDL: the SQL block after the {@code corrections-ddl} marker in docs/jdbc.md. */
  static String documentedDdl() {
    Path doc = Path.of(System.getProperty("basedir", ".")).resolve("../docs/jdbc.md").toAbsolutePath().normalize();
    try {
      String text = Files.readString(doc);
      int marker = text.indexOf("<!-- corrections-ddl -->");
      assertThat(marker).as("marker in %s", doc).isNotNegative();
      int start = text.indexOf("```sql\n", marker) + "```sql\n".length();
      return text.substring(start, text.indexOf("```", start));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The documented view alone. */
  static String documentedView() {
    String ddl = documentedDdl();
    return ddl.substring(ddl.indexOf("CREATE VIEW")).replace(";", "").trim();
  }
}
