package dev.backtestgate.lakehouse;

import java.util.List;

/**
 * The columns a history check reads: the partition column that names a partition in findings, and the valid-time
 * column (a date or timestamp) whose earliest value in a file says whether the file's rows were closed history
 * when a commit touched them. Often the same column ({@code day}).
 */
record DeltaColumns(String partition, String validTime) {
  /** Refuses columns the table does not have. */
  void requireIn(String table, List<String> partitionColumns, List<String> schemaColumns) {
    if (!partitionColumns.contains(partition)) {
      throw new IllegalArgumentException("'" + partition + "' is not a partition column of the Delta table '" + table
          + "' (its partition columns: " + (partitionColumns.isEmpty() ? "none" : partitionColumns) + "). Name one "
          + "of them with partitionColumn(...); a table with no partition column cannot be checked by partition.");
    }
    if (!schemaColumns.contains(validTime)) {
      throw new IllegalArgumentException("'" + validTime + "' is not a column of the Delta table '" + table
          + "' (its columns: " + schemaColumns + "). Name the date or timestamp column that says when a row's "
          + "value became valid with validTimeColumn(...).");
    }
  }
}
