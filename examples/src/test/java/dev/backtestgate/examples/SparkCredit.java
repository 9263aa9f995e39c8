package dev.backtestgate.examples;

import dev.backtestgate.spark.InMemoryFrames;
import dev.backtestgate.spark.SparkEventLog;
import dev.backtestgate.spark.SparkPointInTimeJoin;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.Spine;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The credit world's honest features joined on Spark ({@code local[2]}) instead of in memory: the logs and
 * the decision rows go to Spark, {@link SparkPointInTimeJoin} joins them, and the joined columns come back
 * to the driver, where the same models are trained and the same gate judges them. Built once per JVM.
 *
 * <pre>{@code
 * ScoredBacktest onSpark = SparkCredit.backtests().pointInTime();
 * }</pre>
 */
final class SparkCredit {
  private SparkCredit() {}

  /** The standard credit backtests with every point-in-time feature joined by Spark. */
  static CreditBacktests backtests() {
    return Holder.BACKTESTS;
  }

  private static final class Holder {
    static final CreditBacktests BACKTESTS = CreditBacktests.joinedBy(SparkCredit::join);
  }

  private static List<JoinedFeature> join(Spine spine, List<EventLog> logs) {
    SparkSession spark = SparkSession.builder()
        .master("local[2]")
        .appName("credit-world-on-spark")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "8")
        .config("spark.sql.warehouse.dir", "target/spark-warehouse")
        .getOrCreate();
    List<SparkEventLog> frames = logs.stream().map(log -> InMemoryFrames.eventLog(spark, log)).toList();
    Dataset<Row> joined = SparkPointInTimeJoin.builder().build().join(InMemoryFrames.spine(spark, spine), frames);
    return InMemoryFrames.features(joined, spine.size(), logs);
  }
}
