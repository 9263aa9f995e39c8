package dev.backtestgate.lakehouse;

import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Example rows from Delta's change data feed ({@code delta.enableChangeDataFeed = true}): the rows one commit
 * updated or deleted in the rewritten partitions, with their values before and after. Paired by the key column
 * when one is named, else listed before and after.
 */
final class DeltaChangeFeed implements ChangedRows {
  static final String ENABLED = "delta.enableChangeDataFeed";
  private static final int EXAMPLES = 3;
  private static final List<String> META = List.of("_change_type", "_commit_version", "_commit_timestamp");

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
  public List<String> examples(long version, Set<String> partitions) {
    List<String> values = new ArrayList<>();
    for (String partition : partitions) {
      for (String part : partition.split("/")) {
        if (part.startsWith(partitionColumn + "=")) {
          values.add(part.substring(partitionColumn.length() + 1));
        }
      }
    }
    try {
      Dataset<Row> changes = spark.read().format("delta").option("readChangeFeed", "true")
          .option("startingVersion", version).option("endingVersion", version).load(table)
          .where(col(partitionColumn).cast("string").isin(values.toArray()));
      List<String> examples = new ArrayList<>();
      Dataset<Row> before = changes.where("_change_type = 'update_preimage'");
      Dataset<Row> after = changes.where("_change_type = 'update_postimage'");
      if (keyColumn != null) {
        Dataset<Row> pairs = before.alias("b").join(after.alias("a"),
            col("b." + keyColumn).equalTo(col("a." + keyColumn))).orderBy(col("b." + keyColumn));
        for (Row pair : pairs.limit(EXAMPLES).collectAsList()) {
          int half = pair.size() / 2;
          examples.add(keyColumn + " " + pair.get(pair.fieldIndex(keyColumn)) + ": " + describe(pair, 0, half)
              + " -> " + describe(pair, half, pair.size()));
        }
      } else {
        for (Row row : before.limit(EXAMPLES).collectAsList()) {
          examples.add("before " + describe(row, 0, row.size()));
        }
        for (Row row : after.limit(EXAMPLES).collectAsList()) {
          examples.add("after " + describe(row, 0, row.size()));
        }
      }
      for (Row row : changes.where("_change_type = 'delete'").limit(EXAMPLES).collectAsList()) {
        examples.add("deleted " + describe(row, 0, row.size()));
      }
      return examples;
    } catch (RuntimeException e) {
      String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
      return List.of("the changed rows could not be read from the change data feed (" + reason + ")");
    }
  }

  private static String describe(Row row, int from, int to) {
    List<String> fields = new ArrayList<>();
    for (int i = from; i < to; i++) {
      String name = row.schema().fields()[i].name();
      if (!META.contains(name)) {
        fields.add(name + "=" + row.get(i));
      }
    }
    return "{" + String.join(", ", fields) + "}";
  }
}
