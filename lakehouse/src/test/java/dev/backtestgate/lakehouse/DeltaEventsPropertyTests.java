package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.io.File;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * On random commit sequences written to a real Delta table (appends, late appends, in-place UPDATEs, DELETEs,
 * MERGEs, OPTIMIZE compactions), the point-in-time join on the transaction-time events read from the log equals,
 * row for row, the brute-force definition: at each decision time, the table version committed last at or before
 * it, and in it the entity's row with the latest valid time. Both routes (change data feed, time travel) are
 * checked on every sequence.
 */
class DeltaEventsPropertyTests {
  private static final LocalDate FIRST_DAY = LocalDate.parse("2024-01-01");
  private static final int ENTITIES = 3;
  private static final int DAYS = 6;

  /** One commit: op 0 append, 1 update, 2 delete, 3 merge (update one row, upsert another), 4 optimize. */
  record Op(int kind, int id, int day, int pick, int score) {}

  @Provide
  Arbitrary<Op> op() {
    return Combinators.combine(Arbitraries.integers().between(0, 4), Arbitraries.integers().between(1, ENTITIES),
        Arbitraries.integers().between(0, DAYS - 1), Arbitraries.integers().between(0, 99),
        Arbitraries.integers().between(-1, 99)).as(Op::new);
  }

  @Property(tries = 6, seed = "23")
  void bothRoutesEqualTheTableAsOfAtEveryCommit(@ForAll @Size(min = 3, max = 7) List<@From("op") Op> ops) {
    SparkSession spark = DeltaTests.session();
    Path dir = DeltaTests.freshDir("events-property");
    String t = "delta.`" + dir + "`";
    spark.sql("CREATE TABLE " + t + " (id BIGINT, day DATE, score DOUBLE) USING delta "
        + "TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    Map<Long, TreeMap<String, Double>> states = new HashMap<>();
    TreeMap<String, Double> model = new TreeMap<>();
    states.put(latestVersion(dir), new TreeMap<>(model));
    for (Op op : ops) {
      apply(spark, t, model, op);
      states.put(latestVersion(dir), new TreeMap<>(model));
    }

    List<Row> history = spark.sql("DESCRIBE HISTORY " + t)
        .selectExpr("version", "CAST(unix_micros(timestamp) DIV 1000 AS BIGINT)").orderBy("version").collectAsList();
    Spine.Builder spine = Spine.builder();
    List<Double> expected = new ArrayList<>();
    TreeMap<Long, Long> versionAt = new TreeMap<>();
    for (Row commit : history) {
      versionAt.put(commit.getLong(1), commit.getLong(0));
    }
    for (Row commit : history) {
      for (long time : new long[] {commit.getLong(1) - 1, commit.getLong(1)}) {
        Map.Entry<Long, Long> version = versionAt.floorEntry(time);
        for (long id = 1; id <= ENTITIES; id++) {
          spine.add(id, time);
          expected.add(version == null ? Double.NaN : asOf(at(states, version.getValue()), id, time));
        }
      }
    }
    Spine decisions = spine.build();

    DeltaEvents reader = DeltaEvents.of(spark, dir.toString()).entityColumn("id").validTimeColumn("day");
    for (EventLog events : List.of(reader.numeric("score"), reader.timeTravel().numeric("score"))) {
      double[] joined = PointInTimeJoin.builder().build().join(decisions, events).numeric("score").values();
      List<Double> actual = new ArrayList<>();
      for (double value : joined) {
        actual.add(value);
      }
      assertThat(actual).as("ops %s", ops).isEqualTo(expected);
    }
  }

  private static void apply(SparkSession spark, String t, TreeMap<String, Double> model, Op op) {
    List<String> keys = new ArrayList<>(model.keySet());
    String score = op.score() < 0 ? "CAST(NULL AS DOUBLE)" : op.score() + ".0D";
    Double value = op.score() < 0 ? Double.NaN : (double) op.score();
    String newKey = op.id() + "/" + FIRST_DAY.plusDays(op.day());
    int kind = keys.isEmpty() && op.kind() != 4 ? 0 : op.kind();
    switch (kind) {
      case 0 -> {
        if (model.containsKey(newKey)) {
          spark.sql("UPDATE " + t + " SET score = " + score + where(newKey));
        } else {
          spark.sql("INSERT INTO " + t + " VALUES (" + op.id() + ", DATE'" + FIRST_DAY.plusDays(op.day()) + "', "
              + score + ")");
        }
        model.put(newKey, value);
      }
      case 1 -> {
        String key = keys.get(op.pick() % keys.size());
        spark.sql("UPDATE " + t + " SET score = " + score + where(key));
        model.put(key, value);
      }
      case 2 -> {
        String key = keys.get(op.pick() % keys.size());
        spark.sql("DELETE FROM " + t + where(key));
        model.remove(key);
      }
      case 3 -> {
        String key = keys.get(op.pick() % keys.size());
        String[] k = key.split("/");
        spark.sql("MERGE INTO " + t + " AS s USING (SELECT " + k[0] + "L AS id, DATE'" + k[1] + "' AS day, "
            + (op.pick() + 1000) + ".0D AS score" + (newKey.equals(key) ? "" : " UNION ALL SELECT " + op.id()
            + "L, DATE'" + FIRST_DAY.plusDays(op.day()) + "', " + score) + ") AS u ON s.id = u.id AND s.day = u.day "
            + "WHEN MATCHED THEN UPDATE SET s.score = u.score WHEN NOT MATCHED THEN INSERT *");
        model.put(key, op.pick() + 1000.0);
        if (!newKey.equals(key)) {
          model.put(newKey, value);
        }
      }
      default -> spark.sql("OPTIMIZE " + t);
    }
  }

  private static String where(String key) {
    String[] k = key.split("/");
    return " WHERE id = " + k[0] + " AND day = DATE'" + k[1] + "'";
  }

  /** The latest version whose commit file exists: a no-op statement (nothing to compact) writes none. */
  private static long latestVersion(Path dir) {
    long latest = -1;
    for (File file : dir.resolve("_delta_log").toFile().listFiles()) {
      String name = file.getName();
      if (name.matches("\\d{20}\\.json")) {
        latest = Math.max(latest, Long.parseLong(name.substring(0, 20)));
      }
    }
    return latest;
  }

  private static TreeMap<String, Double> at(Map<Long, TreeMap<String, Double>> states, long version) {
    for (long v = version; v >= 0; v--) {
      if (states.containsKey(v)) {
        return states.get(v);
      }
    }
    return new TreeMap<>();
  }

  /** The brute-force as-of: the score of the entity's row with the latest day at or before {@code time}. */
  private static double asOf(TreeMap<String, Double> rows, long id, long time) {
    LocalDate best = null;
    double score = Double.NaN;
    for (Map.Entry<String, Double> row : rows.entrySet()) {
      String[] k = row.getKey().split("/");
      LocalDate day = LocalDate.parse(k[1]);
      if (Long.parseLong(k[0]) == id && day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli() <= time
          && (best == null || day.isAfter(best))) {
        best = day;
        score = row.getValue();
      }
    }
    return score;
  }
}
