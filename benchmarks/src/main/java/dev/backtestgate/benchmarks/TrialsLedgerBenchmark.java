package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.jdbc.JdbcTrialLedgers;
import dev.backtestgate.trials.LedgerEntry;
import dev.backtestgate.trials.TrialKey;
import dev.backtestgate.trials.TrialLedger;
import dev.backtestgate.trials.TrialsSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The trials ledger's two costs per evaluation, on a ledger that already holds {@code entries} entries of the test
 * set: {@code append} writes one entry, {@code read} reads the test set's entries as the deflated-lift check does.
 * {@code store}: {@code directory} (the directory listing for the next sequence, a temporary file, an atomic move) or
 * {@code duckdb} (the JDBC store on a DuckDB file: a connection opened and closed per call, as the store does, one
 * transaction reading the largest sequence and inserting a row) or {@code postgres} (the same JDBC store on the
 * PostgreSQL server whose URL, with its user, the system property {@code bench.postgres} gives; each iteration
 * creates a table of its own and drops it at the end). The targets: an append under 5 ms local,
 * under 20 ms JDBC. Each iteration starts from a fresh ledger of {@code entries} entries; its own appends add to it,
 * so keep iterations short ({@code -r 200ms}: a few hundred appends).
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar TrialsLedgerBenchmark -f 1 -wi 3 -i 10 -w 200ms -r 200ms
 * java -jar benchmarks/target/benchmarks.jar TrialsLedgerBenchmark -p store=duckdb -f 1 -wi 3 -i 5 -w 200ms -r 200ms
 * java -jar benchmarks/target/benchmarks.jar TrialsLedgerBenchmark -p store=postgres \
 *     -jvmArgs -Dbench.postgres='jdbc:postgresql://localhost:5432/postgres?user=postgres' -f 1 -wi 3 -i 5 -w 200ms -r 200ms
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@API(status = INTERNAL, since = "0.3")
public class TrialsLedgerBenchmark {
  /** Entries of the test set in the ledger before the first append. */
  @Param({"10", "1000"})
  public int entries;

  /**
   * Where the ledger is: {@code directory}, {@code duckdb} (a table in a DuckDB file) or {@code postgres} (a table on
   * the server of {@code -Dbench.postgres}).
   */
  @Param({"directory", "duckdb"})
  public String store;

  private static final AtomicInteger TABLES = new AtomicInteger();
  private Path directory;
  private String table;
  private TrialLedger ledger;
  private LedgerEntry entry;
  private String testSet;

  /** A fresh ledger of {@code entries} entries of one test set of 1,000 rows. */
  @Setup(Level.Iteration)
  public void setUp() throws IOException {
    directory = Files.createTempDirectory("trials-ledger-benchmark");
    table = TrialsSettings.DEFAULT_LEDGER_TABLE + "_" + ProcessHandle.current().pid() + "_" + TABLES.incrementAndGet();
    ledger = switch (store) {
      case "directory" -> TrialLedger.directory(directory);
      case "duckdb" -> JdbcTrialLedgers.ledger("jdbc:duckdb:" + directory.resolve("trials.duckdb"), table);
      case "postgres" -> JdbcTrialLedgers.ledger(postgresUrl(), table);
      default -> throw new IllegalArgumentException("store " + store + " is not one of directory, duckdb, postgres.");
    };
    SplittableRandom random = new SplittableRandom(48);
    int rows = 1_000;
    boolean[] labels = new boolean[rows];
    long[] times = new long[rows];
    double[] scores = new double[rows];
    for (int i = 0; i < rows; i++) {
      labels[i] = random.nextDouble() < 0.3;
      times[i] = 1_700_000_000_000L + i * 60_000L;
      scores[i] = random.nextDouble();
    }
    TrialKey key = TrialKey.of(labels, times, null, List.of(), scores);
    testSet = key.testSet();
    entry = new LedgerEntry(LedgerEntry.SCHEMA, 1, "com.acme.ChurnBacktest#gbm", Instant.parse("2026-12-07T09:00:00Z"),
        key, "gbm-v7", 0.75, 0.73, 0.02, 0.01, 2.0, "passed", null, "the benchmark is not in a git work tree");
    for (int i = 0; i < entries; i++) {
      ledger.append(entry);
    }
  }

  private static String postgresUrl() {
    String url = System.getProperty("bench.postgres");
    if (url == null || url.isBlank()) {
      throw new IllegalStateException("store=postgres needs the server's JDBC URL with its user: add -jvmArgs "
          + "-Dbench.postgres='jdbc:postgresql://<host>:<port>/<database>?user=<user>'.");
    }
    return url;
  }

  /** Deletes the ledger: the directory, and on PostgreSQL the iteration's table. */
  @TearDown(Level.Iteration)
  public void tearDown() throws IOException, SQLException {
    if (store.equals("postgres")) {
      try (Connection connection = DriverManager.getConnection(postgresUrl());
          Statement statement = connection.createStatement()) {
        statement.execute("DROP TABLE " + table);
      }
    }
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.delete(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  /** One append: what every published evaluation pays. */
  @Benchmark
  public LedgerEntry append() {
    return ledger.append(entry);
  }

  /** The test set's entries, read as the check reads them. */
  @Benchmark
  public TrialLedger.Reading read() {
    return ledger.read(testSet);
  }
}
