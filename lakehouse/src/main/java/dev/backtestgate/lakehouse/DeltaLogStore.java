package dev.backtestgate.lakehouse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Where {@link DeltaLogFiles} reads a table's {@code _delta_log} from: Hadoop's file systems through a SparkSession
 * ({@link SparkDeltaLogStore}: any store Spark reads, checkpoints included), or the local file system alone
 * ({@link LocalDeltaLogStore}: no Spark or Hadoop on the class path; the commit files only).
 */
interface DeltaLogStore {
  /** The table's qualified path, as findings name it. */
  String table();

  /** Whether the table has a {@code _delta_log} directory. */
  boolean hasLog() throws IOException;

  /** The files directly in {@code _delta_log}. */
  List<LogFile> list() throws IOException;

  /** Opens the file {@code name} of {@code _delta_log}. */
  InputStream open(String name) throws IOException;

  /**
   * Reads the checkpoint whose parts are {@code names} (files of {@code _delta_log}): the live rows of each file it
   * adds, its metadata and its protocol. {@code firstCommit} is the oldest commit the log still holds one by one.
   */
  void readCheckpoint(List<String> names, long firstCommit, Checkpoint into);

  /**
   * A file of {@code _delta_log}.
   *
   * @param name its name, e.g. {@code 00000000000000000003.json}
   * @param modificationTime when it was written, epoch milliseconds (a commit's time when it records none)
   */
  record LogFile(String name, long modificationTime) {}

  /** What a checkpoint holds, as it is read. */
  interface Checkpoint {
    /** The live rows of a data file the checkpoint adds (its count less its deletion vector's). */
    void liveRows(String path, long rows);

    /** The table's metadata action. */
    void metadata(JsonNode metaData);

    /** The table's protocol action. */
    void protocol(JsonNode protocol);
  }
}
