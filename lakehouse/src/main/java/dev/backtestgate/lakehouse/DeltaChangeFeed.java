package dev.backtestgate.lakehouse;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.xxhash64;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;

/**
 * Example rows from Delta's change data feed ({@code delta.enableChangeDataFeed = true}): the rows one commit
 * updated or deleted in the rewritten partitions, with their values before and after. Paired by the key column
 * when one is named, else listed before and after.
 */
final class DeltaChangeFeed implements ChangedRows {
  static final String ENABLED = "delta.enableChangeDataFeed";
  private static final int EXAMPLES = 3;
  private static final String TYPE = "_change_type";
  private static final String PREIMAGE = "update_preimage";
  private static final String POSTIMAGE = "update_postimage";
  private static final String DELETE = "delete";
  private static final String RANK = "_backtest_gate_rank";
  private static final String PARTITION = "_backtest_gate_partition";
  private static final String CHANGED = "_backtest_gate_changed";
  private static final List<String> META = List.of(TYPE, "_commit_version", "_commit_timestamp", PARTITION);

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

  @Override
  public Map<String, List<String>> examples(long version, Set<String> partitions) {
    Map<String, String> partitionOf = new LinkedHashMap<>();   // the partition column's value -> its partition
    for (String partition : partitions) {
      for (String part : partition.split("/")) {
        if (part.startsWith(partitionColumn + "=")) {
          partitionOf.put(part.substring(partitionColumn.length() + 1), partition);
        }
      }
    }
    try {
      // one read of the feed (each read rebuilds the table's state at that version): at most EXAMPLES rows of each
      // change type in each partition, the smallest keys first, paired by key on the driver
      Column order = keyColumn != null ? col(keyColumn) : col(partitionColumn);
      Column value = col(partitionColumn).cast("string");
      Dataset<Row> feed = spark.read().format("delta").option("readChangeFeed", "true")
          .option("startingVersion", version).option("endingVersion", version).load(table)
          .where(value.isin(partitionOf.keySet().toArray()))
          .where(col(TYPE).isin(PREIMAGE, POSTIMAGE, DELETE))
          .withColumn(PARTITION, value);
      if (keyColumn != null) {
        // A MERGE or UPDATE whose clause matched every row writes a pre- and post-image of rows it left as they were:
        // keep the keys whose two images differ (and deletes), so the examples are rows that changed.
        Column[] data = Arrays.stream(feed.columns()).filter(c -> !META.contains(c)).map(c -> col("`" + c + "`"))
            .toArray(Column[]::new);
        Column image = xxhash64(data);
        var byKey = Window.partitionBy(col(PARTITION), col(keyColumn));
        feed = feed.withColumn(CHANGED, col(TYPE).equalTo(DELETE)
                .or(min(image).over(byKey).notEqual(max(image).over(byKey))))
            .where(col(CHANGED)).drop(CHANGED);
      }
      List<Row> rows = feed
          .withColumn(RANK, row_number().over(Window.partitionBy(col(PARTITION), col(TYPE)).orderBy(order)))
          .where(col(RANK).leq(EXAMPLES)).drop(RANK)
          .orderBy(col(PARTITION), col(TYPE), order).collectAsList();
      Map<String, List<String>> byPartition = new LinkedHashMap<>();
      partitionOf.forEach((partitionValue, partition) -> {
        List<Row> own = rows.stream().filter(row -> partitionValue.equals(row.getAs(PARTITION))).toList();
        List<String> examples = examples(own);
        if (!examples.isEmpty()) {
          byPartition.put(partition, examples);
        }
      });
      return byPartition;
    } catch (Exception e) { // Spark throws its AnalysisException, a checked exception, undeclared
      String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
      return ChangedRows.everywhere(partitions, "the changed rows could not be read from the change data feed ("
          + reason + ")");
    }
  }

  /** One partition's changed rows in words: each key's row before and after, then the deleted rows. */
  private List<String> examples(List<Row> rows) {
    List<Row> before = ofType(rows, PREIMAGE);
    List<Row> after = ofType(rows, POSTIMAGE);
    List<String> examples = new ArrayList<>();
    if (keyColumn != null) {
      for (Row old : before) {
        Object key = old.get(old.fieldIndex(keyColumn));
        after.stream().filter(row -> Objects.equals(row.get(row.fieldIndex(keyColumn)), key)).findFirst()
            .ifPresent(now -> examples.add(keyColumn + " " + key + ": " + describe(old) + " -> " + describe(now)));
      }
    } else {
      before.forEach(row -> examples.add("before " + describe(row)));
      after.forEach(row -> examples.add("after " + describe(row)));
    }
    ofType(rows, DELETE).forEach(row -> examples.add("deleted " + describe(row)));
    return examples;
  }

  private static List<Row> ofType(List<Row> rows, String type) {
    return rows.stream().filter(row -> type.equals(row.getAs(TYPE))).toList();
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
