package dev.backtestgate.lakehouse;

import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.PointInTimeJoin;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A runner (not a test) on {@code local[2]}: writes a Delta table partitioned by day ({@link DeltaSpeedTable}: ROWS
 * rows in one bulk commit, then small commits up to COMMITS through Delta's transaction API, appends of 100 rows
 * into new days and, every tenth, an in-place rewrite of an old day's file), and times, with wall and this JVM's
 * CPU time: reading its history ({@link DeltaHistory}, every commit), building the transaction-time events
 * ({@link DeltaEvents}: from the change data feed, or by time travel with {@code timetravel}, which writes the table
 * with the feed off), and the in-memory join of SPINE decision rows on those events beside a plain as-of join on
 * the latest snapshot (recordedAt = valid time), both {@link PointInTimeJoin}. The history is read twice: with
 * Spark (example rows from the change data feed) and from the log alone ({@link DeltaHistory#of(String)}, as the
 * command line reads it). With {@code history} (feed on) it stops after the history: no events, no joins.
 *
 * <pre>
 * java [Spark's JVM flags] -Xmx6g -cp [test class path] dev.backtestgate.lakehouse.DeltaSpeed 1000 10000000 1000000
 * java [Spark's JVM flags] -Xmx6g -cp [test class path] dev.backtestgate.lakehouse.DeltaSpeed 1000 10000000 1000000 \
 *     history
 * java [Spark's JVM flags] -Xmx2g -cp [test class path] dev.backtestgate.lakehouse.DeltaSpeed 50 100000 100000 \
 *     timetravel
 * </pre>
 */
public final class DeltaSpeed {
  private DeltaSpeed() {}

  public static void main(String[] args) {
    if (args.length < 3 || args.length > 4 || (args.length == 4 && !List.of("timetravel", "history")
        .contains(args[3]))) {
      throw new IllegalArgumentException("usage: DeltaSpeed COMMITS ROWS SPINE [timetravel|history], got "
          + String.join(" ", args) + " (timetravel: the change data feed off, events read by time travel; "
          + "history: stop after the history, no events and no joins)");
    }
    int commits = Integer.parseInt(args[0]);
    long rows = Long.parseLong(args[1]);
    int spineRows = Integer.parseInt(args[2]);
    boolean feed = args.length == 3 || args[3].equals("history");
    boolean historyOnly = args.length == 4 && args[3].equals("history");
    SparkSession spark = DeltaTests.session();
    spark.sparkContext().setLogLevel("ERROR");
    Path dir = DeltaTests.freshDir("speed");
    Stopwatch write = Stopwatch.start();
    DeltaSpeedTable table = DeltaSpeedTable.write(spark, dir, feed, commits, rows);
    long entities = table.entities();
    System.out.printf(Locale.ROOT, "table (change data feed %s): %d commits, %d rows in the bulk commit, %d "
        + "entities; written in %s%n", feed ? "on" : "off", commits, rows, entities, write.stop());

    Stopwatch history = Stopwatch.start();
    TableHistory read = DeltaHistory.of(spark, dir.toString()).partitionColumn("day").validTimeColumn("day")
        .sinceVersion(0);
    System.out.printf(Locale.ROOT, "DeltaHistory, every commit: %s (%d rewrite finding(s), version %d)%n",
        history.stop(), read.rewrites().findings().size(), read.version());
    int rewrites = (commits - 1) / 10;
    if (read.rewrites().findings().size() != rewrites || read.version() != commits - 1) {
      throw new IllegalStateException("DeltaHistory read " + read.rewrites().findings().size() + " rewrite "
          + "finding(s) up to version " + read.version() + ", the table holds " + rewrites + " rewrites up to version "
          + (commits - 1) + ": the table or its history reader is wrong, the timings mean nothing.");
    }
    if (feed) {
      requireExamples(read);
    }
    System.out.printf(Locale.ROOT, "  %s%n", read.window());

    Stopwatch logAlone = Stopwatch.start();
    TableHistory withoutSpark = DeltaHistory.of(dir.toString()).partitionColumn("day").validTimeColumn("day")
        .sinceVersion(0);
    System.out.printf(Locale.ROOT, "DeltaHistory.of(path), the log alone, every commit: %s (%d rewrite finding(s), "
        + "version %d)%n  %s%n", logAlone.stop(), withoutSpark.rewrites().findings().size(), withoutSpark.version(),
        withoutSpark.window());
    if (withoutSpark.rewrites().findings().size() != rewrites || withoutSpark.version() != read.version()) {
      throw new IllegalStateException("DeltaHistory.of(path) read " + withoutSpark.rewrites().findings().size()
          + " rewrite finding(s) up to version " + withoutSpark.version() + ", with Spark " + rewrites + " up to "
          + read.version() + ": the two readers disagree, the timings mean nothing.");
    }
    if (historyOnly) {
      spark.stop();
      return;
    }

    Stopwatch build = Stopwatch.start();
    EventLog events = DeltaEvents.of(spark, dir.toString()).entityColumn("id").validTimeColumn("day")
        .numeric("score");
    System.out.printf(Locale.ROOT, "DeltaEvents from %s: %s (%d events)%n",
        feed ? "the change data feed" : "time travel, one read per version", build.stop(), events.size());

    List<Row> latest = spark.read().format("delta").load(dir.toString())
        .selectExpr("id", "CAST(unix_micros(CAST(day AS TIMESTAMP)) DIV 1000 AS BIGINT)", "score").collectAsList();
    EventLog.NumericBuilder plainBuilder = EventLog.numericBuilder("score");
    for (Row row : latest) {
      plainBuilder.add(row.getLong(0), row.getLong(1), row.getLong(1), row.getDouble(2));
    }
    EventLog plain = plainBuilder.build();
    long expected = rows + (long) DeltaSpeedTable.SMALL_ROWS * (commits - 2 - rewrites);
    if (latest.size() != expected) {
      throw new IllegalStateException("Delta reads " + latest.size() + " rows at the latest version, the table "
          + "was written with " + expected + ": the commits are not what Delta reads.");
    }
    System.out.printf(Locale.ROOT, "latest snapshot read by Delta: %d rows%n", latest.size());
    JoinRounds.run(events, plain, entities, spineRows);
    spark.stop();
  }

  /** Stops unless every rewrite finding shows rows read from the change data feed. */
  private static void requireExamples(TableHistory read) {
    for (var finding : read.rewrites().findings()) {
      List<String> examples = ((HistoryFinding.Rewritten) finding).examples();
      if (examples.isEmpty() || examples.stream().anyMatch(line -> line.contains("could not be read"))) {
        throw new IllegalStateException("the rewrite of " + finding.partition() + " shows " + examples + " where "
            + "rows read from the change data feed belong: the example rows are wrong, the timings mean nothing.");
      }
    }
  }
}
