package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.tripwire.OutcomeColumns;
import dev.backtestgate.tripwire.Outcomes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Timestamp;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apiguardian.api.API;

/**
 * Reads production outcomes for the tripwire from a local Delta table's latest version, without Spark: the data
 * files its log holds live (read as {@code backtest-gate history} reads the log), each read through parquet-hadoop,
 * the partition columns' values from the log, by the column rule of {@link OutcomeColumns}: the same names and cell
 * formats as a CSV file. A {@code TIMESTAMP_NTZ} is read as UTC; a null is an empty cell. A table with deletion
 * vectors on a live file, or whose log no longer holds its early commits, is refused with the fix (read it with
 * Spark), never read in part.
 *
 * <pre>{@code
 * Outcomes outcomes = DeltaOutcomes.read("/lake/churn_decisions");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class DeltaOutcomes {
  private DeltaOutcomes() {}

  /** The outcomes in the Delta table whose root directory (the one holding {@code _delta_log}) is {@code path}. */
  public static Outcomes read(String path) {
    LocalDeltaLogStore store = LocalDeltaLogStore.of(path);
    DeltaLogFiles.LiveFiles live = DeltaLogFiles.live(store);
    String name = "the Delta table '" + store.table() + "' at version " + live.log().version();
    if (!ParquetCheckpoint.available()) {
      throw new IllegalArgumentException(name + " is read through parquet-hadoop, which is not on this class path: "
          + "put it on the class path (the command line's jar holds it)");
    }
    List<String> header = live.log().columns();
    OutcomeColumns.Rows rows = OutcomeColumns.rows(name, header);
    String[] cells = new String[header.size()];
    long row = 0;
    org.apache.hadoop.conf.Configuration hadoop = new org.apache.hadoop.conf.Configuration();
    for (JsonNode add : live.adds()) {
      String file = add.path("path").asText();
      JsonNode vector = add.get("deletionVector");
      if (vector != null && !vector.isNull()) {
        throw new IllegalArgumentException(name + ": its file " + file + " has a deletion vector (rows deleted in "
            + "place), which this reader without Spark does not apply. Read the table with Spark "
            + "(spark.read.format(\"delta\")) into SparkTripwire, or run OPTIMIZE (or REORG TABLE ... APPLY (PURGE)) "
            + "so the deletions are written out");
      }
      JsonNode partitionValues = add.path("partitionValues");
      try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
          new org.apache.hadoop.fs.Path(DeltaChangeFiles.resolve(store.root(), file).toUri())).withConf(hadoop)
          .build()) {
        for (Group group = reader.read(); group != null; group = reader.read()) {
          for (int i = 0; i < cells.length; i++) {
            String column = header.get(i);
            try {
              cells[i] = live.partitionColumns().contains(column) ? partition(partitionValues.get(column))
                  : OutcomeColumns.text(cell(DeltaChangeFiles.value(group, column)));
            } catch (IllegalArgumentException | IOException e) {
              throw new IllegalArgumentException(name + ", file " + file + ", row " + row + ", column '" + column
                  + "': " + e.getMessage(), e);
            }
          }
          rows.add("row " + row, i -> cells[i]);
          row++;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("could not read " + name + ", file " + file + ": " + e.getMessage()
            + ". Check that the table's data files are readable from this JVM.", e);
      }
    }
    return rows.build();
  }

  private static String partition(JsonNode value) {
    return value == null || value.isNull() ? null : value.asText();
  }

  /** A UTC timestamp as the instant it is; every other value as read. */
  private static Object cell(Object value) {
    return value instanceof Timestamp timestamp ? timestamp.toInstant() : value;
  }
}
