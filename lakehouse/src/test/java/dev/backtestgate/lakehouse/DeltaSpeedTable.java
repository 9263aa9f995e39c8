package dev.backtestgate.lakehouse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.actions.Action;
import org.apache.spark.sql.delta.actions.AddCDCFile;
import org.apache.spark.sql.delta.actions.AddFile;
import scala.Option;

/**
 * Writes the Delta table the speed runner reads, at the asked scale without one Spark job per small commit: the
 * bulk rows in one Spark write (version 1), then each small commit as Delta writes it, without Spark: a commit
 * file {@code _delta_log/<version>.json} created only if absent (the put-if-absent Delta's local log store uses),
 * holding a commit info and the actions Delta's own classes build and serialize ({@link AddFile},
 * {@link org.apache.spark.sql.delta.actions.RemoveFile}, {@link AddCDCFile}), for small Parquet files written once
 * by Spark and copied to a fresh path per commit; every hundredth version Delta itself writes a checkpoint (its
 * default interval is 10). Appends add one file of 100 rows into a new day; every tenth commit rewrites in place
 * the file of the day appended five commits before (remove + add with every score changed), with a change-data
 * file holding the rows before and after when the change data feed is on. Delta's reader, {@link DeltaHistory}
 * and {@link DeltaEvents} read these commits like any other.
 */
final class DeltaSpeedTable {
  static final int SMALL_ROWS = 100;
  /** A checkpoint every this many versions (Delta's default interval is 10; fewer Spark jobs while writing). */
  private static final int CHECKPOINT_INTERVAL = 100;
  private static final ObjectMapper JSON = new ObjectMapper();
  /**
   * The first day; far enough back that every day of a 1,000-commit table ended long before it is written, so every
   * in-place rewrite touches closed history and is one rewrite finding.
   */
  private static final LocalDate FIRST_DAY = LocalDate.of(2020, 1, 1);

  private final SparkSession spark;
  private final Path dir;
  private final boolean feed;
  private final long entities;
  private final long days;
  private final Path appendTemplate;
  private final Path rewriteTemplate;
  private final Path changeTemplate;
  private final List<AddFile> appended = new ArrayList<>();

  private DeltaSpeedTable(SparkSession spark, Path dir, boolean feed, long rows) {
    this.spark = spark;
    this.dir = dir;
    this.feed = feed;
    this.entities = Math.max(1, rows / 100);
    this.days = (rows + entities - 1) / entities;
    Path templates = DeltaTests.freshDir("speed-templates");
    String rowsOf = "id * 7 % " + entities + " AS id";
    this.appendTemplate = template(templates.resolve("append"), "SELECT " + rowsOf + ", CAST(id AS DOUBLE) AS score "
        + "FROM range(" + SMALL_ROWS + ")");
    this.rewriteTemplate = template(templates.resolve("rewrite"), "SELECT " + rowsOf
        + ", CAST(id AS DOUBLE) + 1 AS score FROM range(" + SMALL_ROWS + ")");
    this.changeTemplate = template(templates.resolve("change"), "SELECT " + rowsOf
        + ", CAST(id AS DOUBLE) AS score, 'update_preimage' AS _change_type FROM range(" + SMALL_ROWS + ") "
        + "UNION ALL SELECT " + rowsOf + ", CAST(id AS DOUBLE) + 1 AS score, 'update_postimage' AS _change_type "
        + "FROM range(" + SMALL_ROWS + ")");
  }

  /**
   * Writes a table of {@code commits} versions (0: CREATE TABLE, 1: {@code rows} rows over 100 days of
   * {@code rows / 100} entities, then the small commits) at {@code dir}.
   */
  static DeltaSpeedTable write(SparkSession spark, Path dir, boolean feed, int commits, long rows) {
    DeltaSpeedTable table = new DeltaSpeedTable(spark, dir, feed, rows);
    table.create(rows);
    DeltaLog log = DeltaLog.forTable(spark, dir.toString());
    for (int c = 2; c < commits; c++) {
      if (c % 10 == 0) {
        table.rewrite(c);
      } else {
        table.append(c);
      }
      if (c % CHECKPOINT_INTERVAL == 0) {
        log.checkpoint(log.update(false, Option.empty(), Option.empty()), Option.empty());
      }
    }
    return table;
  }

  long entities() {
    return entities;
  }

  private void create(long rows) {
    String t = "delta.`" + dir + "`";
    spark.sql("CREATE TABLE " + t + " (id BIGINT, day DATE, score DOUBLE) USING delta PARTITIONED BY (day) "
        + "TBLPROPERTIES ('delta.enableChangeDataFeed' = '" + feed + "')");
    spark.range(rows).selectExpr("id % " + entities + " AS id",
        "date_add(DATE'" + FIRST_DAY + "', CAST(id DIV " + entities + " AS INT)) AS day",
        "CAST(abs(hash(id)) % 1000 AS DOUBLE) AS score").write().format("delta").mode("append").save(dir.toString());
  }

  /** Version {@code c}: one file of 100 rows into the new day {@code days + c}. */
  private void append(int c) {
    String day = FIRST_DAY.plusDays(days + c).toString();
    AddFile add = addFile(copy(appendTemplate, "day=" + day, "part-" + c), day, 0);
    appended.add(add);
    commit(c, "WRITE", Map.of("mode", "Append"), true, List.of(add));
  }

  /** Version {@code c}: rewrites the file commit {@code c - 5} appended, every score one higher. */
  private void rewrite(int c) {
    int target = c - 5;
    AddFile old = appended.stream().filter(a -> a.path().contains("part-" + target + "-")).findFirst()
        .orElseThrow(() -> new IllegalStateException("commit " + target + " appended no file to rewrite"));
    String day = old.partitionValues().apply("day");
    AddFile now = addFile(copy(rewriteTemplate, "day=" + day, "part-" + c), day, 1);
    List<Action> actions = new ArrayList<>(List.of(old.removeWithTimestamp(System.currentTimeMillis(), true), now));
    if (feed) {
      String path = copy(changeTemplate, "_change_data/day=" + day, "cdc-" + c);
      actions.add(new AddCDCFile(path, partition(day), size(path), null, null));
    }
    commit(c, "UPDATE", Map.of("predicate", "[]"), false, actions);
  }

  /** Creates the commit file of {@code version}: a commit info, then the actions as Delta serializes them. */
  private void commit(long version, String operation, Map<String, String> parameters, boolean blindAppend,
      List<? extends Action> actions) {
    ObjectNode info = JSON.createObjectNode();
    info.put("timestamp", System.currentTimeMillis());
    info.put("operation", operation);
    info.set("operationParameters", JSON.valueToTree(parameters));
    info.put("readVersion", version - 1);
    info.put("isolationLevel", "Serializable");
    info.put("isBlindAppend", blindAppend);
    info.set("operationMetrics", JSON.createObjectNode());
    info.put("engineInfo", "backtest-gate-DeltaSpeedTable Delta-Lake/4.4.0");
    info.put("txnId", UUID.randomUUID().toString());
    StringBuilder lines = new StringBuilder();
    ObjectNode commitInfo = JSON.createObjectNode();
    commitInfo.set("commitInfo", info);
    lines.append(commitInfo).append('\n');
    for (Action action : actions) {
      lines.append(action.json()).append('\n');
    }
    Path file = dir.resolve("_delta_log").resolve(String.format(Locale.ROOT, "%020d.json", version));
    try {
      Files.writeString(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
    } catch (IOException e) {
      throw new UncheckedIOException("could not create the commit file " + file, e);
    }
  }

  private AddFile addFile(String path, String day, int scoreShift) {
    String stats = "{\"numRecords\":" + SMALL_ROWS + ",\"minValues\":{\"score\":" + scoreShift + ".0},"
        + "\"maxValues\":{\"score\":" + (SMALL_ROWS - 1 + scoreShift) + ".0},\"nullCount\":{\"id\":0,\"score\":0}}";
    return new AddFile(path, partition(day), size(path), System.currentTimeMillis(), true, stats, null, null,
        Option.empty(), Option.empty(), Option.empty(), Option.empty(), Option.empty());
  }

  private static scala.collection.immutable.Map<String, String> partition(String day) {
    return new scala.collection.immutable.Map.Map1<>("day", day);
  }

  private long size(String relative) {
    try {
      return Files.size(dir.resolve(relative));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Copies a template file to {@code folder/prefix-<uuid>.snappy.parquet}; returns its path relative to the table. */
  private String copy(Path template, String folder, String prefix) {
    String relative = folder + "/" + prefix + "-" + UUID.randomUUID() + ".c000.snappy.parquet";
    try {
      Path target = dir.resolve(relative);
      Files.createDirectories(target.getParent());
      Files.copy(template, target);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return relative;
  }

  /** The one Parquet file Spark writes for {@code query} under {@code folder}. */
  private Path template(Path folder, String query) {
    spark.sql(query).coalesce(1).write().parquet(folder.toString());
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".parquet")).findFirst()
          .orElseThrow(() -> new IllegalStateException("Spark wrote no Parquet file under " + folder));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
