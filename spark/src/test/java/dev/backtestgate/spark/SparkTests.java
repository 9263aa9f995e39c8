package dev.backtestgate.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one local SparkSession every test class of this module shares (Surefire runs them in one JVM):
 * two worker threads, four shuffle partitions so that range-partitioned scans really cross partition
 * boundaries on small data, no UI.
 */
final class SparkTests {
  private static SparkSession session;

  private SparkTests() {}

  static synchronized SparkSession session() {
    if (session == null) {
      session =
          SparkSession.builder()
              .master("local[2]")
              .appName("backtest-gate-spark-tests")
              .config("spark.ui.enabled", "false")
              .config("spark.sql.shuffle.partitions", "4")
              .config("spark.default.parallelism", "4")
              .config("spark.sql.adaptive.enabled", "false")
              .config("spark.sql.codegen.wholeStage", "false")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.sql.session.timeZone", "UTC")
              .config("spark.sql.warehouse.dir", "target/spark-warehouse")
              .getOrCreate();
    }
    return session;
  }
}
