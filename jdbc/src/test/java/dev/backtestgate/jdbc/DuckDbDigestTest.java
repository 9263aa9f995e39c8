package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.time.EventLog;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DuckDbDigestTest extends DigestContract {
  @Test
  void timestampsWithoutTimeZoneAreUtcWhateverTheSessionTimeZone() throws SQLException {
    try (Connection connection = open(); Statement statement = connection.createStatement()) {
      statement.execute("SET TimeZone = 'America/New_York'");
      statement.execute("CREATE TABLE local_history (entity BIGINT, valid_from TIMESTAMP, recorded_at DATE, value DOUBLE)");
      statement.execute("INSERT INTO local_history VALUES (1, TIMESTAMP '2024-03-01 23:30:00', DATE '2024-03-02', 1.5),"
          + " (2, TIMESTAMP '2024-03-02 00:30:00', DATE '2024-03-03', 2.5)");
      EventLog log = EventLog.numericBuilder("local_history")
          .add(1, Instant.parse("2024-03-01T23:30:00Z"), Instant.parse("2024-03-02T00:00:00Z"), 1.5)
          .add(2, Instant.parse("2024-03-02T00:30:00Z"), Instant.parse("2024-03-03T00:00:00Z"), 2.5)
          .build();
      Instant closedBefore = Instant.parse("2024-04-01T00:00:00Z");
      String expected = HistoryManifest.of(log, PartitionGranularity.DAY, closedBefore).toJson();
      for (SqlHistory.Digest where : SqlHistory.Digest.values()) {
        assertThat(SqlHistory.manifest(connection, HistoryTable.of("local_history"), PartitionGranularity.DAY,
            closedBefore, where).toJson()).as(where.name()).isEqualTo(expected);
      }
    }
  }

  @Override
  Connection open() throws SQLException {
    return DriverManager.getConnection("jdbc:duckdb:");
  }
}
