package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class ServerSmokeTest {
  @Test
  void postgresServerAnswersAsSuperuserOnLoopback(PostgresExtension.Database db) throws Exception {
    try (Connection connection = db.connect(); Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(
            "SELECT current_database(), rolsuper, inet_server_addr()::text FROM pg_roles WHERE rolname = current_user")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getString(1)).isEqualTo(db.name());
      assertThat(rows.getBoolean(2)).isTrue();
      assertThat(rows.getString(3)).startsWith("127.0.0.1");
    }
  }

  @Test
  void duckDbRunsEmbedded() throws Exception {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT 40 + 2")) {
      assertThat(rows.next()).isTrue();
      assertThat(rows.getInt(1)).isEqualTo(42);
    }
  }

  @Test
  void ciIsSetUnlessMissingOrFalse() {
    assertThat(PostgresExtension.inCi(Map.of())).isFalse();
    assertThat(PostgresExtension.inCi(Map.of("CI", "false"))).isFalse();
    assertThat(PostgresExtension.inCi(Map.of("CI", "true"))).isTrue();
    assertThat(PostgresExtension.inCi(Map.of("CI", "1"))).isTrue();
  }
}
