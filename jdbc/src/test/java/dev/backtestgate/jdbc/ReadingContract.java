package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.time.EntityDictionary;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.MissingValues;
import dev.backtestgate.time.Spine;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Reading event logs and spines, the same on every database; subclasses supply a connection. */
abstract class ReadingContract {
  static final long T0 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
  static final long HOUR = 3_600_000L;

  private Connection connection;

  abstract Connection open() throws SQLException;

  Connection connection() {
    return connection;
  }

  @AfterEach
  void closeConnection() throws SQLException {
    connection.close();
  }

  void execute(String... statements) throws SQLException {
    try (Statement statement = connection().createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  @BeforeEach
  void createTables() throws SQLException {
    connection = open();
    execute("DROP TABLE IF EXISTS balances", "DROP TABLE IF EXISTS plans", "DROP TABLE IF EXISTS apps",
        "CREATE TABLE balances (customer_id BIGINT, region VARCHAR(8), valid_from TIMESTAMPTZ,"
            + " recorded_at TIMESTAMP, balance DOUBLE PRECISION, note VARCHAR(20))",
        "INSERT INTO balances VALUES"
            + " (7, 'EU', TIMESTAMPTZ '2024-03-01 00:00:00+00', TIMESTAMP '2024-03-01 01:00:00', 120.5, '12')," 
            + " (8, 'US', TIMESTAMPTZ '2024-03-01 02:00:00+02', TIMESTAMP '2024-03-01 03:00:00.0019', -3, 'x'),"
            + " (7, 'EU', TIMESTAMPTZ '2024-03-02 00:00:00+00', TIMESTAMP '2024-03-02 05:00:00', NULL, '1')",
        "CREATE TABLE plans (entity BIGINT, valid_from TIMESTAMPTZ, recorded_at TIMESTAMPTZ, value VARCHAR(20))",
        "INSERT INTO plans VALUES (1, TIMESTAMPTZ '2024-03-01 00:00:00+00', TIMESTAMPTZ '2024-03-01 00:00:00+00', 'basic'),"
            + " (2, TIMESTAMPTZ '2024-03-01 00:00:00+00', TIMESTAMPTZ '2024-03-01 00:00:00+00', 'premium'),"
            + " (1, TIMESTAMPTZ '2024-03-05 00:00:00+00', TIMESTAMPTZ '2024-03-05 00:00:00+00', 'premium')",
        "CREATE TABLE apps (customer VARCHAR(10), decided_at TIMESTAMPTZ)",
        "INSERT INTO apps VALUES ('alice', TIMESTAMPTZ '2024-03-03 00:00:00+00'), ('bob', NULL)");
  }

  @Test
  void readsANumericLogByColumnNameWithParameters() throws SQLException {
    EventLog log = EventLogQuery.numeric("balance")
        .sql("SELECT note, balance, recorded_at, valid_from, customer_id FROM balances WHERE region = ?"
            + " ORDER BY customer_id, valid_from", "EU")
        .columns("customer_id", "valid_from", "recorded_at", "balance")
        .missingValues(MissingValues.KEEP)
        .fetchSize(1)
        .read(connection());
    assertThat(log.entity()).containsExactly(7, 7);
    assertThat(log.validFrom()).containsExactly(T0, T0 + 24 * HOUR);
    assertThat(log.recordedAt()).containsExactly(T0 + HOUR, T0 + 29 * HOUR);
    assertThat(log.values()[0]).isEqualTo(120.5);
    assertThat(log.values()[1]).isNaN();
  }

  @Test
  void timesAreInstantsRoundedDownToMilliseconds() throws SQLException {
    EventLog log = EventLogQuery.numeric("balance")
        .sql("SELECT customer_id, valid_from, recorded_at, balance FROM balances WHERE region = ?", "US")
        .columns("customer_id", "valid_from", "recorded_at", "balance")
        .read(connection());
    assertThat(log.validFrom()).containsExactly(T0); // 02:00 at +02 is midnight UTC
    assertThat(log.recordedAt()).containsExactly(T0 + 3 * HOUR + 1); // 1.9 ms rounds down
    assertThat(log.values()).containsExactly(-3.0);
  }

  @Test
  void readsAWholeTableAsACategoricalLog() throws SQLException {
    EventLog log = EventLogQuery.categorical(HistoryTable.of("plans")).read(connection());
    assertThat(log.name()).isEqualTo("plans");
    assertThat(log.size()).isEqualTo(3);
    assertThat(log.categories()).containsExactlyInAnyOrder("basic", "premium");
  }

  @Test
  void readsASpineWithTextKeysThroughADictionary() throws SQLException {
    EntityDictionary customers = new EntityDictionary();
    customers.idOf("zoe");
    Spine spine = SpineQuery.sql("SELECT customer, decided_at FROM apps WHERE decided_at IS NOT NULL")
        .columns("customer", "decided_at").entities(customers).read(connection());
    assertThat(spine.entity()).containsExactly(1);
    assertThat(spine.decisionTime()).containsExactly(T0 + 48 * HOUR);
  }

  @Test
  void aNullTimeNamesColumnRowAndFix() {
    assertThatThrownBy(() -> SpineQuery.sql("SELECT customer, decided_at FROM apps ORDER BY customer")
            .columns("customer", "decided_at").entities(new EntityDictionary()).read(connection()))
        .hasMessageContaining("column 'decided_at' (the decision time), result row 2: is NULL")
        .hasMessageContaining("WHERE decided_at IS NOT NULL");
  }

  @Test
  void aNullValueFailsUnlessKept() {
    assertThatThrownBy(() -> EventLogQuery.numeric("balance")
            .sql("SELECT customer_id, valid_from, recorded_at, balance FROM balances ORDER BY valid_from, customer_id")
            .columns("customer_id", "valid_from", "recorded_at", "balance").read(connection()))
        .hasMessageContaining("column 'balance' (the value), result row 3: is NULL")
        .hasMessageContaining("MissingValues.KEEP");
  }

  @Test
  void textWhereNumbersBelongNamesTheColumnAndTheCast() {
    assertThatThrownBy(() -> EventLogQuery.numeric("note")
            .sql("SELECT customer_id, valid_from, recorded_at, note FROM balances")
            .columns("customer_id", "valid_from", "recorded_at", "note").read(connection()))
        .hasMessageContaining("column 'note' (the value) has SQL type")
        .hasMessageContaining("text where numbers belong")
        .hasMessageContaining("CAST(note AS DOUBLE PRECISION)");
  }

  @Test
  void numbersWhereTimesBelongSuggestTheConversion() {
    assertThatThrownBy(() -> EventLogQuery.numeric("balance")
            .sql("SELECT customer_id, customer_id AS valid_from, recorded_at, balance FROM balances")
            .columns("customer_id", "valid_from", "recorded_at", "balance").read(connection()))
        .hasMessageContaining("column 'valid_from' (the valid-from time)")
        .hasMessageContaining("to_timestamp(valid_from / 1000.0)");
  }

  @Test
  void textEntitiesNeedADictionary() {
    assertThatThrownBy(() -> SpineQuery.sql("SELECT customer, decided_at FROM apps")
            .columns("customer", "decided_at").read(connection()))
        .hasMessageContaining("column 'customer' (the entity) holds text keys")
        .hasMessageContaining("entities(dictionary)");
  }

  @Test
  void aMissingColumnListsWhatTheQueryReturns() {
    assertThatThrownBy(() -> EventLogQuery.numeric("balance")
            .sql("SELECT customer_id, valid_from, recorded_at FROM balances")
            .columns("customer_id", "valid_from", "recorded_at", "balance").read(connection()))
        .hasMessageContaining("no column 'balance' for the value")
        .hasMessageContaining("customer_id");
  }

  @Test
  void namesThatCouldCarrySqlAreRejectedBeforeAnyQuery() {
    assertThatThrownBy(() -> HistoryTable.of("plans\"; DROP TABLE plans; --"))
        .hasMessageContaining("is not a plain SQL name");
    assertThatThrownBy(() -> HistoryTable.of("plans").withColumns("entity", "valid_from", "recorded_at", "Value"))
        .hasMessageContaining("value column 'Value' is not a plain SQL name");
    assertThat(HistoryTable.of("ledger.plans").quotedTable()).isEqualTo("\"ledger\".\"plans\"");
  }
}
