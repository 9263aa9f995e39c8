package dev.backtestgate.lakehouse;

import dev.backtestgate.history.TableHistory;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A runner (not a test) on {@code local[2]}: writes a Delta table (change data feed on, partitioned by day) with
 * ROWS rows in one bulk commit and then small commits up to COMMITS (appends of 100 rows into new days; every tenth
 * an in-place UPDATE of an old day), and times, with wall and this JVM's CPU time: reading its history
 * ({@link DeltaHistory}, every commit), building the transaction-time events from the change data feed
 * ({@link DeltaEvents}), and the in-memory join of SPINE decision rows on those events beside a plain as-of join on
 * the latest snapshot (recordedAt = valid time), both {@link PointInTimeJoin}.
 *
 * <pre>
 * java [Spark's JVM flags] -Xmx6g -cp [test class path] dev.backtestgate.lakehouse.DeltaSpeed 200 1000000 1000000
 * </pre>
 */
public final class DeltaSpeed {
  private DeltaSpeed() {}

  public static void main(String[] args) {
    if (args.length != 3) {
      throw new IllegalArgumentException("usage: DeltaSpeed COMMITS ROWS SPINE");
    }
    int commits = Integer.parseInt(args[0]);
    long rows = Long.parseLong(args[1]);
    int spineRows = Integer.parseInt(args[2]);
    SparkSession spark = DeltaTests.session();
    spark.sparkContext().setLogLevel("ERROR");
    Path dir = DeltaTests.freshDir("speed");
    String t = "delta.`" + dir + "`";
    long entities = Math.max(1, rows / 100);
    Stopwatch write = Stopwatch.start();
    spark.sql("CREATE TABLE " + t + " (id BIGINT, day DATE, score DOUBLE) USING delta PARTITIONED BY (day) "
        + "TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    spark.range(rows).selectExpr("id % " + entities + " AS id",
        "date_add(DATE'2024-01-01', CAST(id DIV " + entities + " AS INT)) AS day",
        "CAST(abs(hash(id)) % 1000 AS DOUBLE) AS score").write().format("delta").mode("append").save(dir.toString());
    long days = (rows + entities - 1) / entities;
    for (int c = 2; c < commits; c++) {
      if (c % 10 == 0) {
        spark.sql("UPDATE " + t + " SET score = score + 1 WHERE day = date_add(DATE'2024-01-01', " + (c % days)
            + ")");
      } else {
        spark.range(100).selectExpr("id * 7 % " + entities + " AS id",
            "date_add(DATE'2024-01-01', " + (days + c) + ") AS day", "CAST(id AS DOUBLE) AS score")
            .write().format("delta").mode("append").save(dir.toString());
      }
    }
    System.out.printf(Locale.ROOT, "table: %d commits, %d rows in the bulk commit, %d entities; written in %s%n",
        commits, rows, entities, write.stop());

    Stopwatch history = Stopwatch.start();
    TableHistory read = DeltaHistory.of(spark, dir.toString()).partitionColumn("day").validTimeColumn("day")
        .sinceVersion(0);
    System.out.printf(Locale.ROOT, "DeltaHistory, every commit: %s (%d rewrite finding(s), version %d)%n",
        history.stop(), read.rewrites().findings().size(), read.version());

    Stopwatch build = Stopwatch.start();
    EventLog events = DeltaEvents.of(spark, dir.toString()).entityColumn("id").validTimeColumn("day")
        .numeric("score");
    System.out.printf(Locale.ROOT, "DeltaEvents from the change data feed: %s (%d events)%n", build.stop(),
        events.size());

    List<Row> latest = spark.read().format("delta").load(dir.toString())
        .selectExpr("id", "CAST(unix_micros(CAST(day AS TIMESTAMP)) DIV 1000 AS BIGINT)", "score").collectAsList();
    EventLog.NumericBuilder plainBuilder = EventLog.numericBuilder("score");
    for (Row row : latest) {
      plainBuilder.add(row.getLong(0), row.getLong(1), row.getLong(1), row.getDouble(2));
    }
    EventLog plain = plainBuilder.build();
    long first = events.recordedAt()[0];
    long last = events.recordedAt()[events.size() - 1];
    Random random = new Random(5);
    Spine.Builder spineBuilder = Spine.builder();
    for (int i = 0; i < spineRows; i++) {
      spineBuilder.add(random.nextLong(entities), first + (long) (random.nextDouble() * (last - first + 1)));
    }
    Spine spine = spineBuilder.build();
    PointInTimeJoin join = PointInTimeJoin.builder().build();
    for (int round = 1; round <= 3; round++) {
      Stopwatch tt = Stopwatch.start();
      FeatureTable a = join.join(spine, events);
      String ttTime = tt.stop();
      Stopwatch asOf = Stopwatch.start();
      FeatureTable b = join.join(spine, plain);
      String asOfTime = asOf.stop();
      System.out.printf(Locale.ROOT, "round %d, %d spine rows: transaction-time join %s (%d values); plain as-of "
          + "join %s (%d values)%n", round, spineRows, ttTime, present(a), asOfTime, present(b));
    }
    spark.stop();
  }

  private static long present(FeatureTable table) {
    long n = 0;
    for (double v : table.numeric("score").values()) {
      n += Double.isNaN(v) ? 0 : 1;
    }
    return n;
  }
}
