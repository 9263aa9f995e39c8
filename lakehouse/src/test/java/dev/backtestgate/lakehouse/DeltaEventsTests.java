package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * The transaction-time events of a real Delta table, joined in memory, equal row for row what time travel shows at
 * each commit: appends, in-place updates, merges, late appends and compactions in a seeded random order.
 */
class DeltaEventsTests {
  private static final LocalDate FIRST_DAY = LocalDate.parse("2024-01-01");

  @Test
  void theJoinOnCommitTimesEqualsTimeTravelAtEveryCommit() {
    SparkSession spark = DeltaTests.session();
    Path dir = DeltaTests.freshDir("events");
    String t = "delta.`" + dir + "`";
    spark.sql("CREATE TABLE " + t + " (id BIGINT, day DATE, score DOUBLE) USING delta "
        + "TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    Random random = new Random(23);
    Map<String, Double> rows = new HashMap<>();
    insert(spark, t, rows, 1, 3, random);
    for (int step = 0; step < 6; step++) {
      switch (random.nextInt(4)) {
        case 0 -> insert(spark, t, rows, 1 + random.nextInt(3), random.nextInt(10), random);   // append or late
        case 1 -> {
          String key = existing(rows, random);
          double score = random.nextInt(100);
          rows.put(key, score);
          String[] k = key.split("/");
          spark.sql("UPDATE " + t + " SET score = " + score + " WHERE id = " + k[0] + " AND day = DATE'" + k[1] + "'");
        }
        case 2 -> {
          String key = existing(rows, random);
          String[] k = key.split("/");
          long id = 1 + random.nextInt(3);
          String day = FIRST_DAY.plusDays(10 + step).toString();
          rows.put(key, 1000.0 + step);
          rows.put(id + "/" + day, 2000.0 + step);
          spark.sql("MERGE INTO " + t + " AS s USING (SELECT " + k[0] + "L AS id, DATE'" + k[1] + "' AS day, "
              + (1000.0 + step) + " AS score UNION ALL SELECT " + id + "L, DATE'" + day + "', " + (2000.0 + step)
              + ") AS u ON s.id = u.id AND s.day = u.day WHEN MATCHED THEN UPDATE SET s.score = u.score "
              + "WHEN NOT MATCHED THEN INSERT *");
        }
        default -> spark.sql("OPTIMIZE " + t);
      }
    }

    EventLog events = DeltaEvents.of(spark, dir.toString()).entityColumn("id").validTimeColumn("day")
        .numeric("score");

    List<String> operations = spark.sql("DESCRIBE HISTORY " + t).select("operation").as(
        org.apache.spark.sql.Encoders.STRING()).collectAsList();
    List<Row> history = spark.sql("DESCRIBE HISTORY " + t).selectExpr("version",
        "CAST(unix_micros(timestamp) DIV 1000 AS BIGINT)").orderBy("version").collectAsList();
    Spine.Builder spine = Spine.builder();
    List<Double> expected = new ArrayList<>();
    for (Row commit : history) {
      List<Row> snapshot = spark.read().format("delta").option("versionAsOf", commit.getLong(0)).load(dir.toString())
          .collectAsList();
      for (long id = 1; id <= 3; id++) {
        spine.add(id, commit.getLong(1));
        expected.add(latest(snapshot, id));
      }
    }
    FeatureTable joined = PointInTimeJoin.builder().build().join(spine.build(), events);
    double[] values = joined.numeric("score").values();
    for (int row = 0; row < values.length; row++) {
      assertThat(values[row]).as("spine row %d", row).isEqualTo(expected.get(row));
    }
    assertThat(values).hasSize(3 * history.size());
    assertThat(operations).as("the seeded sequence rewrites rows in place").containsAnyOf("UPDATE", "MERGE");
  }

  @Test
  void withoutTheFeedTwoRowsAtOneEntityAndValidTimeAreRefusedNamingThemAndTheFix() {
    SparkSession spark = DeltaTests.session();
    Path dir = DeltaTests.freshDir("events-duplicates");
    String t = "delta.`" + dir + "`";
    spark.sql("CREATE TABLE " + t + " (id BIGINT, day DATE, score DOUBLE) USING delta");
    spark.sql("INSERT INTO " + t + " VALUES (1, DATE'2024-01-02', 5.0)");
    spark.sql("INSERT INTO " + t + " VALUES (1, DATE'2024-01-02', 6.0)");

    assertThatThrownBy(() -> DeltaEvents.of(spark, dir.toString()).entityColumn("id").validTimeColumn("day")
        .numeric("score"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("holds two rows of entity 1 at valid time 2024-01-02T00:00:00Z at version 2")
        .hasMessageContaining("Keep one row per entity and valid time");
  }

  @Test
  void aFeedTurnedOnAfterCreationIsNotTrustedAndTimeTravelGivesTheValues() {
    SparkSession spark = DeltaTests.session();
    Path dir = DeltaTests.freshDir("events-late-feed");
    String t = "delta.`" + dir + "`";
    spark.sql("CREATE TABLE " + t + " (id BIGINT, day DATE, score DOUBLE) USING delta");
    spark.sql("INSERT INTO " + t + " VALUES (1, DATE'2024-01-01', 5.0), (1, DATE'2024-01-02', 6.0)");
    spark.sql("ALTER TABLE " + t + " SET TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    spark.sql("DELETE FROM " + t + " WHERE day = DATE'2024-01-02'");

    EventLog events = DeltaEvents.of(spark, dir.toString()).entityColumn("id").validTimeColumn("day")
        .numeric("score");
    List<Row> history = spark.sql("DESCRIBE HISTORY " + t).selectExpr("version",
        "CAST(unix_micros(timestamp) DIV 1000 AS BIGINT)").orderBy("version").collectAsList();
    Spine spine = Spine.builder().add(1, history.get(1).getLong(1)).add(1, history.get(3).getLong(1)).build();
    double[] values = PointInTimeJoin.builder().build().join(spine, events).numeric("score").values();

    assertThat(values).as("before the delete the latest day's value, after it the day before's").containsExactly(
        6.0, 5.0);
  }

  private static void insert(SparkSession spark, String t, Map<String, Double> rows, long id, int dayOffset,
      Random random) {
    String day = FIRST_DAY.plusDays(dayOffset).toString();
    String key = id + "/" + day;
    if (rows.containsKey(key)) {
      day = FIRST_DAY.plusDays(30 + rows.size()).toString();
      key = id + "/" + day;
    }
    double score = random.nextInt(100);
    rows.put(key, score);
    spark.sql("INSERT INTO " + t + " VALUES (" + id + ", DATE'" + day + "', " + score + ")");
  }

  private static String existing(Map<String, Double> rows, Random random) {
    List<String> keys = new ArrayList<>(new java.util.TreeSet<>(rows.keySet()));
    return keys.get(random.nextInt(keys.size()));
  }

  /** The score of {@code id}'s row with the latest day in a snapshot, NaN when it has none: the as-of rule. */
  private static double latest(List<Row> snapshot, long id) {
    LocalDate best = null;
    double score = Double.NaN;
    for (Row row : snapshot) {
      LocalDate day = ((java.sql.Date) row.get(1)).toLocalDate();
      if (row.getLong(0) == id && (best == null || day.isAfter(best))) {
        best = day;
        score = row.getDouble(2);
      }
    }
    return score;
  }
}
