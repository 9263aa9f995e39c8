package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snippets of docs/spark.md, each compared with the in-memory computation it distributes on the same small data:
 * 20 customers decided on hourly through March 2024, a daily balance (a third of it corrected days later) and a
 * plan that changes rarely; 2,000 scored rows for the statistics.
 */
class SparkDocsSnippetsTests {
  private static final long DAY = 86_400_000L;
  private static final long MARCH = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
  private static final SparkSession spark = SparkTests.session();

  @TempDir
  Path project;

  @Test
  void theJoinGivesWhatTheInMemoryJoinGives() {
    Random random = new Random(17);
    long[] entity = new long[600];
    long[] time = new long[600];
    for (int r = 0; r < entity.length; r++) {
      entity[r] = random.nextInt(20);
      time[r] = MARCH + r * 3_600_000L;
    }
    Spine spineRows = Spine.of(entity, time);
    EventLog.NumericBuilder balances = EventLog.numericBuilder("balance");
    EventLog.CategoricalBuilder plans = EventLog.categoricalBuilder("plan");
    for (int customer = 0; customer < 20; customer++) {
      plans.add(customer, MARCH - 400 * DAY, MARCH - 400 * DAY, "basic");
      plans.add(customer, MARCH - 100 * DAY + customer * DAY, MARCH - 100 * DAY + customer * DAY, "premium");
      for (long day = MARCH - 10 * DAY; day < MARCH + 30 * DAY; day += DAY) {
        balances.add(customer, day, day + 3_600_000L, random.nextInt(1000));
        if (random.nextInt(3) == 0) {
          balances.add(customer, day, day + (1 + random.nextInt(5)) * DAY, random.nextInt(1000));   // corrected
        }
      }
    }
    EventLog balance = balances.build();
    EventLog plan = plans.build();
    Dataset<Row> spine = InMemoryFrames.spine(spark, spineRows)
        .withColumnRenamed("entity", "customer").withColumnRenamed("decisionTime", "decidedAt");
    Dataset<Row> balanceEvents = InMemoryFrames.eventLog(spark, balance).events();
    Dataset<Row> planEvents = InMemoryFrames.eventLog(spark, plan).events();

    // tag::join[]
    Dataset<Row> training = SparkPointInTimeJoin.builder()
        .spineColumns("customer", "decidedAt")     // default: entity, decisionTime
        .availabilityLag(Duration.ofHours(1))
        .ttl(Duration.ofDays(90))                   // all features
        .ttl("plan", Duration.ofDays(365))          // this one differs
        .partitions(400)                            // default: spark.sql.shuffle.partitions
        .build()
        .join(spine, SparkEventLog.of("balance", balanceEvents), SparkEventLog.of("plan", planEvents));
    // end::join[]

    FeatureTable expected = PointInTimeJoin.builder().availabilityLag(Duration.ofHours(1)).ttl(Duration.ofDays(90))
        .ttl("plan", Duration.ofDays(365)).build().join(spineRows, balance, plan);
    List<JoinedFeature> actual = InMemoryFrames.features(training, spineRows.size(), List.of(balance, plan));
    assertThat(((JoinedFeature.Numeric) actual.get(0)).values()).containsExactly(expected.numeric("balance").values());
    assertThat(actual.get(0).knownAt()).containsExactly(expected.numeric("balance").knownAt());
    assertThat(((JoinedFeature.Categorical) actual.get(1)).codes()).containsExactly(expected.categorical("plan").codes());
    assertThat(actual.get(1).knownAt()).containsExactly(expected.categorical("plan").knownAt());
  }

  @Test
  void theStatisticsAreTheInMemoryOnesBitForBit() {
    Scored s = scored(2_000);
    Dataset<Row> scored = s.frame();
    // tag::auc[]
    double auc = SparkAuc.of(scored, "defaulted", "score");
    AucComparison c = SparkDeLong.compare(scored, "defaulted", "candidate", "baseline", 0.95);
    // end::auc[]
    // tag::lift-trend[]
    LiftTrend t = SparkLiftTrend.measure(scored, "defaulted", "candidate", "baseline", "decisionTime",
        LiftTrendSettings.defaults(), 0.95);
    // end::lift-trend[]

    assertThat(auc).isEqualTo(Auc.of(s.defaulted(), s.candidate()));
    assertThat(c).isEqualTo(DeLong.compare(s.defaulted(), s.candidate(), s.baseline(), 0.95));
    assertThat(t).isEqualTo(LiftTrend.measure(s.defaulted(), s.candidate(), s.baseline(), s.decisionTime(),
        LiftTrendSettings.defaults(), 0.95));
    assertThat(t.periods()).isNotEmpty();
  }

  @Test
  void manifestsAndLateWritesOnAFrame() throws Exception {
    EventLog.CategoricalBuilder log = EventLog.categoricalBuilder("status");
    long now = Instant.now().toEpochMilli();
    for (int account = 0; account < 10; account++) {
      for (long day = now - 60 * DAY; day < now - 20 * DAY; day += DAY) {
        log.add(account, day, day + 3_600_000L, "CURRENT");
      }
      log.add(account, now - 40 * DAY, now - 30 * DAY, "DPD30");   // ten days late
    }
    EventLog status = log.build();
    Dataset<Row> statusEvents = InMemoryFrames.eventLog(spark, status).events();
    Path committedManifest = project.resolve("history/status.json");
    Files.createDirectories(committedManifest.getParent());
    Files.writeString(committedManifest,
        HistoryManifest.of(status, PartitionGranularity.DAY, Instant.now().minus(Duration.ofDays(7))).toJson());

    // tag::history[]
    HistoryManifest today = SparkHistoryManifest.of("status", statusEvents, PartitionGranularity.DAY,
        Instant.now().minus(Duration.ofDays(7)));
    HistoryCheckResult result = HistoryCheck.compare(HistoryManifest.read(project.resolve("history/status.json")), today);

    LateWriteReport late = SparkLateWriteDetector.of(LateWriteDetector.builder().closingWindow(Duration.ofDays(3)).build())
        .detect(SparkEventLog.of("status", statusEvents));
    // end::history[]

    assertThat(result.clean()).as(result.problems().toString()).isTrue();
    assertThat(late.lateEvents()).isEqualTo(10);
    assertThat(late).isEqualTo(LateWriteDetector.builder().closingWindow(Duration.ofDays(3)).build().detect(status));
  }

  private record Scored(Dataset<Row> frame, boolean[] defaulted, double[] candidate, double[] baseline,
      long[] decisionTime) {}

  /** Rows over 60 days with about 20% defaults, a candidate a little better than the baseline, ties in both. */
  private static Scored scored(int n) {
    Random random = new Random(29);
    boolean[] defaulted = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] decisionTime = new long[n];
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      defaulted[i] = random.nextDouble() < 0.2;
      double shared = random.nextGaussian();
      candidate[i] = Math.round(((defaulted[i] ? 1.1 : 0) + shared + 0.5 * random.nextGaussian()) * 10) / 10.0;
      baseline[i] = Math.round(((defaulted[i] ? 1.0 : 0) + shared + 0.5 * random.nextGaussian()) * 10) / 10.0;
      decisionTime[i] = MARCH + (long) i * 60 * DAY / n;
      rows.add(RowFactory.create(defaulted[i], candidate[i], candidate[i], baseline[i], decisionTime[i]));
    }
    StructType schema = new StructType().add("defaulted", DataTypes.BooleanType, false)
        .add("score", DataTypes.DoubleType, false).add("candidate", DataTypes.DoubleType, false)
        .add("baseline", DataTypes.DoubleType, false).add("decisionTime", DataTypes.LongType, false);
    return new Scored(spark.createDataFrame(rows, schema), defaulted, candidate, baseline, decisionTime);
  }
}
