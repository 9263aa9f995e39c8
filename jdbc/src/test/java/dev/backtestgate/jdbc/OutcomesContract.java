package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.OutcomesCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tripwire's outcomes read from SQL, the same on every database, and the same as from CSV. */
abstract class OutcomesContract {
  private static final String CSV = """
      decidedAt,candidateScore,label,labelKnownAt,baselineScore,decisionId,region
      2026-07-02T09:30:00Z,0.81,1,2026-08-01T00:00:00Z,0.7,d1,north
      2026-07-03T00:00:00Z,0.2,0,2026-08-02T12:00:00Z,0.25,d2,
      2026-07-04T10:00:00Z,0.55,,,0.5,d3,south
      """;

  @TempDir
  Path dir;

  private Connection connection;

  abstract Connection open() throws SQLException;

  /** The type of a timestamp with a time zone on this database. */
  abstract String timestamptz();

  @BeforeEach
  void openConnection() throws SQLException {
    connection = open();
    execute("CREATE TABLE decisions (decided_at " + timestamptz() + ", score DOUBLE PRECISION, churned BOOLEAN, "
        + "known_at TIMESTAMP, base DOUBLE PRECISION, id VARCHAR, region VARCHAR, model VARCHAR)",
        "INSERT INTO decisions VALUES "
            + "('2026-07-02 09:30:00+00', 0.81, true, '2026-08-01 00:00:00', 0.7, 'd1', 'north', 'churn-v7'), "
            + "('2026-07-03 00:00:00+00', 0.2, false, '2026-08-02 12:00:00', 0.25, 'd2', NULL, 'churn-v7'), "
            + "('2026-07-04 10:00:00+00', 0.55, NULL, NULL, 0.5, 'd3', 'south', 'churn-v7'), "
            + "('2026-07-04 11:00:00+00', 0.9, true, '2026-08-04 00:00:00', 0.5, 'x1', 'south', 'fraud-v2')");
  }

  @AfterEach
  void closeConnection() throws SQLException {
    execute("DROP VIEW IF EXISTS churn_outcomes", "DROP TABLE decisions");
    connection.close();
  }

  private void execute(String... statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  private static final String QUERY = "SELECT decided_at AS decidedAt, score AS candidateScore, churned AS label, "
      + "known_at AS labelKnownAt, base AS baselineScore, id AS decisionId, region FROM decisions WHERE model = ? "
      + "ORDER BY decided_at";

  @Test
  void aQueryReadsTheSameOutcomesAsTheSameRowsInCsv() throws SQLException, IOException {
    Outcomes sql = SqlOutcomes.read(connection, SqlQuery.of(QUERY, "churn-v7"));
    Outcomes csv = OutcomesCsv.read(Files.writeString(dir.resolve("o.csv"), CSV));

    assertThat(sql.rows()).isEqualTo(3);
    assertThat(sql.decidedAt()).containsExactly(csv.decidedAt());
    assertThat(sql.decidedAt()[0]).isEqualTo(Instant.parse("2026-07-02T09:30:00Z").toEpochMilli());
    assertThat(sql.candidateScores()).containsExactly(csv.candidateScores());
    assertThat(sql.labels()).containsExactly(csv.labels());
    assertThat(sql.labelKnownAt()).containsExactly(csv.labelKnownAt());
    assertThat(sql.labelKnownAt()[2]).isEqualTo(Outcomes.NOT_KNOWN);
    assertThat(sql.baselineScores().orElseThrow()).containsExactly(csv.baselineScores().orElseThrow());
    assertThat(sql.decisionIds()).contains(List.of("d1", "d2", "d3"));
    assertThat(sql.servedFeatures()).isEqualTo(csv.servedFeatures());
  }

  @Test
  void aQueryNamesTheColumnsWithAs() throws SQLException {
    // tag::jdbc[]
    Outcomes outcomes = SqlOutcomes.read(connection, SqlQuery.of("SELECT decided_at AS decidedAt, "
        + "score AS candidateScore, churned AS label, known_at AS labelKnownAt, base AS baselineScore "
        + "FROM decisions WHERE model = ?", "churn-v7"));
    // end::jdbc[]

    assertThat(outcomes.rows()).isEqualTo(3);
    assertThat(outcomes.servedFeatures()).isEmpty();
  }

  @Test
  void aTableWhoseColumnsAreNamedByTheRuleIsReadWhole() throws SQLException {
    execute("CREATE VIEW churn_outcomes AS " + QUERY.replace("= ?", "= 'churn-v7'"));

    assertThat(SqlOutcomes.readTable(connection, "churn_outcomes").rows()).isEqualTo(3);
  }

  @Test
  void aMissingColumnAndABadCellAreNamedWithTheFix() {
    Throwable missing = catchThrowable(() -> SqlOutcomes.read(connection,
        SqlQuery.of("SELECT decided_at AS decidedAt, score AS candidateScore, churned AS label FROM decisions")));
    Throwable infinite = catchThrowable(() -> SqlOutcomes.read(connection, SqlQuery.of(QUERY.replace(
        "score AS candidateScore", "CASE WHEN id = 'd2' THEN CAST('Infinity' AS DOUBLE PRECISION) ELSE score END "
            + "AS candidateScore"), "churn-v7")));
    Throwable early = catchThrowable(() -> SqlOutcomes.read(connection, SqlQuery.of(QUERY.replace(
        "known_at AS labelKnownAt", "CASE WHEN id = 'd1' THEN CAST('2026-07-01 00:00:00' AS TIMESTAMP) ELSE known_at "
            + "END AS labelKnownAt"), "churn-v7")));

    assertThat(missing).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no column "
        + "labelKnownAt");
    assertThat(infinite).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("result row 2, column 'candidateScore' holds 'Infinity', which is not finite");
    assertThat(early).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 label(s) known before their decision, the first at row 0");
  }
}
