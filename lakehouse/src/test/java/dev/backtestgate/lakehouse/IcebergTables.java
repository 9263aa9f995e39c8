package dev.backtestgate.lakehouse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;

/**
 * A real Iceberg path table (HadoopTables on the local file system), partitioned by day, written through
 * Iceberg's Java API as an engine would: one Parquet data file per day and commit, each row {@code (id, day,
 * status)}.
 */
final class IcebergTables {
  static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.required(2, "day", Types.DateType.get()),
      Types.NestedField.optional(3, "status", Types.StringType.get()));
  static final Schema EVENTS = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.required(2, "ts", Types.TimestampType.withZone()));
  /** A numeric feature by day: the table transaction-time events are read from. */
  static final Schema SCORES = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.required(2, "day", Types.DateType.get()),
      Types.NestedField.optional(3, "score", Types.DoubleType.get()));
  static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);

  final String location;
  final Table table;
  /** The live data file of each day, as the fixture last wrote it. */
  final Map<LocalDate, DataFile> files = new TreeMap<>();

  private IcebergTables(String location, Table table) {
    this.location = location;
    this.table = table;
  }

  /** A new table of the format version under {@code dir}, written over {@code days} days up to today. */
  static IcebergTables daily(Path dir, int formatVersion, int days) {
    String location = dir.resolve("status").toUri().toString();
    Table table = new HadoopTables(new Configuration()).create(SCHEMA,
        PartitionSpec.builderFor(SCHEMA).identity("day").build(),
        Map.of(TableProperties.FORMAT_VERSION, String.valueOf(formatVersion)), location);
    IcebergTables t = new IcebergTables(location, table);
    long id = 0;
    for (int d = days - 1; d >= 0; d--) {   // one append a day, oldest first
      LocalDate day = TODAY.minusDays(d);
      DataFile file = t.write(day, new long[] {++id, ++id}, "open");
      table.newAppend().appendFile(file).commit();
      t.files.put(day, file);
    }
    return t;
  }

  long current() {
    table.refresh();
    return table.currentSnapshot().snapshotId();
  }

  /** A table of events {@code (id, ts)} with a timestamp valid time, partitioned by {@code spec}. */
  static IcebergTables events(Path dir, String name, java.util.function.Function<PartitionSpec.Builder,
      PartitionSpec.Builder> spec) {
    String location = dir.resolve(name).toUri().toString();
    return new IcebergTables(location, new HadoopTables(new Configuration()).create(EVENTS,
        spec.apply(PartitionSpec.builderFor(EVENTS)).build(), Map.of(), location));
  }

  /** A new, empty table of {@link #SCORES} of the format version, partitioned by day. */
  static IcebergTables scores(Path dir, String name, int formatVersion) {
    String location = dir.resolve(name).toUri().toString();
    return new IcebergTables(location, new HadoopTables(new Configuration()).create(SCORES,
        PartitionSpec.builderFor(SCORES).identity("day").build(),
        Map.of(TableProperties.FORMAT_VERSION, String.valueOf(formatVersion)), location));
  }

  /** A data file of {@code day} holding the rows (ids[i], day, scores[i]); a NaN score is NULL. */
  DataFile writeScores(LocalDate day, long[] ids, double[] scores) {
    java.util.List<Record> rows = new java.util.ArrayList<>();
    for (int i = 0; i < ids.length; i++) {
      GenericRecord row = GenericRecord.create(SCORES);
      row.setField("id", ids[i]);
      row.setField("day", day);
      row.setField("score", Double.isNaN(scores[i]) ? null : scores[i]);
      rows.add(row);
    }
    return write((int) day.toEpochDay(), rows);
  }

  /** An equality delete file of {@code day} removing the rows of {@code ids} there, by the columns named. */
  DeleteFile deleteByColumns(LocalDate day, long[] ids, String... columns) {
    Schema keys = table.schema().select(columns);
    GenericRecord partition = GenericRecord.create(table.spec().partitionType());
    partition.set(0, (int) day.toEpochDay());
    OutputFile out = table.io().newOutputFile(table.locationProvider().newDataLocation(table.spec(), partition,
        UUID.randomUUID() + "-eq-deletes.parquet"));
    try {
      org.apache.iceberg.deletes.EqualityDeleteWriter<Record> writer = Parquet.writeDeletes(out)
          .forTable(table).withSpec(table.spec()).withPartition(partition).rowSchema(keys)
          .createWriterFunc(GenericParquetWriter::create)
          .equalityFieldIds(keys.columns().stream().mapToInt(Types.NestedField::fieldId).toArray())
          .overwrite().buildEqualityWriter();
      try (writer) {
        for (long id : ids) {
          GenericRecord key = GenericRecord.create(keys);
          key.setField("id", id);
          if (keys.findField("day") != null) {
            key.setField("day", day);
          }
          writer.write(key);
        }
      }
      return writer.toDeleteFile();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A deletion vector (format version 3) removing rows {@code positions} of {@code file}. */
  DeleteFile deletionVector(DataFile file, long... positions) {
    org.apache.iceberg.deletes.BaseDVFileWriter writer = new org.apache.iceberg.deletes.BaseDVFileWriter(
        () -> table.io().newOutputFile(table.locationProvider().newDataLocation(UUID.randomUUID() + ".puffin")),
        path -> null);
    try {
      try (writer) {
        for (long position : positions) {
          writer.delete(file.location(), position, table.spec(), file.partition());
        }
      }
      return writer.result().deleteFiles().get(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A data file of {@code day} holding one row per id, each with {@code status}. */
  DataFile write(LocalDate day, long[] ids, String... statuses) {
    java.util.List<Record> rows = new java.util.ArrayList<>();
    for (int i = 0; i < ids.length; i++) {
      GenericRecord row = GenericRecord.create(SCHEMA);
      row.setField("id", ids[i]);
      row.setField("day", day);
      row.setField("status", statuses[Math.min(i, statuses.length - 1)]);
      rows.add(row);
    }
    return write((int) day.toEpochDay(), rows);
  }

  /** A data file of one event per time, in the partition whose single value is {@code partitionValue}. */
  DataFile writeEvents(int partitionValue, java.time.OffsetDateTime... times) {
    java.util.List<Record> rows = new java.util.ArrayList<>();
    for (int i = 0; i < times.length; i++) {
      GenericRecord row = GenericRecord.create(EVENTS);
      row.setField("id", (long) i + 1);
      row.setField("ts", times[i]);
      rows.add(row);
    }
    return write(partitionValue, rows);
  }

  private DataFile write(int partitionValue, java.util.List<Record> rows) {
    GenericRecord partition = GenericRecord.create(table.spec().partitionType());
    partition.set(0, partitionValue);
    OutputFile out = table.io().newOutputFile(table.locationProvider().newDataLocation(table.spec(), partition,
        UUID.randomUUID() + ".parquet"));
    try {
      DataWriter<Record> writer = Parquet.writeData(out).forTable(table).withSpec(table.spec())
          .withPartition(partition).createWriterFunc(GenericParquetWriter::create).overwrite().build();
      try (writer) {
        rows.forEach(writer::write);
      }
      return writer.toDataFile();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A position delete file that removes row {@code position} of {@code file} (merge-on-read). */
  DeleteFile deleteRow(DataFile file, long position) {
    OutputFile out = table.io().newOutputFile(table.locationProvider().newDataLocation(table.spec(),
        file.partition(), UUID.randomUUID() + "-deletes.parquet"));
    try {
      PositionDeleteWriter<Record> writer = Parquet.writeDeletes(out).withSpec(table.spec())
          .withPartition(file.partition()).overwrite().buildPositionWriter();
      try (writer) {
        PositionDelete<Record> delete = PositionDelete.create();
        writer.write(delete.set(file.location(), position));
      }
      return writer.toDeleteFile();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
