package dev.backtestgate.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * In the one-time-axis case (recordedAt == validFrom) the bitemporal rule is a plain as-of join, so an
 * independent engine must agree value for value: DuckDB's {@code ASOF LEFT JOIN} on the same random data.
 * Valid times are distinct per entity, because DuckDB breaks ties on the join key arbitrarily.
 */
class PointInTimeJoinDuckDbTests {
  private static Connection duckdb;

  @BeforeContainer
  static void open() throws SQLException {
    duckdb = DriverManager.getConnection("jdbc:duckdb:");
  }

  @AfterContainer
  static void close() throws SQLException {
    duckdb.close();
  }

  @Property(tries = 60)
  void oneTimeAxisJoinEqualsDuckDbAsofJoin(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 40) int entities,
      @ForAll @IntRange(min = 0, max = 3_000) int events,
      @ForAll @IntRange(min = 0, max = 2_000) int rows,
      @ForAll @LongRange(min = 0, max = 50) long lag,
      @ForAll @LongRange(min = -1, max = 400) long ttl)
      throws SQLException {
    Random random = new Random(seed);
    EventLog log = distinctTimesPerEntity(random, entities, events);
    long[] spineEntity = new long[rows];
    long[] decision = new long[rows];
    for (int r = 0; r < rows; r++) {
      spineEntity[r] = random.nextInt(entities + 3); // some entities have no events
      decision[r] = random.nextInt(12_000) - 1_000;
    }
    Spine spine = Spine.of(spineEntity, decision);
    PointInTimeJoin.Builder builder = PointInTimeJoin.builder().availabilityLag(Duration.ofMillis(lag));
    if (ttl >= 0) {
      builder.ttl(Duration.ofMillis(ttl));
    }
    JoinedFeature.Numeric ours = builder.build().join(spine, log).numeric("f");

    load(spine, lag, log);
    String value = ttl < 0 ? "e.v" : "CASE WHEN e.valid_from >= s.eff - " + ttl + " THEN e.v END";
    String knownAt = ttl < 0 ? "e.recorded_at" : "CASE WHEN e.valid_from >= s.eff - " + ttl + " THEN e.recorded_at END";
    String sql =
        "SELECT s.row_id, " + value + " AS v, " + knownAt + " AS known_at"
            + " FROM spine s ASOF LEFT JOIN events e ON s.entity = e.entity AND s.eff >= e.valid_from"
            + " ORDER BY s.row_id";
    int checked = 0;
    try (Statement statement = duckdb.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      while (result.next()) {
        int row = result.getInt(1);
        double expected = result.getDouble(2);
        boolean missing = result.wasNull();
        long expectedKnownAt = result.getLong(3);
        assertThat(row).isEqualTo(checked);
        if (missing) {
          assertThat(Double.isNaN(ours.values()[row])).as("row %d missing", row).isTrue();
          assertThat(ours.knownAt()[row]).isEqualTo(JoinedFeature.NO_KNOWN_AT);
        } else {
          assertThat(ours.values()[row]).as("row %d value", row).isEqualTo(expected);
          assertThat(ours.knownAt()[row]).as("row %d knownAt", row).isEqualTo(expectedKnownAt);
        }
        checked++;
      }
    }
    assertThat(checked).isEqualTo(rows);
  }

  /** Events with recordedAt == validFrom, valid times distinct within an entity, in shuffled order. */
  private static EventLog distinctTimesPerEntity(Random random, int entities, int events) {
    long[] entity = new long[events];
    long[] time = new long[events];
    double[] values = new double[events];
    java.util.Set<Long> used = new java.util.HashSet<>();
    for (int i = 0; i < events; i++) {
      long e;
      long t;
      do {
        e = random.nextInt(entities);
        t = random.nextInt(10_000);
      } while (!used.add(e * 1_000_000 + t));
      entity[i] = e;
      time[i] = t;
      values[i] = random.nextInt(1_000_000) / 8.0;
    }
    return EventLog.numeric("f", entity, time, time.clone(), values);
  }

  private static void load(Spine spine, long lag, EventLog log) throws SQLException {
    try (Statement statement = duckdb.createStatement()) {
      statement.execute("CREATE OR REPLACE TABLE spine(row_id INTEGER, entity BIGINT, eff BIGINT)");
      statement.execute(
          "CREATE OR REPLACE TABLE events(entity BIGINT, valid_from BIGINT, recorded_at BIGINT, v DOUBLE)");
    }
    DuckDBConnection connection = duckdb.unwrap(DuckDBConnection.class);
    try (DuckDBAppender appender = connection.createAppender("main", "spine")) {
      for (int r = 0; r < spine.size(); r++) {
        appender.beginRow().append(r).append(spine.entity()[r]).append(spine.decisionTime()[r] - lag).endRow();
      }
    }
    try (DuckDBAppender appender = connection.createAppender("main", "events")) {
      for (int i = 0; i < log.size(); i++) {
        appender.beginRow()
            .append(log.entity()[i])
            .append(log.validFrom()[i])
            .append(log.recordedAt()[i])
            .append(log.values()[i])
            .endRow();
      }
    }
  }
}
