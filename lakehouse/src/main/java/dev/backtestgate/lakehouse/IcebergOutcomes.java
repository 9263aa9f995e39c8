package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.tripwire.OutcomeColumns;
import dev.backtestgate.tripwire.Outcomes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.apiguardian.api.API;

/**
 * Reads production outcomes for the tripwire from an Iceberg table's current snapshot, without Spark (Iceberg's
 * generic reader: deletes applied, partition columns included), by the column rule of {@link OutcomeColumns}: the
 * same names and cell formats as a CSV file. A {@code timestamp} without a time zone is read as UTC, a
 * {@code timestamptz} and a {@code date} as they are; a null is an empty cell.
 *
 * <pre>{@code
 * Outcomes outcomes = IcebergOutcomes.read("/lake/warehouse/churn_decisions");
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class IcebergOutcomes {
  private IcebergOutcomes() {}

  /** The outcomes in the path table at {@code location}, read through the default Hadoop configuration. */
  public static Outcomes read(String location) {
    return read(location, new Configuration());
  }

  /** The outcomes in the path table at {@code location}, read through {@code hadoop}'s file systems. */
  public static Outcomes read(String location, Configuration hadoop) {
    return read(IcebergSource.at(location, hadoop, "IcebergOutcomes"));
  }

  /** The outcomes in a table your catalog loaded. */
  public static Outcomes read(Table table) {
    return read(IcebergSource.of(table, "IcebergOutcomes"));
  }

  private static Outcomes read(IcebergSource source) {
    IcebergSource.Opened opened = source.open();
    Table table = opened.table();
    List<Types.NestedField> fields = table.schema().columns();
    for (Types.NestedField field : fields) {
      if (!field.type().isPrimitiveType()) {
        throw new IllegalArgumentException("the Iceberg table '" + opened.name() + "', column '" + field.name()
            + "' is a nested column (" + field.type() + "): the outcomes hold one value per decision. Flatten it "
            + "into a plain column, or read a view of the table that leaves it out");
      }
    }
    List<String> header = fields.stream().map(Types.NestedField::name).toList();
    OutcomeColumns.Rows rows = OutcomeColumns.rows("the Iceberg table '" + opened.name() + "'"
        + (table.currentSnapshot() == null ? "" : " at snapshot " + table.currentSnapshot().snapshotId()), header);
    String[] cells = new String[header.size()];
    long row = 0;
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      for (Record record : records) {
        for (int i = 0; i < cells.length; i++) {
          try {
            cells[i] = OutcomeColumns.text(record.get(i));
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the Iceberg table '" + opened.name() + "', row " + row + ", column '"
                + header.get(i) + "' (" + fields.get(i).type() + "): " + e.getMessage(), e);
          }
        }
        rows.add("row " + row, i -> cells[i]);
        row++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the Iceberg table '" + opened.name() + "': " + e.getMessage()
          + ". Check that its data files are readable from this JVM.", e);
    }
    return rows.build();
  }
}
