package dev.backtestgate.lakehouse;

import static dev.backtestgate.lakehouse.ChangeLines.DELETE;
import static dev.backtestgate.lakehouse.ChangeLines.EXAMPLES;
import static dev.backtestgate.lakehouse.ChangeLines.POSTIMAGE;
import static dev.backtestgate.lakehouse.ChangeLines.PREIMAGE;
import static dev.backtestgate.lakehouse.ChangeLines.TYPE;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat_ws;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.xxhash64;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;

/**
 * Example rows from Delta's change data feed ({@code delta.enableChangeDataFeed = true}): the rows each rewriting
 * commit updated or deleted in its rewritten partitions, with their values before and after, all commits from one
 * read of the feed. Paired by the key column when one is named, else listed before and after.
 */
final class DeltaChangeFeed implements ChangedRows {
  static final String ENABLED = "delta.enableChangeDataFeed";
  private static final String RANK = "_backtest_gate_rank";
  private static final String VERSION = "_commit_version";
  private static final String PARTITION = "_backtest_gate_partition";
  private static final String CHANGED = "_backtest_gate_changed";
  private static final List<String> META = List.of(TYPE, VERSION, "_commit_timestamp", PARTITION);

  private final SparkSession spark;
  private final String table;
  private final String partitionColumn;
  private final String keyColumn;

  DeltaChangeFeed(SparkSession spark, String table, String partitionColumn, String keyColumn) {
    this.spark = spark;
    this.table = table;
    this.partitionColumn = partitionColumn;
    this.keyColumn = keyColumn;
  }

  /**
   * The example rows of every rewriting commit from one read of the feed over the versions from the first rewriting
   * commit to the last, filtered to those commits and their rewritten partitions. Should that read fail (the feed
   * off for part of the range, change-data files of a version removed by VACUUM), each commit is read on its own,
   * so a commit whose feed is readable still shows its rows and a failure is said under its own partitions.
   */
  @Override
  public Examples examples(Map<Long, Set<String>> rewrites) {
    Span span = Span.of(rewrites);
    String range = span.versions();
    String commits = ChangedRows.commits(rewrites);
    try {
      return new Examples(read(rewrites, span.first(), span.last()), "example rows from one read of the change data feed ("
          + range + ", " + commits + ")");
    } catch (Exception e) { // Spark throws its AnalysisException, a checked exception, undeclared
      String reason = reason(e);
      if (rewrites.size() == 1) {
        return new Examples(ChangedRows.everywhere(rewrites, unreadable(reason)), "example rows not read: the "
            + "change data feed of " + range + " could not be read (" + reason + ")");
      }
      Map<Long, Map<String, List<String>>> byCommit = new LinkedHashMap<>();
      rewrites.forEach((version, partitions) -> byCommit.putAll(examples(Map.of(version, partitions)).byCommit()));
      return new Examples(byCommit, "example rows from one read of the change data feed per rewriting commit ("
          + commits + "), because one read over " + range + " failed (" + reason + ")");
    }
  }

  /**
   * One read of the feed over versions {@code first} to {@code last} (each read rebuilds the table's state): at
   * most EXAMPLES rows of each change type in each rewritten partition of each rewriting commit, the smallest keys
   * first, paired by key on the driver.
   */
  private Map<Long, Map<String, List<String>>> read(Map<Long, Set<String>> rewrites, long first, long last) {
    Map<Long, Map<String, String>> partitionOf = new LinkedHashMap<>();   // version -> column value -> partition
    List<String> wanted = new ArrayList<>();   // "version/value": the rewritten partitions' rows, no others
    rewrites.forEach((version, partitions) -> {
      Map<String, String> own = new LinkedHashMap<>();
      for (String partition : partitions) {
        for (String part : partition.split("/")) {
          if (part.startsWith(partitionColumn + "=")) {
            own.put(part.substring(partitionColumn.length() + 1), partition);
          }
        }
      }
      own.keySet().forEach(value -> wanted.add(version + "/" + value));
      partitionOf.put(version, own);
    });
    Column order = keyColumn != null ? col(keyColumn) : col(partitionColumn);
    Column value = col(partitionColumn).cast("string");
    Column version = col(VERSION);
    Dataset<Row> feed = spark.read().format("delta").option("readChangeFeed", "true")
        .option("startingVersion", first).option("endingVersion", last).load(table)
        .where(value.isin(partitionOf.values().stream().flatMap(own -> own.keySet().stream()).distinct()
            .toArray()))
        .where(col(TYPE).isin(PREIMAGE, POSTIMAGE, DELETE))
        .withColumn(PARTITION, value)
        .where(concat_ws("/", version.cast("string"), col(PARTITION)).isin(wanted.toArray()));
    if (keyColumn != null) {
      // A MERGE or UPDATE whose clause matched every row writes a pre- and post-image of rows it left as they were:
      // keep the keys whose two images differ (and deletes), so the examples are rows that changed.
      Column[] data = Arrays.stream(feed.columns()).filter(c -> !META.contains(c)).map(c -> col("`" + c + "`"))
          .toArray(Column[]::new);
      Column image = xxhash64(data);
      var byKey = Window.partitionBy(version, col(PARTITION), col(keyColumn));
      feed = feed.withColumn(CHANGED, col(TYPE).equalTo(DELETE)
              .or(min(image).over(byKey).notEqual(max(image).over(byKey))))
          .where(col(CHANGED)).drop(CHANGED);
    }
    List<Row> rows = feed
        .withColumn(RANK, row_number().over(Window.partitionBy(version, col(PARTITION), col(TYPE)).orderBy(order)))
        .where(col(RANK).leq(EXAMPLES)).drop(RANK)
        .orderBy(version, col(PARTITION), col(TYPE), order).collectAsList();
    Map<String, List<Row>> byGroup = new LinkedHashMap<>();   // "version/value" -> its rows, in order
    for (Row row : rows) {
      byGroup.computeIfAbsent(row.getAs(VERSION) + "/" + row.getAs(PARTITION), g -> new ArrayList<>()).add(row);
    }
    Map<Long, Map<String, List<String>>> byCommit = new LinkedHashMap<>();
    partitionOf.forEach((v, own) -> {
      Map<String, List<String>> byPartition = new LinkedHashMap<>();
      own.forEach((partitionValue, partition) -> {
        List<String> examples = examples(byGroup.getOrDefault(v + "/" + partitionValue, List.of()));
        if (!examples.isEmpty()) {
          byPartition.put(partition, examples);
        }
      });
      byCommit.put(v, byPartition);
    });
    return byCommit;
  }

  private static String reason(Exception e) {
    return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
  }

  /** What a rewritten partition shows when its commit's feed could not be read. */
  private static String unreadable(String reason) {
    return "the changed rows could not be read from the change data feed (" + reason + ")";
  }

  /** One partition's shown rows in words. */
  private List<String> examples(List<Row> rows) {
    return ChangeLines.lines(keyColumn, rows.stream().map(row -> new ChangeLines.Change(row.getAs(TYPE),
        keyColumn == null ? null : row.get(row.fieldIndex(keyColumn)), describe(row))).toList());
  }

  private static String describe(Row row) {
    List<String> fields = new ArrayList<>();
    for (int i = 0; i < row.size(); i++) {
      String name = row.schema().fields()[i].name();
      if (!META.contains(name)) {
        fields.add(name + "=" + row.get(i));
      }
    }
    return "{" + String.join(", ", fields) + "}";
  }
}
