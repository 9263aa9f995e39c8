package dev.backtestgate.lakehouse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The one local SparkSession with Delta Lake every test class of this module shares (Surefire runs them in one
 * JVM): two worker threads, few shuffle partitions, no UI; tables live in fresh directories under target/.
 */
final class DeltaTests {
  private static SparkSession session;

  private DeltaTests() {}

  static synchronized SparkSession session() {
    if (session == null) {
      session = SparkSession.builder()
          .master("local[2]")
          .appName("backtest-gate-lakehouse-tests")
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
    return session;
  }

  /** A fresh, empty directory under target/delta-tables for one table. */
  static Path freshDir(String name) {
    try {
      Path root = Files.createDirectories(Path.of("target", "delta-tables"));
      return Files.createTempDirectory(root, name + "-").toAbsolutePath();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
