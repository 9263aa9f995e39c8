package dev.backtestgate.jdbc;

import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Locale;

/**
 * Measures a history manifest over one table of N rows (default 10,000,000) in PostgreSQL and in DuckDB, with
 * the digest computed in SQL and streamed into the JVM, in one run, and checks that all four manifests are
 * identical. Both tables hold the same rows, generated inside each database (generate_series / range), so
 * loading costs no client round trips. A program, not a test: run it (rows, repeats) with
 *
 * <pre>{@code
 * mvn -B -ntp -pl jdbc -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/speed.classpath -Dmdep.includeScope=test
 * java -Xmx4g -cp jdbc/target/test-classes:jdbc/target/classes:$(cat jdbc/target/speed.classpath) \
 *     dev.backtestgate.jdbc.ManifestSpeed 10000000 1
 * }</pre>
 */
public final class ManifestSpeed {
  private static final PartitionGranularity GRANULARITY = PartitionGranularity.DAY;
  private static final Instant CLOSED_BEFORE = Instant.parse("2030-01-01T00:00:00Z");

  private ManifestSpeed() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
    int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    PostgresServer server = PostgresServer.start(PostgresServer.findBinaries().orElseThrow(
        () -> new IllegalStateException("no PostgreSQL binaries under /usr/lib/postgresql/*/bin")));
    Path duckFile = java.nio.file.Files.createTempFile("manifest-speed", ".duckdb");
    java.nio.file.Files.delete(duckFile);
    try (Connection postgres = server.connect(server.createDatabase("speed"), PostgresServer.SUPERUSER);
        Connection duck = DriverManager.getConnection("jdbc:duckdb:" + duckFile)) {
      HistoryTable table = HistoryTable.of("history");
      long t0 = System.nanoTime();
      execute(postgres, "CREATE TABLE history AS SELECT (g % 100000)::bigint AS entity,"
          + " TIMESTAMPTZ '2024-01-01 00:00:00+00' + (g % 525600) * interval '1 minute' AS valid_from,"
          + " TIMESTAMPTZ '2024-01-01 00:00:00+00' + (g % 525600) * interval '1 minute' + (g % 97) * interval '1 hour' AS recorded_at,"
          + " ((g * 7919) % 100003) / 100.0::float8 AS value FROM generate_series(0::bigint, " + (rows - 1) + ") g",
          "VACUUM ANALYZE history");
      double loadPostgres = seconds(t0);
      t0 = System.nanoTime();
      execute(duck, "CREATE TABLE history AS SELECT (g % 100000)::BIGINT AS entity,"
          + " TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_minutes(g % 525600) AS valid_from,"
          + " TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_minutes(g % 525600) + to_hours(g % 97) AS recorded_at,"
          + " ((g * 7919) % 100003) / 100.0::DOUBLE AS value FROM range(0, " + rows + ") t(g)");
      double loadDuck = seconds(t0);
      System.out.printf(Locale.ROOT, "rows %,d; loaded PostgreSQL in %.1f s, DuckDB in %.1f s; %d cores; Java %s%n",
          rows, loadPostgres, loadDuck, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
      String reference = null;
      System.out.println("| database | digest | run | seconds | rows/s |");
      System.out.println("|---|---|---|---|---|");
      for (int run = 1; run <= repeats; run++) {
        for (Connection connection : new Connection[] {duck, postgres}) {
          for (SqlHistory.Digest where : new SqlHistory.Digest[] {SqlHistory.Digest.IN_DATABASE, SqlHistory.Digest.STREAMING}) {
            long start = System.nanoTime();
            HistoryManifest manifest = SqlHistory.manifest(connection, table, GRANULARITY, CLOSED_BEFORE, where);
            double seconds = seconds(start);
            String json = manifest.toJson();
            if (reference == null) {
              reference = json;
            } else if (!reference.equals(json)) {
              throw new IllegalStateException("manifests differ: " + Dialect.of(connection) + " " + where);
            }
            System.out.printf(Locale.ROOT, "| %s | %s | %d | %.1f | %,.0f |%n", Dialect.of(connection), where, run,
                seconds, rows / seconds);
          }
        }
      }
      System.out.println("all manifests identical (" + reference.length() + " bytes)");
    } finally {
      server.stop();
      java.nio.file.Files.deleteIfExists(duckFile);
      java.nio.file.Files.deleteIfExists(Path.of(duckFile + ".wal"));
    }
  }

  private static double seconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }

  private static void execute(Connection connection, String... statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
