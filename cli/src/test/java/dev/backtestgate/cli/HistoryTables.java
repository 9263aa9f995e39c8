package dev.backtestgate.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.SparkSession;

/**
 * The real tables the history command reads in tests: Delta tables written through a local SparkSession (the
 * command itself never uses Spark), Iceberg path tables written through Iceberg's Java API as an engine would.
 * Every table is {@code (id, day, status)} partitioned by {@code day}.
 */
final class HistoryTables {
  static final String CLOSED = "2024-01-01";
  static final String OLDER = "2024-01-02";
  static final String TODAY = LocalDate.now(ZoneOffset.UTC).toString();
  private static SparkSession spark;

  private HistoryTables() {}

  static synchronized SparkSession spark() {
    if (spark == null) {
      spark = SparkSession.builder().master("local[2]").appName("backtest-gate-cli-history-tests")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.shuffle.partitions", "1")
          .config("spark.default.parallelism", "2")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.sql.session.timeZone", "UTC")
          .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
          .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
          .config("spark.databricks.delta.snapshotPartitions", "1")
          .config("spark.sql.warehouse.dir", "target/spark-warehouse")
          .getOrCreate();
    }
    return spark;
  }

  /** A fresh, empty directory under target/history-tables. */
  static Path freshDir(String name) {
    try {
      return Files.createTempDirectory(Files.createDirectories(Path.of("target", "history-tables")), name + "-")
          .toAbsolutePath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A Delta table (change data feed on): version 0 creates it, version 1 loads two closed days and today. */
  static Path delta(String name) {
    Path dir = freshDir(name);
    sql("CREATE TABLE " + delta(dir) + " (id BIGINT, day DATE, status STRING) USING delta PARTITIONED BY (day) "
        + "TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    sql("INSERT INTO " + delta(dir) + " VALUES (1, DATE'" + CLOSED + "', 'open'), (2, DATE'" + CLOSED + "', 'open'), "
        + "(3, DATE'" + OLDER + "', 'open'), (4, DATE'" + TODAY + "', 'open')");
    return dir;
  }

  static String delta(Path dir) {
    return "delta.`" + dir + "`";
  }

  static void sql(String statement) {
    spark().sql(statement);
  }

  static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.required(2, "day", Types.DateType.get()),
      Types.NestedField.optional(3, "status", Types.StringType.get()));

  /** An Iceberg path table loaded with one snapshot a day for {@code days} days up to today. */
  static Iceberg iceberg(String name, int days) {
    Path dir = freshDir(name).resolve("status");
    Table table = new HadoopTables(new Configuration()).create(SCHEMA,
        PartitionSpec.builderFor(SCHEMA).identity("day").build(), Map.of("format-version", "2"),
        dir.toUri().toString());
    Iceberg t = new Iceberg(dir, table);
    long id = 0;
    for (int d = days - 1; d >= 0; d--) {
      LocalDate day = LocalDate.now(ZoneOffset.UTC).minusDays(d);
      t.files.put(day, t.write(day, new long[] {++id, ++id}, "open"));
      table.newAppend().appendFile(t.files.get(day)).commit();
    }
    return t;
  }

  /** An Iceberg table and the live data file of each day. */
  record Iceberg(Path dir, Table table, Map<LocalDate, DataFile> files) {
    Iceberg(Path dir, Table table) {
      this(dir, table, new java.util.TreeMap<>());
    }

    /** Replaces the day's file with one whose rows say {@code status}: an in-place rewrite of the day. */
    void overwrite(LocalDate day, String status) {
      DataFile old = files.get(day);
      DataFile rewritten = write(day, new long[] {1, 2}, status);
      table.newOverwrite().deleteFile(old).addFile(rewritten).commit();
      files.put(day, rewritten);
    }

    /** Appends a file of rows into the day. */
    void append(LocalDate day, long... ids) {
      table.newAppend().appendFile(write(day, ids, "late")).commit();
    }

    DataFile write(LocalDate day, long[] ids, String status) {
      List<Record> rows = new ArrayList<>();
      for (long id : ids) {
        GenericRecord row = GenericRecord.create(SCHEMA);
        row.setField("id", id);
        row.setField("day", day);
        row.setField("status", status);
        rows.add(row);
      }
      GenericRecord partition = GenericRecord.create(table.spec().partitionType());
      partition.set(0, (int) day.toEpochDay());
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
  }
}
