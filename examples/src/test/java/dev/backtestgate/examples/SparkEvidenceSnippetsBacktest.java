package dev.backtestgate.examples;

import dev.backtestgate.GateEvidence;
import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryEvidence;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import dev.backtestgate.lakehouse.DeltaHistory;
import dev.backtestgate.spark.InMemoryFrames;
import dev.backtestgate.spark.SparkGateEvidence;
import dev.backtestgate.spark.SparkHistoryManifest;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark-evidence snippets of docs/spark.md and docs/lakehouse.md, each a {@code @LeakageGated} test whose gate
 * judges evidence {@link SparkGateEvidence} computed on {@code local[2]} ({@link SparkCredit#session()}): 400 scored
 * rows in a DataFrame, decided ten minutes apart from three days ago, two models of the same strength, features known
 * a day before each decision; the history of a real append-only Delta table holding the last five days, and a
 * history-manifest check of a status log against its committed manifest. Every gate here passes (a failing one fails
 * this class), which is the check: the snippets run as the pages print them, and the evidence they build holds no
 * leak, rewrite or late write.
 */
class SparkEvidenceSnippetsBacktest {
  private static final int ROWS = 400;
  private static final long DAY = 86_400_000L;
  private static SparkSession spark;
  /** The Delta table's path. */
  private static String accountStatus;
  private static Instant firstDecisionTime;
  private static TableHistory deltaHistory;
  private static HistoryCheckResult historyCheck;

  @BeforeAll
  static void tables(@TempDir Path dir) throws IOException {
    spark = SparkCredit.session();
    accountStatus = dir.resolve("account-status").toString();
    spark.sql("CREATE TABLE delta.`" + accountStatus + "` (account_id BIGINT, day DATE, status STRING) USING delta"
        + " PARTITIONED BY (day) TBLPROPERTIES ('delta.appendOnly' = 'true')");
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    StringBuilder rows = new StringBuilder();
    for (int d = 5; d >= 1; d--) {
      rows.append(rows.isEmpty() ? "" : ", ").append("(").append(d).append(", DATE'").append(today.minusDays(d))
          .append("', 'open')");
    }
    spark.sql("INSERT INTO delta.`" + accountStatus + "` VALUES " + rows);
    firstDecisionTime = Instant.now().minus(Duration.ofDays(3));
    deltaHistory = DeltaHistory.of(spark, accountStatus).partitionColumn("day").validTimeColumn("day")
        .keyColumn("account_id").since(firstDecisionTime);
    historyCheck = statusLogAgainstItsManifest(dir);
  }

  // tag::evidence[]
  @Test
  @LeakageGated
  void gbm(Backtest backtest) {
    Dataset<Row> scored = scoredRows();   // a row per decision: row id, label, both scores, decision time, knownAt
    backtest.evidence(SparkGateEvidence.builder(scored)
        .gate(backtest.gateId()).policy(backtest.policy())      // the test's gate id, lag and confidence level
        .labels("churned")
        .candidate("gbm-v7", "gbmScore").baseline("prod-v3", "prodScore")
        .rows("rowId", "decisionTime")
        .feature("balance", "balance_knownAt")                  // the join's <feature>_knownAt column
        .timelessFeature("creditLimit", "set once at account opening")
        .timelessFeature("branch", "the branch that opened the account")
        .featureValues("balance", "balance")                     // optional: the feature-label screen
        .featureCategories("branch", "branch_code")              //   of a declared feature's values
        .history(deltaHistory)                                   // optional: a TableHistory (DeltaHistory)
        .compute()
        .with(HistoryEvidence.of(historyCheck)));                // optional: SparkHistoryManifest + HistoryCheck
  }
  // end::evidence[]

  @Test
  @LeakageGated
  void statusModel(Backtest backtest) {
    Dataset<Row> scored = scoredRows();
    // tag::lakehouse-evidence[]
    GateEvidence evidence = SparkGateEvidence.builder(scored).gate(backtest.gateId()).policy(backtest.policy())
        .labels("churned").candidate("gbm-v7", "gbmScore").baseline("prod-v3", "prodScore")
        .rows("rowId", "decisionTime").feature("status", "status_knownAt")
        .history(DeltaHistory.of(spark, accountStatus).partitionColumn("day").validTimeColumn("day")
            .since(firstDecisionTime))
        .compute();
    // end::lakehouse-evidence[]
    backtest.evidence(evidence);
  }

  /**
   * 400 decisions ten minutes apart from {@link #firstDecisionTime}, about 30% churned, two models of the same
   * strength, balance and status known a day before each decision; balance (noise) and branch (five codes) carry
   * nothing of the label, so the feature-label screen passes.
   */
  private static Dataset<Row> scoredRows() {
    Random random = new Random(41);
    List<Row> rows = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      boolean churned = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      double gbm = (churned ? 1 : 0) + shared + 0.5 * random.nextGaussian();
      double prod = (churned ? 1 : 0) + shared + 0.5 * random.nextGaussian();
      long decided = firstDecisionTime.toEpochMilli() + i * 600_000L;
      rows.add(RowFactory.create(i, churned, gbm, prod, decided, decided - DAY, random.nextGaussian(),
          random.nextInt(5), decided - DAY));
    }
    StructType schema = new StructType().add("rowId", DataTypes.IntegerType, false)
        .add("churned", DataTypes.BooleanType, false).add("gbmScore", DataTypes.DoubleType, false)
        .add("prodScore", DataTypes.DoubleType, false).add("decisionTime", DataTypes.LongType, false)
        .add("balance_knownAt", DataTypes.LongType, false).add("balance", DataTypes.DoubleType, false)
        .add("branch_code", DataTypes.IntegerType, false).add("status_knownAt", DataTypes.LongType, false);
    return spark.createDataFrame(rows, schema);
  }

  /** Ten accounts' daily statuses, 30 to 10 days ago, checked on Spark against the manifest committed a week ago. */
  private static HistoryCheckResult statusLogAgainstItsManifest(Path dir) throws IOException {
    EventLog.CategoricalBuilder log = EventLog.categoricalBuilder("status");
    long now = Instant.now().toEpochMilli();
    for (int account = 0; account < 10; account++) {
      for (long day = now - 30 * DAY; day < now - 10 * DAY; day += DAY) {
        log.add(account, day, day + 3_600_000L, "open");
      }
    }
    EventLog status = log.build();
    Instant closedBefore = Instant.now().minus(Duration.ofDays(7));
    Path committed = Files.writeString(dir.resolve("status.json"),
        HistoryManifest.of(status, PartitionGranularity.DAY, closedBefore).toJson());
    HistoryManifest today = SparkHistoryManifest.of("status", InMemoryFrames.eventLog(spark, status).events(),
        PartitionGranularity.DAY, closedBefore);
    return HistoryCheck.compare(HistoryManifest.read(committed), today);
  }
}
