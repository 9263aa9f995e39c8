package dev.backtestgate.lakehouse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A Delta log read through a SparkSession: its files through Hadoop's file system of the session's configuration
 * (any store Spark reads), its checkpoints (Parquet) through Spark.
 */
final class SparkDeltaLogStore implements DeltaLogStore {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SparkSession spark;
  private final FileSystem fs;
  private final String table;
  private final Path log;

  private SparkDeltaLogStore(SparkSession spark, FileSystem fs, String table, Path log) {
    this.spark = spark;
    this.fs = fs;
    this.table = table;
    this.log = log;
  }

  /** The log of the table at {@code path}, read with {@code spark}'s Hadoop configuration. */
  static SparkDeltaLogStore of(SparkSession spark, String path) {
    try {
      Path root = new Path(path);
      FileSystem fs = root.getFileSystem(spark.sparkContext().hadoopConfiguration());
      return new SparkDeltaLogStore(spark, fs, fs.makeQualified(root).toString(), new Path(root, "_delta_log"));
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the Delta log of '" + path + "': " + e.getMessage()
          + ". Check that the path is readable from this JVM.", e);
    }
  }

  @Override
  public String table() {
    return table;
  }

  @Override
  public boolean hasLog() throws IOException {
    return fs.exists(log);
  }

  @Override
  public List<LogFile> list() throws IOException {
    List<LogFile> files = new ArrayList<>();
    for (FileStatus file : fs.listStatus(log)) {
      files.add(new LogFile(file.getPath().getName(), file.getModificationTime()));
    }
    return files;
  }

  @Override
  public InputStream open(String name) throws IOException {
    return fs.open(new Path(log, name));
  }

  @Override
  public void readCheckpoint(List<String> names, long firstCommit, Checkpoint into) {
    String[] files = names.stream().map(name -> new Path(log, name).toString()).toArray(String[]::new);
    Dataset<Row> checkpoint = spark.read().parquet(files);
    boolean dv = checkpoint.schema().apply("add").dataType().catalogString().contains("deletionVector:");
    Dataset<Row> adds = checkpoint.where("add is not null").selectExpr("add.path",
        "get_json_object(add.stats, '$.numRecords')", dv ? "add.deletionVector.cardinality" : "CAST(NULL AS BIGINT)");
    for (Row add : adds.collectAsList()) {
      if (!add.isNullAt(1)) {
        into.liveRows(add.getString(0), Long.parseLong(add.getString(1)) - (add.isNullAt(2) ? 0 : add.getLong(2)));
      }
    }
    for (String action : List.of("metaData", "protocol")) {
      for (String json : checkpoint.where(action + " is not null").selectExpr("to_json(" + action + ")")
          .as(Encoders.STRING()).collectAsList()) {
        try {
          JsonNode node = JSON.readTree(json);
          if (action.equals("metaData")) {
            into.metadata(node);
          } else {
            into.protocol(node);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
  }
}
