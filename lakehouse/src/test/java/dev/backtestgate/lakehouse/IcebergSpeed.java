package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.history.TableHistory;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.PointInTimeJoin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Locale;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Snapshot;
import org.apiguardian.api.API;

/**
 * A runner (not a test), no Spark: writes an Iceberg path table (format version 2, partitioned by day) through
 * Iceberg's Java API with ROWS rows in one bulk commit (100 days, one Parquet file of ROWS / 100 entities a
 * day) and then small commits up to COMMITS (appends of 100 rows into new days; every tenth a
 * copy-on-write rewrite of a whole old day with new scores), and times, with wall and this JVM's CPU time: reading
 * its history ({@link IcebergHistory}, every snapshot), building the transaction-time events
 * ({@link IcebergEvents}), and the in-memory join of SPINE decision rows on those events beside a plain as-of join
 * on the latest rows (recordedAt = valid time), both {@link PointInTimeJoin}.
 *
 * <pre>
 * java -Xmx4g -cp [test class path] dev.backtestgate.lakehouse.IcebergSpeed 100 1000000 1000000
 * java -Xmx6g -cp [test class path] dev.backtestgate.lakehouse.IcebergSpeed 1000 10000000 1000000 history
 * </pre>
 *
 * <p>With {@code history} it stops after the history: no events, no joins.
 */
@API(status = INTERNAL)
public final class IcebergSpeed {
  private static final LocalDate FIRST_DAY = LocalDate.parse("2024-01-01");
  private static final int BULK_DAYS = 100;

  private IcebergSpeed() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 3 || args.length > 4 || (args.length == 4 && !args[3].equals("history"))) {
      throw new IllegalArgumentException("usage: IcebergSpeed COMMITS ROWS SPINE [history], got "
          + String.join(" ", args) + " (history: stop after the history, no events and no joins)");
    }
    boolean historyOnly = args.length == 4;
    int commits = Integer.parseInt(args[0]);
    int rows = Integer.parseInt(args[1]);
    int spineRows = Integer.parseInt(args[2]);
    Path dir = Files.createTempDirectory("iceberg-speed");
    int entities = Math.max(1, rows / BULK_DAYS);
    Stopwatch write = Stopwatch.start();
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    DataFile[] days = new DataFile[BULK_DAYS];
    double[][] scores = new double[BULK_DAYS][entities];
    long[] ids = new long[entities];
    for (int e = 0; e < entities; e++) {
      ids[e] = e;
    }
    var bulk = t.table.newAppend();
    for (int d = 0; d < BULK_DAYS; d++) {
      for (int e = 0; e < entities; e++) {
        scores[d][e] = Math.floorMod((long) e * 31 + d * 17, 1000);
      }
      days[d] = t.writeScores(FIRST_DAY.plusDays(d), ids, scores[d]);
      bulk.appendFile(days[d]);
    }
    bulk.commit();
    int rewrites = 0;
    for (int c = 2; c <= commits; c++) {
      if (c % 10 == 0) {
        int d = c % BULK_DAYS;
        for (int e = 0; e < entities; e++) {
          scores[d][e] += 1;
        }
        DataFile rewritten = t.writeScores(FIRST_DAY.plusDays(d), ids, scores[d]);
        t.table.newOverwrite().deleteFile(days[d]).addFile(rewritten).commit();
        days[d] = rewritten;
        rewrites++;
      } else {
        long[] some = new long[100];
        double[] values = new double[100];
        for (int i = 0; i < 100; i++) {
          some[i] = (long) i * 7 % entities;
          values[i] = i;
        }
        t.table.newAppend().appendFile(t.writeScores(FIRST_DAY.plusDays(BULK_DAYS + c), some, values)).commit();
      }
    }
    t.table.refresh();
    System.out.printf(Locale.ROOT, "table: %d snapshots, %d rows in the bulk commit, %d entities, %d copy-on-write "
        + "rewrites of a day; written in %s%n", commits, (long) entities * BULK_DAYS, entities, rewrites,
        write.stop());

    Snapshot first = t.table.snapshots().iterator().next();
    Stopwatch history = Stopwatch.start();
    TableHistory read = IcebergHistory.of(t.location).partitionColumn("day").validTimeColumn("day")
        .closedAfterDays(0).sinceSnapshot(first.snapshotId());
    System.out.printf(Locale.ROOT, "IcebergHistory, every snapshot: %s (%d rewrite finding(s), snapshot %d)%n",
        history.stop(), read.rewrites().findings().size(), read.version());
    if (historyOnly) {
      delete(dir);
      return;
    }

    Stopwatch build = Stopwatch.start();
    EventLog events = IcebergEvents.of(t.location).entityColumn("id").validTimeColumn("day").numeric("score");
    System.out.printf(Locale.ROOT, "IcebergEvents, every snapshot: %s (%d events)%n", build.stop(), events.size());

    EventLog.NumericBuilder plainBuilder = EventLog.numericBuilder("score");
    for (int d = 0; d < BULK_DAYS; d++) {
      long valid = FIRST_DAY.plusDays(d).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
      for (int e = 0; e < entities; e++) {
        plainBuilder.add(e, valid, valid, scores[d][e]);
      }
    }
    EventLog plain = plainBuilder.build();
    JoinRounds.run(events, plain, entities, spineRows);
    delete(dir);
  }

  private static void delete(Path dir) throws java.io.IOException {
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(java.io.File::delete);
    }
  }
}
