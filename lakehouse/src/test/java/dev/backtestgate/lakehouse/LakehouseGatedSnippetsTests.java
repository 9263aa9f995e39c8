package dev.backtestgate.lakehouse;

import dev.backtestgate.history.TableHistory;
import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Random;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gated snippets of docs/lakehouse.md, each a {@code @LeakageGated} test the gate judges after it returns: the
 * history of a real Delta table and of a real Iceberg table, each holding the last five days (appended while those
 * days were still open, under the default seven-day closing window), and their audits. Every gate here passes (a
 * failing one fails this class), which is the check: the snippets record what the page says, and the history read
 * since the first decision holds no rewrite and no late write.
 */
class LakehouseGatedSnippetsTests {
  private static final int ROWS = 400;
  private static SparkSession spark;
  /** The Delta table's path. */
  private static String accountStatus;
  /** The Iceberg table's location. */
  private static String icebergStatus;
  private static Instant firstDecisionTime;

  @BeforeAll
  static void tables(@TempDir Path dir) {
    spark = DeltaTests.session();
    Path delta = DeltaTests.freshDir("account-status");
    accountStatus = delta.toString();
    spark.sql("CREATE TABLE delta.`" + delta + "` (account_id BIGINT, day DATE, status STRING) USING delta"
        + " PARTITIONED BY (day) TBLPROPERTIES ('delta.appendOnly' = 'true')");
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    StringBuilder rows = new StringBuilder();
    for (int d = 5; d >= 1; d--) {
      rows.append(rows.isEmpty() ? "" : ", ").append("(").append(d).append(", DATE'").append(today.minusDays(d))
          .append("', 'open')");
    }
    spark.sql("INSERT INTO delta.`" + delta + "` VALUES " + rows);
    icebergStatus = IcebergTables.daily(dir, 2, 5).location;
    firstDecisionTime = Instant.now().minus(Duration.ofDays(3));
  }

  @Test
  // tag::delta-history[]
  @LeakageGated
  void statusModel(Backtest backtest) {
    TableHistory status = DeltaHistory.of(spark, accountStatus)   // the table's path, such as /lake/account_status
        .partitionColumn("day")             // names partitions in findings
        .validTimeColumn("day")             // DATE or TIMESTAMP: when a row's value became valid
        .keyColumn("account_id")            // optional: pairs changed rows before/after in the examples
        .since(firstDecisionTime);          // or .sinceVersion(n)
    backtest.history(status);              // BacktestRun.Builder#input(status) outside JUnit
    record(backtest);                      // labels, scores, decision times, features
  }
  // end::delta-history[]

  @Test
  @LeakageGated
  void deltaAppendOnlyAudit(Backtest backtest) {
    record(backtest);
    // tag::delta-audit[]
    backtest.check(DeltaHistory.of(spark, accountStatus).appendOnlyAudit());
    // end::delta-audit[]
  }

  @Test
  @LeakageGated
  void icebergHistory(Backtest backtest) {
    // tag::iceberg-history[]
    TableHistory status = IcebergHistory.of(icebergStatus)   // a location, or IcebergHistory.of(catalog.loadTable(id))
        .partitionColumn("day")              // a partition field (day, ts_day) or its source column
        .validTimeColumn("day")              // DATE or TIMESTAMP: when a row's value became valid
        .keyColumn("id")                     // optional: pairs changed rows before/after in the examples
        .since(firstDecisionTime);           // or .sinceSnapshot(snapshotId)
    backtest.history(status);               // BacktestRun.Builder#input(status) outside JUnit
    // end::iceberg-history[]
    record(backtest);
  }

  @Test
  @LeakageGated
  void icebergNonAppendAudit(Backtest backtest) {
    record(backtest);
    // tag::iceberg-audit[]
    backtest.check(IcebergHistory.of(icebergStatus).nonAppendAudit(firstDecisionTime));
    // end::iceberg-audit[]
  }

  /** 400 decisions ten minutes apart from the first, two models of the same strength, the status known a day before. */
  private static void record(Backtest backtest) {
    Random random = new Random(41);
    boolean[] labels = new boolean[ROWS];
    double[] candidate = new double[ROWS];
    double[] baseline = new double[ROWS];
    long[] decided = new long[ROWS];
    long[] known = new long[ROWS];
    for (int i = 0; i < ROWS; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      candidate[i] = (labels[i] ? 1 : 0) + shared + 0.5 * random.nextGaussian();
      baseline[i] = (labels[i] ? 1 : 0) + shared + 0.5 * random.nextGaussian();
      decided[i] = firstDecisionTime.toEpochMilli() + i * 600_000L;
      known[i] = decided[i] - 86_400_000L;
    }
    backtest.labels(labels).candidate("gbm-v7", candidate).baseline("prod-v3", baseline).decisionTimes(decided)
        .feature("status", known);
  }
}
