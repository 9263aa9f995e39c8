package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A 1M-row spine joined to 10M events (100k entities, 100 events each on average, over 1000 days), side by
 * side with DuckDB's {@code ASOF LEFT JOIN} on the same data. One time axis (recordedAt == validFrom), so the
 * as-of join computes the same thing. Scores are spine rows per second.
 *
 * <p>What is timed: for {@code pointInTimeJoin}, {@code PointInTimeJoin.join} from the in-memory columns to
 * the finished feature table (value, knownAt and source index per row), including its sorting and grouping
 * ({@code pointInTimeJoinOneThread}: the same with {@code parallel(false)}).
 * For DuckDB, only the statement {@code CREATE OR REPLACE TEMP TABLE joined AS SELECT s.row_id, e.v,
 * e.recorded_at FROM spine s ASOF LEFT JOIN events e ON s.entity = e.entity AND s.t >= e.valid_from}; the
 * tables are loaded (Appender) once, outside the timing. {@code order=time}: events arrive in recorded
 * order, as a log does; {@code order=shuffled}: in random order.
 *
 * <pre>{@code
 * java -cp ... org.openjdk.jmh.Main PointInTimeJoinBenchmark
 * }</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(PointInTimeJoinBenchmark.SPINE_ROWS)
@Warmup(iterations = 1, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(value = 1, jvmArgs = {"-Xms6g", "-Xmx6g"})
@API(status = INTERNAL, since = "0.1")
public class PointInTimeJoinBenchmark {
  static final int ENTITIES = 100_000;
  static final int EVENTS = 10_000_000;
  static final int SPINE_ROWS = 1_000_000;
  private static final long START = 1_600_000_000_000L;
  private static final long SPAN = 1_000L * 86_400_000L;

  /** The generated columns, shared by all benchmarks. */
  @State(Scope.Benchmark)
  public static class Data {
    @Param({"time", "shuffled"})
    public String order;

    long[] entity;
    long[] time;
    double[] values;
    long[] spineEntity;
    long[] decisionTime;
    Spine spine;
    EventLog log;
    PointInTimeJoin join;
    PointInTimeJoin oneThread;

    @Setup(Level.Trial)
    public void generate() {
      SplittableRandom random = new SplittableRandom(42);
      entity = new long[EVENTS];
      time = new long[EVENTS];
      values = new double[EVENTS];
      for (int i = 0; i < EVENTS; i++) {
        entity[i] = random.nextInt(ENTITIES);
        time[i] = START + SPAN * i / EVENTS + random.nextInt(1_000); // recorded order
        values[i] = random.nextDouble();
      }
      if (order.equals("shuffled")) {
        for (int i = EVENTS - 1; i > 0; i--) {
          int j = random.nextInt(i + 1);
          swap(entity, i, j);
          swap(time, i, j);
          double v = values[i];
          values[i] = values[j];
          values[j] = v;
        }
      } else if (!order.equals("time")) {
        throw new IllegalArgumentException("order must be time or shuffled, got " + order);
      }
      spineEntity = new long[SPINE_ROWS];
      decisionTime = new long[SPINE_ROWS];
      for (int r = 0; r < SPINE_ROWS; r++) {
        spineEntity[r] = random.nextInt(ENTITIES);
        decisionTime[r] = START + random.nextLong(SPAN);
      }
      spine = Spine.of(spineEntity, decisionTime);
      log = EventLog.numeric("f", entity, time, time, values);
      join = PointInTimeJoin.builder().build();
      oneThread = PointInTimeJoin.builder().parallel(false).build();
    }

    private static void swap(long[] a, int i, int j) {
      long t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** The same data loaded into an in-memory DuckDB; checked once against our join before timing. */
  @State(Scope.Benchmark)
  public static class DuckDb {
    Connection connection;
    Statement statement;

    @Setup(Level.Trial)
    public void load(Data data) throws SQLException {
      connection = DriverManager.getConnection("jdbc:duckdb:");
      statement = connection.createStatement();
      statement.execute("CREATE TABLE events(entity BIGINT, valid_from BIGINT, recorded_at BIGINT, v DOUBLE)");
      statement.execute("CREATE TABLE spine(row_id INTEGER, entity BIGINT, t BIGINT)");
      DuckDBConnection duck = connection.unwrap(DuckDBConnection.class);
      try (DuckDBAppender appender = duck.createAppender("main", "events")) {
        for (int i = 0; i < EVENTS; i++) {
          appender.beginRow().append(data.entity[i]).append(data.time[i]).append(data.time[i])
              .append(data.values[i]).endRow();
        }
      }
      try (DuckDBAppender appender = duck.createAppender("main", "spine")) {
        for (int r = 0; r < SPINE_ROWS; r++) {
          appender.beginRow().append(r).append(data.spineEntity[r]).append(data.decisionTime[r]).endRow();
        }
      }
      statement.execute("RESET threads");
      System.out.println("\nDuckDB " + scalar("SELECT version()") + ", default threads = "
          + scalar("SELECT current_setting('threads')"));
      checkSameResult(data);
    }

    /** Both engines must find the same number of values and the same knowledge times. */
    private void checkSameResult(Data data) throws SQLException {
      asofJoin();
      JoinedFeature.Numeric ours = data.join.join(data.spine, data.log).numeric("f");
      long found = 0;
      long knownAtSum = 0;
      for (int r = 0; r < SPINE_ROWS; r++) {
        if (ours.knownAt()[r] != JoinedFeature.NO_KNOWN_AT) {
          found++;
          knownAtSum += ours.knownAt()[r];
        }
      }
      try (ResultSet result =
          statement.executeQuery("SELECT count(v), sum(recorded_at)::HUGEINT::VARCHAR FROM joined")) {
        result.next();
        long duckFound = result.getLong(1);
        String duckSum = result.getString(2);
        if (duckFound != found || !String.valueOf(knownAtSum).equals(duckSum)) {
          throw new IllegalStateException("DuckDB and PointInTimeJoin disagree: " + duckFound + " vs " + found
              + " values, knownAt sums " + duckSum + " vs " + knownAtSum);
        }
      }
    }

    private String scalar(String sql) throws SQLException {
      try (ResultSet result = statement.executeQuery(sql)) {
        result.next();
        return result.getString(1);
      }
    }

    int asofJoin() throws SQLException {
      return statement.executeUpdate(
          "CREATE OR REPLACE TEMP TABLE joined AS SELECT s.row_id, e.v, e.recorded_at FROM spine s"
              + " ASOF LEFT JOIN events e ON s.entity = e.entity AND s.t >= e.valid_from");
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      connection.close();
    }
  }

  @Benchmark
  public FeatureTable pointInTimeJoin(Data data) {
    return data.join.join(data.spine, data.log);
  }

  @Benchmark
  public FeatureTable pointInTimeJoinOneThread(Data data) {
    return data.oneThread.join(data.spine, data.log);
  }

  @Benchmark
  public int duckDbDefaultThreads(DuckDb duckDb) throws SQLException {
    duckDb.statement.execute("RESET threads");
    return duckDb.asofJoin();
  }

  @Benchmark
  public int duckDbTwoThreads(DuckDb duckDb) throws SQLException {
    duckDb.statement.execute("SET threads = 2");
    return duckDb.asofJoin();
  }
}
