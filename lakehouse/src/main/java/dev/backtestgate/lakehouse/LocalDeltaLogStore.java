package dev.backtestgate.lakehouse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A Delta log read from the local file system with java.nio, no Spark: the commit files (JSON lines), and, when
 * the log's early commits were cleaned up, the checkpoint (Parquet) through parquet-hadoop ({@link
 * ParquetCheckpoint}) where it is on the class path; without it such a log is refused, naming the checkpoint and
 * the reader that reads it, never passed.
 */
final class LocalDeltaLogStore implements DeltaLogStore {
  private final Path root;
  private final Path log;
  private final String table;

  private LocalDeltaLogStore(Path root) {
    this.root = root;
    this.table = "file:" + root;   // as Hadoop qualifies a local path: findings and bindings match the Spark read
    this.log = root.resolve("_delta_log");
  }

  /** The log of the table at {@code path}: a local directory, or a {@code file:} URI. */
  static LocalDeltaLogStore of(String path) {
    if (path.startsWith("file:")) {
      return new LocalDeltaLogStore(Path.of(URI.create(path)).toAbsolutePath().normalize());
    }
    if (path.matches("^[a-zA-Z][a-zA-Z0-9+.-]+:/.*")) {
      throw new IllegalArgumentException("the Delta table '" + path + "' is not on the local file system, and "
          + "reading a log without Spark reads local directories only: copy the _delta_log directory to a local "
          + "directory and read that, or read the table with DeltaHistory.of(spark, path).");
    }
    return new LocalDeltaLogStore(Path.of(path).toAbsolutePath().normalize());
  }

  /** The table's root directory, the one that holds {@code _delta_log}. */
  Path root() {
    return root;
  }

  @Override
  public String table() {
    return table;
  }

  @Override
  public boolean hasLog() {
    return Files.isDirectory(log);
  }

  @Override
  public List<LogFile> list() throws IOException {
    List<LogFile> files = new ArrayList<>();
    try (Stream<Path> entries = Files.list(log)) {
      for (Path file : (Iterable<Path>) entries::iterator) {
        files.add(new LogFile(file.getFileName().toString(), Files.getLastModifiedTime(file).toMillis()));
      }
    }
    return files;
  }

  @Override
  public InputStream open(String name) throws IOException {
    return Files.newInputStream(log.resolve(name));
  }

  @Override
  public void readCheckpoint(List<String> names, long firstCommit, Checkpoint into) {
    if (ParquetCheckpoint.available()) {
      try {
        ParquetCheckpoint.read(names.stream().map(log::resolve).toList(), into);
        return;
      } catch (IOException e) {
        throw new UncheckedIOException("could not read the checkpoint " + names + " of the Delta table '" + table
            + "': " + e.getMessage() + ". Check that the files are readable from this JVM.", e);
      }
    }
    throw new IllegalArgumentException("the Delta log of '" + table + "' no longer holds its commits before version "
        + firstCommit + " (log cleanup), so the table's state before them is only in the Parquet checkpoint "
        + names + ", which the reader without Spark reads only through parquet-hadoop, not on this class path. "
        + "Nothing was checked. Put parquet-hadoop on the class path (the command line's jar holds it), or read "
        + "the history with DeltaHistory.of(spark, path) where a SparkSession is at hand.");
  }
}
