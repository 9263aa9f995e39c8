package dev.backtestgate.lakehouse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotChanges;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;

/**
 * Example rows a rewriting Iceberg snapshot changed: the rows of the data files it removed in the rewritten
 * partitions against the rows of the files it added there (a copy-on-write overwrite or delete), paired by the key
 * column when one is named. Read while the files are still there: snapshot expiry deletes the removed files, and
 * then the finding says the rows could not be read. Rows a delete file removed (merge-on-read) are counted, not
 * listed.
 */
final class IcebergChangedRows implements ChangedRows.OneCommit {
  private static final int EXAMPLES = 3;
  /** Past this many rows on one side the examples are skipped: they are examples, not a diff of the table. */
  private static final int MAX_ROWS = 100_000;

  private final Table table;
  private final IcebergSnapshots snapshots;
  private final String keyColumn;

  IcebergChangedRows(Table table, IcebergSnapshots snapshots, String keyColumn) {
    this.table = table;
    this.snapshots = snapshots;
    this.keyColumn = keyColumn;
  }

  @Override
  public Map<String, List<String>> examples(long snapshotId, Set<String> partitions) {
    try {
      Snapshot snapshot = snapshots.snapshot(snapshotId);
      Schema schema = snapshot.schemaId() != null && table.schemas().containsKey(snapshot.schemaId())
          ? table.schemas().get(snapshot.schemaId()) : table.schema();
      SnapshotChanges changes = SnapshotChanges.builderFor(table).snapshot(snapshot).build();
      Map<String, List<String>> byPartition = new LinkedHashMap<>();
      for (String partition : partitions) {
        List<String> examples = examples(changes, Set.of(partition), schema, snapshot);
        if (!examples.isEmpty()) {
          byPartition.put(partition, examples);
        }
      }
      return byPartition;
    } catch (RuntimeException | IOException e) {
      String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
      return ChangedRows.everywhere(partitions, "the changed rows could not be read from the snapshot's files ("
          + reason + "); snapshot expiry may have deleted them");
    }
  }

  /** The changed rows of one partition: each data file belongs to one partition, so each is read once. */
  private List<String> examples(SnapshotChanges changes, Set<String> partition, Schema schema, Snapshot snapshot)
      throws IOException {
    Map<Object, Record> before = rows(changes.removedDataFiles(), partition, schema);
    Map<Object, Record> after = rows(changes.addedDataFiles(), partition, schema);
    if (before == null || after == null) {
      return List.of("the changed rows were not listed: the files hold more than " + MAX_ROWS + " rows or are "
          + "not Parquet");
    }
    // only the rows shown are put in words: describing every row of a rewritten day cost most of the history
    List<String> examples = new ArrayList<>();
    for (Map.Entry<Object, Record> row : before.entrySet()) {
      if (examples.size() >= EXAMPLES) {
        break;
      }
      Record now = after.get(row.getKey());
      String was = describe(row.getValue(), schema);
      if (now == null) {
        examples.add("deleted " + was);
      } else if (!was.equals(describe(now, schema))) {
        examples.add(keyColumn + " " + row.getKey() + ": " + was + " -> " + describe(now, schema));
      }
    }
    for (Map.Entry<Object, Record> row : after.entrySet()) {
      if (examples.size() >= 2 * EXAMPLES) {
        break;
      }
      if (!before.containsKey(row.getKey())) {
        examples.add("added " + describe(row.getValue(), schema));
      }
    }
    long deletes = 0;
    for (DeleteFile d : changes.addedDeleteFiles()) {
      if (partition.contains(snapshots.partition(d))) {
        deletes += d.recordCount();
      }
    }
    if (deletes > 0) {
      examples.add(deletes + " row(s) removed by delete files (merge-on-read): compare the partition AS OF "
          + "snapshot " + snapshot.parentId() + " and AS OF snapshot " + snapshot.snapshotId() + " to list them");
    }
    return examples;
  }

  /**
   * The rows of {@code files} in {@code partitions}, by key (its value in words) or, without a key column, by the
   * whole row (its values, equal where the rows read the same), or null when too many.
   */
  private Map<Object, Record> rows(Iterable<DataFile> files, Set<String> partitions, Schema schema)
      throws IOException {
    Map<Object, Record> rows = new LinkedHashMap<>();
    for (DataFile file : files) {
      if (!partitions.contains(snapshots.partition(file))) {
        continue;
      }
      if (file.format() != FileFormat.PARQUET) {
        return null;
      }
      try (CloseableIterable<Record> records = Parquet.read(table.io().newInputFile(file.location()))
          .project(schema).createReaderFunc(type -> GenericParquetReaders.buildReader(schema, type)).build()) {
        for (Record record : records) {
          rows.put(keyColumn == null ? values(record, schema) : String.valueOf(record.getField(keyColumn)), record);
          if (rows.size() > MAX_ROWS) {
            return null;
          }
        }
      }
    }
    return rows;
  }

  private static List<Object> values(Record record, Schema schema) {
    List<Object> values = new ArrayList<>();
    for (Types.NestedField field : schema.columns()) {
      values.add(record.getField(field.name()));
    }
    return values;
  }

  private static String describe(Record record, Schema schema) {
    List<String> fields = new ArrayList<>();
    for (Types.NestedField field : schema.columns()) {
      fields.add(field.name() + "=" + record.getField(field.name()));
    }
    return "{" + String.join(", ", fields) + "}";
  }
}
