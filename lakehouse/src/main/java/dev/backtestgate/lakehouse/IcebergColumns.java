package dev.backtestgate.lakehouse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The columns an Iceberg history check reads: the partition column (a partition field, e.g. {@code day} or
 * {@code ts_day}, or the column it is derived from) and the valid-time column (DATE or TIMESTAMP) whose earliest
 * value in a file, from the partition value or the file's lower bound, says whether the file's rows were closed
 * history when a snapshot touched them.
 */
record IcebergColumns(String partition, String validTime) {
  private static final Set<Type.TypeID> TIMES = Set.of(Type.TypeID.DATE, Type.TypeID.TIMESTAMP,
      Type.TypeID.TIMESTAMP_NANO);

  /** Refuses columns the table does not have. */
  void requireIn(String table, TableMetadata metadata) {
    List<String> fields = new ArrayList<>();
    boolean found = false;
    for (PartitionSpec spec : metadata.specs()) {
      for (PartitionField field : spec.fields()) {
        String source = metadata.schema().findColumnName(field.sourceId());
        fields.add(field.name() + " (" + field.transform() + " of " + source + ")");
        found = found || field.name().equals(partition) || partition.equals(source);
      }
    }
    if (!found) {
      throw new IllegalArgumentException("'" + partition + "' is not a partition column of the Iceberg table '"
          + table + "' (its partition fields: " + (fields.isEmpty() ? "none, the table is unpartitioned" : fields)
          + "). Name one of them with partitionColumn(...); a table with no partition field cannot be checked by "
          + "partition.");
    }
    Types.NestedField column = metadata.schema().findField(validTime);
    if (column == null || !TIMES.contains(column.type().typeId())) {
      throw new IllegalArgumentException("'" + validTime + "' is not a DATE or TIMESTAMP column of the Iceberg table '"
          + table + "' (" + (column == null ? "no such column; its columns: " + metadata.schema().columns().stream()
              .map(Types.NestedField::name).toList() : "it is a " + column.type()) + "). Name the date or timestamp "
          + "column that says when a row's value became valid with validTimeColumn(...).");
    }
  }
}
