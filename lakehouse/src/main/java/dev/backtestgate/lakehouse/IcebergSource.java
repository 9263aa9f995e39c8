package dev.backtestgate.lakehouse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.hadoop.HadoopTables;

/**
 * Where an Iceberg table comes from (a location read through HadoopTables, or a table a catalog loaded) and its
 * metadata read once, with the refusals every reader of the snapshot log makes: not a table, not a table with a
 * snapshot log, a format version this library does not read.
 *
 * @param location the table's root (the directory holding {@code metadata/}), or null for a loaded table
 * @param hadoop the file systems that read {@code location}, or null for a loaded table
 * @param table the table a catalog loaded, or null for a location
 * @param reader the public reader's name, for messages (e.g. {@code IcebergHistory})
 */
record IcebergSource(String location, Configuration hadoop, Table table, String reader) {
  /** The path table at {@code location}. */
  static IcebergSource at(String location, Configuration hadoop, String reader) {
    Objects.requireNonNull(hadoop, "hadoop: pass the Hadoop configuration that reads the table's files");
    if (location == null || location.isBlank()) {
      throw new IllegalArgumentException("the Iceberg table location is blank: pass the table's root directory, "
          + "the one that holds metadata/, or pass a Table loaded from your catalog to " + reader + ".of(table).");
    }
    return new IcebergSource(location, hadoop, null, reader);
  }

  /** The table a catalog loaded. */
  static IcebergSource of(Table table, String reader) {
    Objects.requireNonNull(table, "table: pass the table your catalog loaded, e.g. catalog.loadTable(id)");
    return new IcebergSource(null, null, table, reader);
  }

  /** The table as the user named it, for messages before it is read. */
  String describe() {
    return location != null ? location : table.name();
  }

  /**
   * Loads the table and reads its current metadata once.
   *
   * @throws IllegalArgumentException when it is not an Iceberg table with a snapshot log, or of a format version
   *     newer than {@link IcebergSnapshots#NEWEST_FORMAT}
   */
  Opened open() {
    Table loaded = load();
    if (!(loaded instanceof HasTableOperations ops)) {
      throw new IllegalArgumentException("'" + loaded.name() + "' is not an Iceberg table with a snapshot log (it "
          + "is a " + loaded.getClass().getSimpleName() + "): pass the table as your catalog loads it, not a "
          + "metadata table or a serialized copy.");
    }
    TableMetadata metadata = ops.operations().current();
    String name = location != null ? qualified() : loaded.name();
    if (metadata.formatVersion() > IcebergSnapshots.NEWEST_FORMAT) {
      throw new IllegalArgumentException("the Iceberg table '" + name + "' has format version "
          + metadata.formatVersion() + ", which this version of backtest-gate does not read (it reads format "
          + "versions 1 to " + IcebergSnapshots.NEWEST_FORMAT + "). Nothing was checked; read a table of format "
          + "version " + IcebergSnapshots.NEWEST_FORMAT + " or lower, or ask for version "
          + metadata.formatVersion() + " support.");
    }
    return new Opened(name, loaded, metadata);
  }

  private String qualified() {
    try {
      Path root = new Path(location);
      FileSystem fs = root.getFileSystem(hadoop);
      return fs.makeQualified(root).toString();
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the Iceberg table at '" + location + "': " + e.getMessage()
          + ". Check that the path is readable from this JVM.", e);
    }
  }

  private Table load() {
    if (table != null) {
      return table;
    }
    String qualified = qualified();
    try {
      return new HadoopTables(hadoop).load(qualified);
    } catch (NoSuchTableException e) {
      throw new IllegalArgumentException("'" + qualified + "' is not an Iceberg table: it has no metadata/ "
          + "directory with a table metadata file (v<N>.metadata.json). Point " + reader + ".of(...) at the "
          + "table's location (the directory that holds metadata/), or pass the table your catalog loads: "
          + reader + ".of(catalog.loadTable(TableIdentifier.of(\"db\", \"table\"))).", e);
    }
  }

  /**
   * One read of the table's metadata.
   *
   * @param name the table's qualified location, or its catalog name
   * @param table the table
   * @param metadata its metadata, read once: later commits are not seen
   */
  record Opened(String name, Table table, TableMetadata metadata) {}
}
