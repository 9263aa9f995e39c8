package dev.backtestgate.examples;

import dev.backtestgate.history.TableHistory;
import dev.backtestgate.lakehouse.DeltaEvents;
import dev.backtestgate.lakehouse.DeltaHistory;
import dev.backtestgate.time.Corrections;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.ManualClock;

/**
 * The credit world's statement statuses in two real Delta tables on the local file system ({@code local[2]}, under
 * {@code target/delta-credit}), loaded month by month, then cleaned up on 2025-08-15 with {@link
 * NormalizeStatusBackfill}'s rule in one of two ways:
 *
 * <ul>
 *   <li>{@link #merged()}: one {@code MERGE INTO} that overwrites the old status codes in place;
 *   <li>{@link #corrected()}: the same new codes appended as correction rows written on the cleanup day; no row
 *       changes.
 * </ul>
 *
 * <p>Each row is one status event: {@code account_id}, {@code valid_from} (the statement date), {@code recorded_at}
 * (when the load wrote it), {@code status} and its {@code code} (the index in {@link StatusCodes#CODES}), {@code
 * reason} ({@code STATEMENT}, or the cleanup's reason code) and {@code written_on}, the UTC day the row was written,
 * which partitions the table. The table is created on 2024-01-01 with the statements dated before 2024 (its migrated
 * history); from then on a monthly load appends each month's statements at 06:00 UTC on the first day of the next
 * month, one commit and one new partition per month ({@link #writtenAt}), through the data cut. So every partition was
 * closed long before the cleanup. (One commit per statement day, about 500 of them, took too long for the demo on a
 * shared machine: about 60 of them took 8 minutes under load.)
 *
 * <p>The commits carry the world's calendar, not the machine's: Delta stamps each commit with its log's clock, here
 * Spark's {@code ManualClock}, set before each commit, and the tables keep it as their in-commit timestamps
 * ({@code delta.enableInCommitTimestamps}), the commit times the history, the change data feed and time travel read.
 * The change data feed is on from version 0. Those commit times lie more than Delta's default retention (7 days for
 * removed files, 30 for the log) before the machine's clock, so the tables keep both for ten years: time travel and
 * the feed refuse to read a version older than the retention. Built once per JVM.
 *
 * <pre>{@code
 * DeltaCredit delta = DeltaCredit.tables();
 * TableHistory history = delta.history(delta.merged());   // the MERGE: rewritten-history
 * StatementTable table = delta.statementTable();          // the merged table as it is now
 * }</pre>
 */
final class DeltaCredit {
  /** The partition column, also the valid time the history check closes partitions by: the day a row was written. */
  static final String PARTITION = "written_on";
  static final String ENTITY = "account_id";
  static final String VALID_FROM = "valid_from";
  static final String CODE = "code";
  /** Where the history check's window starts: the day of the first credit-line review. */
  static final Instant WINDOW_FROM = Instant.ofEpochMilli(Timeline.DECISIONS_FROM);
  /** The hour of each monthly load: before the day's first credit-line review (09:00). */
  private static final long COMMIT_HOUR = 6 * Timeline.HOUR;
  private static final String STATEMENT = StatusLog.REASONS.get(StatusLog.STATEMENT);
  /** The rows as the driver builds them: days since the epoch and epoch milliseconds, converted by Spark SQL. */
  private static final StructType STAGED = new StructType()
      .add(ENTITY, DataTypes.LongType, false).add("valid_day", DataTypes.IntegerType, false)
      .add("recorded_ms", DataTypes.LongType, false).add("status", DataTypes.StringType, false)
      .add(CODE, DataTypes.IntegerType, false).add("reason", DataTypes.StringType, false)
      .add("written_day", DataTypes.IntegerType, false);

  private final SparkSession spark;
  private final CreditWorld world;
  private final String merged;
  private final String corrected;

  private DeltaCredit(SparkSession spark, CreditWorld world, String merged, String corrected) {
    this.spark = spark;
    this.world = world;
    this.merged = merged;
    this.corrected = corrected;
  }

  /** The two tables of the standard world, written on first use. */
  static DeltaCredit tables() {
    return Holder.TABLES;
  }

  private static final class Holder {
    static final DeltaCredit TABLES = write(SparkCredit.session(), CreditBacktests.standard().world(),
        Path.of("target", "delta-credit").toAbsolutePath());
  }

  /** The path of the table the cleanup rewrote in place with {@code MERGE INTO}. */
  String merged() {
    return merged;
  }

  /** The path of the table the cleanup appended its corrections to. */
  String corrected() {
    return corrected;
  }

  /**
   * The history of {@code table} since {@link #WINDOW_FROM} read from its log, partitions closed by the day they were
   * written, changed rows paired by account.
   */
  TableHistory history(String table) {
    return DeltaHistory.of(spark, table).partitionColumn(PARTITION).validTimeColumn(PARTITION).keyColumn(ENTITY)
        .since(WINDOW_FROM);
  }

  /** The merged table as it is now, as a {@link StatementTable}: rows the MERGE changed carry no trace of it. */
  StatementTable statementTable() {
    StatementTable table = StatementTable.load(world);
    List<Row> rows = spark.read().format("delta").load(merged)
        .selectExpr(ENTITY, "unix_date(" + VALID_FROM + ")", CODE).collectAsList();
    if (rows.size() != table.size()) {
      throw new IllegalStateException("the Delta table " + merged + " holds " + rows.size() + " rows, the statement "
          + "table " + table.size() + ": the tables are rewritten from the credit world on every run, so a monthly "
          + "load or the MERGE in DeltaCredit.write lost or added rows, or the world's generator changed without "
          + "the loads. Compare the table's history (DESCRIBE HISTORY) with the months DeltaCredit.write loads.");
    }
    for (Row row : rows) {
      int statement = statementRow(row.getLong(0), row.getInt(1) * Timeline.DAY);
      if (table.status()[statement] != row.getInt(2)) {
        table.update(statement, row.getInt(2), Timeline.BACKFILL_AT, StatementTable.Stamping.SILENT);
      }
    }
    return table;
  }

  /**
   * The corrected table read as the append-only log it is: one {@code STATEMENT} event per row written by the daily
   * commits, then one correction per row the cleanup appended, naming the statement event it corrects.
   */
  StatusLog statusLog() {
    List<Row> rows = new ArrayList<>(spark.read().format("delta").load(corrected)
        .selectExpr(ENTITY, "unix_date(" + VALID_FROM + ")", "unix_millis(recorded_at)", CODE, "reason")
        .collectAsList());
    rows.sort(Comparator.comparing((Row r) -> !r.getString(4).equals(STATEMENT))
        .thenComparingLong(r -> r.getLong(0)).thenComparingInt(r -> r.getInt(1)));
    StatusLog log = StatusLog.empty();
    for (Row row : rows) {
      long validFrom = row.getInt(1) * Timeline.DAY;
      boolean statement = row.getString(4).equals(STATEMENT);
      log.append(row.getLong(0), validFrom, row.getLong(2), row.getInt(3),
          statement ? StatusLog.STATEMENT : StatusLog.CORRECTION,
          statement ? Corrections.NONE : statementRow(row.getLong(0), validFrom));
    }
    return log;
  }

  /**
   * The merged table's transaction-time log: {@link DeltaEvents} over its log, each value recorded at the commit that
   * made it visible, so the MERGE's codes are known from 2025-08-15 only.
   */
  StatusLog transactionTimeLog() {
    EventLog events = DeltaEvents.of(spark, merged).entityColumn(ENTITY).validTimeColumn(VALID_FROM).numeric(CODE);
    StatusLog log = StatusLog.empty();
    for (int e = 0; e < events.size(); e++) {
      log.append(events.entity()[e], events.validFrom()[e], events.recordedAt()[e], (int) events.values()[e],
          StatusLog.STATEMENT);
    }
    return log;
  }

  /** The statement row of {@code account} dated {@code validFrom}. */
  private int statementRow(long account, long validFrom) {
    int row = InPlaceFeatures.latestOnOrBefore(world, Math.toIntExact(account), validFrom);
    if (row < 0 || world.statements().statementAt()[row] != validFrom) {
      throw new IllegalStateException("the Delta tables hold a status of account " + account + " dated "
          + Instant.ofEpochMilli(validFrom) + " that the credit world has no statement for: the tables are rewritten "
          + "from the world on every run, so DeltaCredit.write dated a status wrongly (its valid-time column "
          + VALID_FROM + ") or the world's generator changed without the loads. Check the month it was loaded in.");
    }
    return row;
  }

  /**
   * Writes both tables under {@code dir} (replacing what is there): the statements day by day into one table, a copy
   * of it, then the cleanup, merged into the first and appended to the copy.
   */
  private static DeltaCredit write(SparkSession spark, CreditWorld world, Path dir) {
    deleteRecursively(dir);
    String merged = dir.resolve("status-merged").toString();
    String corrected = dir.resolve("status-corrected").toString();
    Statements s = world.statements();
    ManualClock clock = new ManualClock(Timeline.DECISIONS_FROM);
    DeltaLog.forTable(spark, new org.apache.hadoop.fs.Path(merged), clock);
    spark.sql("CREATE TABLE delta.`" + merged + "` (" + ENTITY + " BIGINT, " + VALID_FROM + " DATE, recorded_at "
        + "TIMESTAMP, status STRING, " + CODE + " INT, reason STRING, " + PARTITION + " DATE) USING delta "
        + "PARTITIONED BY (" + PARTITION + ") TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true', "
        + "'delta.enableInCommitTimestamps' = 'true', 'delta.deletedFileRetentionDuration' = 'interval 3650 days', "
        + "'delta.logRetentionDuration' = 'interval 3650 days')");
    int[] order = byStatementDate(s);
    List<Row> rows = new ArrayList<>();
    for (int next = 0; next < order.length; ) {
      long writtenAt = writtenAt(s.statementAt()[order[next]]);
      rows.clear();
      for (; next < order.length && writtenAt(s.statementAt()[order[next]]) == writtenAt; next++) {
        int row = order[next];
        rows.add(stagedRow(s.account()[row], s.statementAt()[row], writtenAt, s.code()[row], STATEMENT, writtenAt));
      }
      clock.setTime(writtenAt);
      staged(spark, rows).write().format("delta").mode("append").save(merged);
    }
    copy(Path.of(merged), Path.of(corrected));
    DeltaLog.forTable(spark, new org.apache.hadoop.fs.Path(corrected), clock);

    clock.setTime(Timeline.BACKFILL_AT);
    List<Row> cleanup = new ArrayList<>();
    for (int statement = 0; statement < s.size(); statement++) {
      int target = NormalizeStatusBackfill.normalized(world, statement);
      if (target != s.code()[statement]) {
        cleanup.add(stagedRow(s.account()[statement], s.statementAt()[statement], Timeline.BACKFILL_AT, target,
            NormalizeStatusBackfill.REASON, Timeline.BACKFILL_AT));
      }
    }
    staged(spark, cleanup).write().format("delta").mode("append").save(corrected);
    // the MERGE takes the same rows from the corrections just committed: the driver holds them once
    spark.sql("MERGE INTO delta.`" + merged + "` AS t USING (SELECT * FROM delta.`" + corrected + "` WHERE reason = '"
        + NormalizeStatusBackfill.REASON + "') AS c ON t." + ENTITY + " = c." + ENTITY + " AND t." + VALID_FROM
        + " = c." + VALID_FROM + " WHEN MATCHED THEN UPDATE SET t.status = c.status, t." + CODE + " = c." + CODE);
    return new DeltaCredit(spark, world, merged, corrected);
  }

  /**
   * When the monthly load writes a statement dated {@code statementAt}: 06:00 UTC on the first day of the next month;
   * the statements dated before 2024 all on 2024-01-01, the table's first load.
   */
  static long writtenAt(long statementAt) {
    LocalDate nextMonth = LocalDate.ofEpochDay(Math.floorDiv(statementAt, Timeline.DAY)).withDayOfMonth(1)
        .plusMonths(1);
    return Math.max(Timeline.DECISIONS_FROM, nextMonth.toEpochDay() * Timeline.DAY) + COMMIT_HOUR;
  }

  /** The statement rows in statement-date order (stable). */
  private static int[] byStatementDate(Statements s) {
    Integer[] rows = new Integer[s.size()];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = i;
    }
    java.util.Arrays.sort(rows, Comparator.comparingLong(i -> s.statementAt()[i]));
    return java.util.Arrays.stream(rows).mapToInt(Integer::intValue).toArray();
  }

  private static Row stagedRow(long account, long validFrom, long recordedAt, int code, String reason, long written) {
    return RowFactory.create(account, Math.toIntExact(Math.floorDiv(validFrom, Timeline.DAY)), recordedAt,
        StatusCodes.CODES.get(code), code, reason, Math.toIntExact(Math.floorDiv(written, Timeline.DAY)));
  }

  /** {@code rows} with the table's columns and types. */
  private static Dataset<Row> staged(SparkSession spark, List<Row> rows) {
    return spark.createDataFrame(rows, STAGED).selectExpr(ENTITY, "date_from_unix_date(valid_day) AS " + VALID_FROM,
        "timestamp_millis(recorded_ms) AS recorded_at", "status", CODE, "reason",
        "date_from_unix_date(written_day) AS " + PARTITION);
  }

  private static void copy(Path from, Path to) {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Files.copy(file, to.resolve(from.relativize(file).toString()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the Delta table " + from + " to " + to + " ("
          + e.getMessage() + "): check the free space and permissions under target/delta-credit, then run again.", e);
    }
  }

  private static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the old Delta tables under " + dir + ": delete it by hand", e);
    }
  }
}
