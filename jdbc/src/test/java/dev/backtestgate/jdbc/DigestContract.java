package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.MissingValues;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Property: on random tables (random sizes, times from 1965 to 2030 with microseconds, extreme entity ids,
 * -0.0, NaN and NULL values, empty, Unicode and NULL categories), the manifest computed by the database, and
 * the one streamed into the JVM, are byte for byte the in-memory manifest of the same rows built directly in
 * Java; late-write reports are the in-memory ones apart from example indexes.
 */
abstract class DigestContract {
  private static final long MIN_MICROS = Instant.parse("1965-01-01T00:00:00Z").toEpochMilli() * 1000;
  private static final long MAX_MICROS = Instant.parse("2030-01-01T00:00:00Z").toEpochMilli() * 1000;
  private static final long[] ENTITIES = {0, 1, -1, 42, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, -123456789012L};
  private static final double[] VALUES = {0.0, -0.0, Double.NaN, 1.0, -1.5, 1e300, -4.9e-324, Math.PI, 123456.789};
  private static final String[] CATEGORIES = {"current", "delinquent", "", "défaut", "€uro-status", "x".repeat(23),
      "ok"};

  private Connection connection;

  abstract Connection open() throws SQLException;

  @BeforeEach
  void connect() throws SQLException {
    connection = open();
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  static LongStream seeds() {
    return LongStream.range(1, 7);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void numericManifestsEqualTheInMemoryOnes(long seed) throws SQLException {
    SplittableRandom random = new SplittableRandom(seed);
    EventLog expected = fillNumeric(random, "numeric_history", random.nextInt(0, 400));
    assertSameManifests(random, HistoryTable.of("numeric_history"), expected);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void categoricalManifestsEqualTheInMemoryOnes(long seed) throws SQLException {
    SplittableRandom random = new SplittableRandom(seed * 31);
    EventLog expected = fillCategorical(random, "categorical_history", random.nextInt(0, 400));
    assertSameManifests(random, HistoryTable.of("categorical_history"), expected);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void lateWriteReportsEqualTheInMemoryOnes(long seed) throws SQLException {
    SplittableRandom random = new SplittableRandom(seed * 17);
    EventLog log = fillNumeric(random, "late_history", random.nextInt(0, 300));
    Duration window = Duration.ofDays(random.nextInt(0, 30));
    LateWriteReport expected = LateWriteDetector.builder().closingWindow(window).build().detect(log);
    LateWriteReport actual = SqlHistory.lateWrites(connection, HistoryTable.of("late_history"), window);
    assertThat(actual.events()).isEqualTo(expected.events());
    assertThat(actual.lateEvents()).isEqualTo(expected.lateEvents());
    assertThat(actual.batches()).hasSameSizeAs(expected.batches());
    for (int i = 0; i < expected.batches().size(); i++) {
      LateWriteReport.Batch want = expected.batches().get(i);
      LateWriteReport.Batch got = actual.batches().get(i);
      assertThat(List.of(got.recordedDay(), got.count(), got.minValidFrom(), got.maxValidFrom(), got.entities(),
          got.maxLateness())).isEqualTo(List.of(want.recordedDay(), want.count(), want.minValidFrom(),
          want.maxValidFrom(), want.entities(), want.maxLateness()));
    }
  }

  @Test
  void anInPlaceEditOfAClosedRowIsCaughtAndAnAppendIsNot() throws SQLException {
    SplittableRandom random = new SplittableRandom(99);
    fillNumeric(random, "edited_history", 0);
    try (Statement statement = connection.createStatement()) {
      statement.execute("INSERT INTO edited_history VALUES (1, TIMESTAMPTZ '2024-03-01 00:00:00+00',"
          + " TIMESTAMPTZ '2024-03-01 01:00:00+00', 10.0), (2, TIMESTAMPTZ '2024-03-02 00:00:00+00',"
          + " TIMESTAMPTZ '2024-03-02 01:00:00+00', 20.0)");
      HistoryTable table = HistoryTable.of("edited_history");
      HistoryManifest committed = SqlHistory.manifest(connection, table, PartitionGranularity.DAY,
          Instant.parse("2024-03-10T00:00:00Z"));
      statement.execute("INSERT INTO edited_history VALUES (1, TIMESTAMPTZ '2024-03-01 00:00:00+00',"
          + " TIMESTAMPTZ '2024-03-12 00:00:00+00', 11.0)");
      assertThat(SqlHistory.check(connection, committed, table).clean()).isTrue();
      statement.execute("UPDATE edited_history SET value = 21.0 WHERE entity = 2");
      assertThat(SqlHistory.check(connection, committed, table).findings())
          .singleElement()
          .isInstanceOfSatisfying(HistoryFinding.Changed.class, changed -> assertThat(changed.partition()).isEqualTo("2024-03-02"));
    }
  }

  private void assertSameManifests(SplittableRandom random, HistoryTable table, EventLog expected) throws SQLException {
    Instant closedBefore = Instant.ofEpochMilli(random.nextLong(MIN_MICROS / 1000, MAX_MICROS / 1000 + 86_400_000L * 400));
    for (PartitionGranularity granularity : PartitionGranularity.values()) {
      String want = HistoryManifest.of(expected, granularity, closedBefore).toJson();
      for (SqlHistory.Digest where : List.of(SqlHistory.Digest.IN_DATABASE, SqlHistory.Digest.STREAMING)) {
        assertThat(SqlHistory.manifest(connection, table, granularity, closedBefore, where).toJson())
            .as("%s digest, %s partitions", where, granularity)
            .isEqualTo(want);
      }
    }
    // AUTO (in the database here) through the check
    HistoryManifest committed = HistoryManifest.of(expected, PartitionGranularity.MONTH, closedBefore);
    assertThat(SqlHistory.check(connection, committed, table).clean()).isTrue();
  }

  private EventLog fillNumeric(SplittableRandom random, String name, int rows) throws SQLException {
    create(name, "DOUBLE PRECISION");
    EventLog.NumericBuilder log = EventLog.numericBuilder(name).missingValues(MissingValues.KEEP);
    List<Object[]> inserts = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      long[] row = row(random);
      boolean isNull = random.nextInt(20) == 0;
      double value = random.nextBoolean() ? VALUES[random.nextInt(VALUES.length)]
          : Double.longBitsToDouble(random.nextLong()) % 1e12;
      if (Double.isInfinite(value)) {
        value = 7.0;
      }
      log.add(row[0], Math.floorDiv(row[1], 1000), Math.floorDiv(row[2], 1000), isNull ? Double.NaN : value);
      inserts.add(new Object[] {row[0], iso(row[1]), iso(row[2]), isNull ? null : value});
    }
    insert(name, inserts);
    return log.build();
  }

  private EventLog fillCategorical(SplittableRandom random, String name, int rows) throws SQLException {
    create(name, "VARCHAR(40)");
    EventLog.CategoricalBuilder log = EventLog.categoricalBuilder(name).missingValues(MissingValues.KEEP);
    List<Object[]> inserts = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      long[] row = row(random);
      String value = random.nextInt(15) == 0 ? null : CATEGORIES[random.nextInt(CATEGORIES.length)];
      log.add(row[0], Math.floorDiv(row[1], 1000), Math.floorDiv(row[2], 1000), value);
      inserts.add(new Object[] {row[0], iso(row[1]), iso(row[2]), value});
    }
    insert(name, inserts);
    return log.build();
  }

  /** Entity, validFrom and recordedAt (microseconds): recordedAt mostly shortly after, sometimes long after. */
  private static long[] row(SplittableRandom random) {
    long entity = random.nextInt(3) == 0 ? ENTITIES[random.nextInt(ENTITIES.length)] : random.nextLong(0, 50);
    long validFrom = random.nextLong(MIN_MICROS, MAX_MICROS);
    long lateness = random.nextInt(4) == 0 ? random.nextLong(0, 86_400_000_000L * 60) : random.nextLong(0, 3_600_000_000L);
    return new long[] {entity, validFrom, Math.min(validFrom + lateness, MAX_MICROS)};
  }

  private static String iso(long micros) {
    Instant instant = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000), Math.floorMod(micros, 1_000_000) * 1000);
    return instant.toString().replace('T', ' ').replace("Z", "+00");
  }

  private void create(String name, String valueType) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("DROP TABLE IF EXISTS " + name);
      statement.execute("CREATE TABLE " + name + " (entity BIGINT, valid_from TIMESTAMPTZ, recorded_at TIMESTAMPTZ,"
          + " value " + valueType + ")");
    }
  }

  private void insert(String name, List<Object[]> rows) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("INSERT INTO " + name
        + " VALUES (?, CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ), ?)")) {
      for (Object[] row : rows) {
        statement.setLong(1, (Long) row[0]);
        statement.setString(2, (String) row[1]);
        statement.setString(3, (String) row[2]);
        if (row[3] instanceof Double number) {
          statement.setDouble(4, number);
        } else if (row[3] instanceof String text) {
          statement.setString(4, text);
        } else {
          statement.setNull(4, name.startsWith("categorical") ? java.sql.Types.VARCHAR : java.sql.Types.DOUBLE);
        }
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }
}
