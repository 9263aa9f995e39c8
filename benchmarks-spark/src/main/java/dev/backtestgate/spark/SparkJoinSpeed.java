package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apiguardian.api.API;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * A runner (not a test) that times the point-in-time join side by side: the in-memory
 * {@code PointInTimeJoin}, DuckDB's {@code ASOF LEFT JOIN} and {@link SparkPointInTimeJoin} on
 * {@code local[2]}, on the same data, and checks that all three find the same values. The data follow a
 * formula that both Java and Spark SQL evaluate, so Spark generates its copy itself ({@code spark.range})
 * instead of holding it on the heap: like PointInTimeJoinBenchmark, 100k entities, events spread over
 * 1000 days in recorded order, one time axis (recordedAt == validFrom) so that DuckDB's as-of join
 * computes the same thing. In modes {@code all} and {@code spark} each Spark run is followed by the join a
 * Spark user writes by hand (spine and events unioned, {@code last(..., ignoreNulls)} over a window by entity
 * ordered by time), which must give the same checksum; mode {@code ours} skips it. After each Spark job the
 * runner prints Spark's own metrics per stage (wall, task time, shuffle bytes, spills). With {@code -Dskew=true}
 * half of the events and half of the spine rows belong to one entity. {@code -Dmaster=local[8]} sets the
 * master (default {@code local[2]}), {@code -Dpartitions=N} {@code spark.sql.shuffle.partitions} (default one per
 * million input rows, at least 8), {@code -DinputPartitions=N} the partitions each generated input starts in
 * (default Spark's default parallelism, the master's thread count).
 *
 * <pre>
 * mvn -B -ntp -Pspark-benchmarks -pl benchmarks-spark -am verify -DskipTests -Dbench=SparkJoinSpeed -Dbench.args="all 1000000 10000000" -Dbench.heap=6g
 * mvn -B -ntp -Pspark-benchmarks -pl benchmarks-spark -am verify -DskipTests -Dbench=SparkJoinSpeed -Dbench.args="ours 1000000 100000000" -Dbench.heap=2g
 * mvn -B -ntp -Pspark-benchmarks -pl benchmarks-spark -am verify -DskipTests -Dbench=SparkJoinSpeed -Dbench.args="memory 1000000 100000000" -Dbench.heap=2g
 * </pre>
 *
 * docs/speed.md gives the one command (module benchmarks-spark) and the numbers measured.
 */
@API(status = INTERNAL, since = "0.1")
public final class SparkJoinSpeed {
  static final long ENTITIES = 100_000;
  static final long START = 1_600_000_000_000L;
  static final long SPAN = 1_000L * 86_400_000L;

  private SparkJoinSpeed() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      throw new IllegalArgumentException("usage: SparkJoinSpeed all|spark|ours|memory SPINE_ROWS EVENTS");
    }
    String mode = args[0];
    long spineRows = Long.parseLong(args[1]);
    long events = Long.parseLong(args[2]);
    System.out.printf(Locale.ROOT, "spine %,d rows, %,d events, %,d entities%s, max heap %,d MiB, %d cores%n",
        spineRows, events, ENTITIES, SKEW ? " (skew: half of all rows on entity 0)" : "", Runtime.getRuntime().maxMemory() >> 20,
        Runtime.getRuntime().availableProcessors());
    Checksum memory = null;
    if (mode.equals("all") || mode.equals("memory")) {
      memory = inMemory((int) spineRows, (int) events, mode.equals("all"));
    }
    if (mode.equals("all") || mode.equals("spark") || mode.equals("ours")) {
      Checksum spark = spark(spineRows, events, !mode.equals("ours"));
      if (memory != null && !memory.equals(spark)) {
        throw new IllegalStateException("Spark and PointInTimeJoin disagree: " + spark + " vs " + memory);
      }
    }
  }

  /** Rows with a value and the sum of their knowledge times: what all engines must agree on. */
  record Checksum(long found, long knownAtSum) {}

  /** The Spark master, {@code -Dmaster=local[8]} for more tasks at once; default {@code local[2]}. */
  static final String MASTER = System.getProperty("master", "local[2]");

  /** With {@code -Dskew=true}, every other event and spine row belongs to entity 0 (one hot entity). */
  static final boolean SKEW = Boolean.getBoolean("skew");

  static long eventEntity(long i) {
    return SKEW && i % 2 == 0 ? 0 : (i * 2_654_435_761L) % ENTITIES; // i < 2^31: the product fits
  }

  static long eventTime(long i, long events) {
    return START + (long) ((double) SPAN * i / events) + (i * 7_919L) % 1_000;
  }

  static long spineEntity(long r) {
    return SKEW && r % 2 == 0 ? 0 : (r * 40_503L + 17) % ENTITIES;
  }

  static long decisionTime(long r) {
    return START + (r * 86_400_017L) % SPAN;
  }

  private static Checksum inMemory(int spineRows, int events, boolean withDuckDb) throws SQLException {
    long started = System.nanoTime();
    long[] entity;
    long[] time;
    double[] values;
    try {
      entity = new long[events];
      time = new long[events];
      values = new double[events];
      for (int i = 0; i < events; i++) {
        entity[i] = eventEntity(i);
        time[i] = eventTime(i, events);
        values[i] = (i % 1_000) / 1_000.0;
      }
    } catch (OutOfMemoryError e) {
      System.out.printf(Locale.ROOT, "in-memory: cannot even hold the %,d events' columns: %s%n", events, e);
      return null;
    }
    long[] spineEntity = new long[spineRows];
    long[] decisionTime = new long[spineRows];
    for (int r = 0; r < spineRows; r++) {
      spineEntity[r] = spineEntity(r);
      decisionTime[r] = decisionTime(r);
    }
    Spine spine = Spine.of(spineEntity, decisionTime);
    EventLog log = EventLog.numeric("f", entity, time, time, values);
    System.out.printf(Locale.ROOT, "in-memory: data generated in %.1f s%n", seconds(started));
    Checksum checksum = null;
    try {
      for (int run = 1; run <= 3; run++) {
        long t0 = System.nanoTime();
        JoinedFeature.Numeric joined = PointInTimeJoin.builder().build().join(spine, log).numeric("f");
        System.out.printf(Locale.ROOT, "in-memory PointInTimeJoin run %d: %.2f s%n", run, seconds(t0));
        long found = 0;
        long sum = 0;
        for (long known : joined.knownAt()) {
          if (known != JoinedFeature.NO_KNOWN_AT) {
            found++;
            sum += known;
          }
        }
        checksum = new Checksum(found, sum);
      }
    } catch (OutOfMemoryError e) {
      System.out.printf(Locale.ROOT, "in-memory PointInTimeJoin: out of memory: %s%n", e);
      return null;
    }
    System.out.println("in-memory checksum " + checksum);
    if (withDuckDb) {
      duckDb(spine, entity, time, values, checksum);
    }
    return checksum;
  }

  private static void duckDb(Spine spine, long[] entity, long[] time, double[] values, Checksum expected)
      throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement statement = connection.createStatement()) {
      statement.execute("SET threads = 2");
      statement.execute("CREATE TABLE events(entity BIGINT, valid_from BIGINT, recorded_at BIGINT, v DOUBLE)");
      statement.execute("CREATE TABLE spine(row_id INTEGER, entity BIGINT, t BIGINT)");
      DuckDBConnection duck = connection.unwrap(DuckDBConnection.class);
      try (DuckDBAppender appender = duck.createAppender("main", "events")) {
        for (int i = 0; i < entity.length; i++) {
          appender.beginRow().append(entity[i]).append(time[i]).append(time[i]).append(values[i]).endRow();
        }
      }
      try (DuckDBAppender appender = duck.createAppender("main", "spine")) {
        for (int r = 0; r < spine.size(); r++) {
          appender.beginRow().append(r).append(spine.entity()[r]).append(spine.decisionTime()[r]).endRow();
        }
      }
      for (int run = 1; run <= 3; run++) {
        long t0 = System.nanoTime();
        statement.executeUpdate(
            "CREATE OR REPLACE TEMP TABLE joined AS SELECT s.row_id, e.v, e.recorded_at FROM spine s"
                + " ASOF LEFT JOIN events e ON s.entity = e.entity AND s.t >= e.valid_from");
        System.out.printf(Locale.ROOT, "DuckDB ASOF LEFT JOIN (threads=2) run %d: %.2f s%n", run, seconds(t0));
      }
      try (ResultSet result = statement.executeQuery(
          "SELECT count(v), sum(recorded_at)::HUGEINT::VARCHAR FROM joined")) {
        result.next();
        Checksum duck2 = new Checksum(result.getLong(1), Long.parseLong(result.getString(2)));
        System.out.println("DuckDB checksum " + duck2 + (duck2.equals(expected) ? " (equal)" : " (DIFFERENT)"));
      }
    }
  }

  private static Checksum spark(long spineRows, long events, boolean handWritten) {
    String partitions = System.getProperty("partitions",
        String.valueOf(Math.max(8, (spineRows + events) / 1_000_000)));
    System.out.printf(Locale.ROOT, "master %s, spark.sql.shuffle.partitions %s%n", MASTER, partitions);
    SparkSession spark = SparkSession.builder()
        .master(MASTER)
        .appName("SparkJoinSpeed")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", partitions)
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    int slices = Integer.getInteger("inputPartitions", spark.sparkContext().defaultParallelism());
    System.out.printf(Locale.ROOT, "input partitions: %d for the spine, %d for the events%n", slices, slices);
    Dataset<Row> spine = spark.range(0, spineRows, 1, slices).selectExpr(
        "id AS rowId",
        (SKEW ? "IF(id % 2 = 0, 0, (id * 40503 + 17) % " + ENTITIES + ")" : "(id * 40503 + 17) % " + ENTITIES)
            + " AS entity",
        START + " + (id * 86400017) % " + SPAN + " AS decisionTime");
    Dataset<Row> log = spark.range(0, events, 1, slices).selectExpr(
        (SKEW ? "IF(id % 2 = 0, 0, (id * 2654435761) % " + ENTITIES + ")" : "(id * 2654435761) % " + ENTITIES)
            + " AS entity",
        START + " + CAST(CAST(" + SPAN + " AS DOUBLE) * id / " + events + " AS BIGINT) + (id * 7919) % 1000"
            + " AS validFrom",
        "id AS eventId",
        "(id % 1000) / 1000.0D AS value");
    log = log.selectExpr("entity", "validFrom", "validFrom AS recordedAt", "eventId", "value");
    StageMetrics stages = new StageMetrics();
    spark.sparkContext().addSparkListener(stages);
    Checksum checksum = null;
    for (int run = 1; run <= 2; run++) {
      long t0 = System.nanoTime();
      Dataset<Row> joined = SparkPointInTimeJoin.builder().build().join(spine, SparkEventLog.of("f", log));
      checksum = checksum(joined.selectExpr("count(f_knownAt)", "sum(CAST(f_knownAt AS DECIMAL(38, 0)))"));
      System.out.printf(Locale.ROOT, "Spark %s SparkPointInTimeJoin run %d (generation included): %.2f s, "
          + "checksum %s%n", MASTER, run, seconds(t0), checksum);
      stages.print();
      if (handWritten) {
        t0 = System.nanoTime();
        Checksum window = checksum(windowJoin(spine, log));
        System.out.printf(Locale.ROOT, "Spark %s hand-written union + last(ignoreNulls) window run %d "
            + "(generation included): %.2f s, checksum %s%n", MASTER, run, seconds(t0), window);
        stages.print();
        if (!window.equals(checksum)) {
          throw new IllegalStateException("the hand-written window join disagrees: " + window + " vs " + checksum);
        }
      }
      if (SPARK_AS_OF) {
        t0 = System.nanoTime();
        Checksum asOf = checksum(sparkAsOfJoin(spine, log));
        System.out.printf(Locale.ROOT, "Spark %s Dataset.joinAsOf (what pandas-on-Spark merge_asof calls) run %d "
            + "(generation included): %.2f s, checksum %s%n", MASTER, run, seconds(t0), asOf);
        stages.print();
        if (!asOf.equals(checksum)) {
          throw new IllegalStateException("Spark's joinAsOf disagrees: " + asOf + " vs " + checksum);
        }
      }
    }
    spark.stop();
    return checksum;
  }

  private static Checksum checksum(Dataset<Row> sums) {
    Row row = sums.first();
    return new Checksum(row.getLong(0), row.getDecimal(1).longValueExact());
  }

  /**
   * The as-of join a Spark user writes by hand: spine and events in one frame, then the last non-null knowledge
   * time over a window per entity ordered by time, events before spine rows at the same instant (an event valid at
   * the decision time is known then). Returns the same two sums as the join's checksum.
   */
  static Dataset<Row> windowJoin(Dataset<Row> spine, Dataset<Row> log) {
    Dataset<Row> rows = log.selectExpr("entity", "validFrom AS t", "0 AS kind", "eventId AS tie",
            "recordedAt AS knownAt", "value")
        .unionByName(spine.selectExpr("entity", "decisionTime AS t", "1 AS kind", "rowId AS tie",
            "CAST(NULL AS BIGINT) AS knownAt", "CAST(NULL AS DOUBLE) AS value"));
    return rows.selectExpr("kind",
            "last(knownAt, true) OVER (PARTITION BY entity ORDER BY t, kind, tie"
                + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS asOfKnownAt",
            "last(value, true) OVER (PARTITION BY entity ORDER BY t, kind, tie"
                + " ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS asOfValue")
        .where("kind = 1")
        .selectExpr("count(asOfKnownAt)", "sum(CAST(asOfKnownAt AS DECIMAL(38, 0)))");
  }

  /** With {@code -Dasof=true}, each Spark run is also followed by Spark's own as-of join. */
  static final boolean SPARK_AS_OF = Boolean.getBoolean("asof");

  /**
   * Spark's own as-of join: {@code Dataset.joinAsOf}, which Spark 4.2 keeps out of its public API
   * ({@code private[sql]}; pandas-on-Spark's {@code merge_asof} calls it) and rewrites into a join on the entity
   * with {@code validFrom <= decisionTime} followed by an aggregation per spine row. Backward, exact matches
   * allowed, no tolerance: with one time axis the same rule as ours. Returns the checksum's two sums.
   */
  static Dataset<Row> sparkAsOfJoin(Dataset<Row> spine, Dataset<Row> log) {
    Dataset<Row> joined = ((org.apache.spark.sql.classic.Dataset<Row>) spine).joinAsOf(
        (org.apache.spark.sql.classic.Dataset<Row>) log, spine.col("decisionTime"), log.col("validFrom"),
        scala.jdk.javaapi.CollectionConverters.asScala(java.util.List.of("entity")).toSeq(), "left", null, true,
        "backward");
    return joined.selectExpr("count(recordedAt)", "sum(CAST(recordedAt AS DECIMAL(38, 0)))");
  }

  /**
   * Per finished stage: wall time, task time, shuffle bytes written and read, spills, and the longest task (its
   * run time and CPU time); printed and reset per job. The critical path printed after the stages is the sum over
   * them of the longest task's run time: what the job would take with a core per task and no waiting between
   * stages. The longest task's CPU time is printed beside it, since on a machine with fewer cores than running
   * tasks a task's run time includes waiting for a core.
   */
  static final class StageMetrics extends org.apache.spark.scheduler.SparkListener {
    private final java.util.List<String> lines = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
    private final java.util.Map<Integer, long[]> longest = new java.util.concurrent.ConcurrentHashMap<>();
    private long criticalRun;
    private long criticalCpu;

    @Override
    public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
      org.apache.spark.executor.TaskMetrics m = end.taskMetrics();
      if (m == null) {
        return;
      }
      long run = m.executorRunTime();
      long cpu = m.executorCpuTime() / 1_000_000;
      longest.merge(end.stageId(), new long[] {run, cpu},
          (a, b) -> new long[] {Math.max(a[0], b[0]), Math.max(a[1], b[1])});
    }

    @Override
    public void onStageCompleted(org.apache.spark.scheduler.SparkListenerStageCompleted completed) {
      org.apache.spark.scheduler.StageInfo info = completed.stageInfo();
      org.apache.spark.executor.TaskMetrics m = info.taskMetrics();
      long wall = info.completionTime().isDefined() && info.submissionTime().isDefined()
          ? (Long) info.completionTime().get() - (Long) info.submissionTime().get() : -1;
      long[] max = longest.getOrDefault(info.stageId(), new long[2]);
      String name = info.name().length() > 40 ? info.name().substring(0, 40) : info.name();
      synchronized (lines) {
        criticalRun += max[0];
        criticalCpu += max[1];
        lines.add(String.format(Locale.ROOT, "  stage %3d %-40s %4d tasks  wall %6d ms  task run %7d ms  "
                + "longest task %6d ms (CPU %6d ms)  (GC %5d ms, deser %5d ms)  shuffle write %,13d B (%6d ms)  "
                + "read %,13d B  spill mem %,d disk %,d",
            info.stageId(), name, info.numTasks(), wall, m.executorRunTime(), max[0], max[1], m.jvmGCTime(),
            m.executorDeserializeTime(), m.shuffleWriteMetrics().bytesWritten(),
            m.shuffleWriteMetrics().writeTime() / 1_000_000, m.shuffleReadMetrics().totalBytesRead(),
            m.memoryBytesSpilled(), m.diskBytesSpilled()));
      }
    }

    void print() {
      synchronized (lines) {
        lines.forEach(System.out::println);
        System.out.printf(Locale.ROOT, "  critical path (sum over stages of the longest task): run %d ms, CPU %d ms%n",
            criticalRun, criticalCpu);
        lines.clear();
        longest.clear();
        criticalRun = 0;
        criticalCpu = 0;
      }
    }
  }

  private static double seconds(long startedNanos) {
    return (System.nanoTime() - startedNanos) / 1e9;
  }
}
