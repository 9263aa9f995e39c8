package dev.backtestgate.examples;

import dev.backtestgate.history.HistoryEvidence;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.spark.InMemoryFrames;
import dev.backtestgate.spark.SparkGateEvidence;
import dev.backtestgate.spark.SparkEventLog;
import dev.backtestgate.spark.SparkPointInTimeJoin;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.Spine;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The credit world's honest features joined on Spark ({@code local[2]}) instead of in memory: the logs and
 * the decision rows go to Spark, {@link SparkPointInTimeJoin} joins them, and the joined columns come back
 * to the driver, where the same models are trained. The scored rows then go back to Spark, which computes the
 * gate's evidence ({@link #evidence}) for the same gate to judge. Built once per JVM.
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

  /**
   * The gate's evidence for {@code scored}, computed by Spark from a DataFrame of its rows (row id, label, both
   * models' scores, decision time, each feature's knowledge time and the screened features' values), under {@code policy}'s lag and confidence,
   * with the source table's history check when there is one.
   */
  static GateEvidence evidence(String gateId, GatePolicy policy, ScoredBacktest scored) {
    SparkGateEvidence.Builder evidence = SparkGateEvidence.builder(frame(scored))
        .gate(gateId).policy(policy).labels("defaulted")
        .candidate(scored.candidate(), "candidate").baseline(scored.baseline(), "baseline")
        .rows("rowId", "decidedAt");
    scored.knownAt().keySet().forEach(feature -> evidence.feature(feature, feature + "_knownAt"));
    scored.timeless().forEach(evidence::timelessFeature);
    scored.featureValues().keySet().forEach(feature -> evidence.featureValues(feature, feature + "_value"));
    scored.featureCodes().keySet().forEach(feature -> evidence.featureCategories(feature, feature + "_code"));
    GateEvidence computed = evidence.compute();
    return scored.history() == null ? computed : computed.with(HistoryEvidence.of(scored.history()));
  }

  /** The scored rows as a DataFrame: what a backtest that scores on the cluster holds at its end. */
  private static Dataset<Row> frame(ScoredBacktest scored) {
    StructType schema = new StructType().add("rowId", DataTypes.IntegerType, false)
        .add("defaulted", DataTypes.BooleanType, false).add("candidate", DataTypes.DoubleType, false)
        .add("baseline", DataTypes.DoubleType, false).add("decidedAt", DataTypes.LongType, false);
    for (String feature : scored.knownAt().keySet()) {
      schema = schema.add(feature + "_knownAt", DataTypes.LongType, true);
    }
    for (String feature : scored.featureValues().keySet()) {
      schema = schema.add(feature + "_value", DataTypes.DoubleType, true);
    }
    for (String feature : scored.featureCodes().keySet()) {
      schema = schema.add(feature + "_code", DataTypes.IntegerType, true);
    }
    List<Row> rows = new ArrayList<>(scored.labels().length);
    for (int i = 0; i < scored.labels().length; i++) {
      List<Object> row = new ArrayList<>(List.of(i, scored.labels()[i], scored.candidateScores()[i],
          scored.baselineScores()[i], scored.decisionTimes()[i]));
      for (long[] knownAt : scored.knownAt().values()) {
        row.add(knownAt[i] == FeatureTiming.NO_VALUE ? null : knownAt[i]);
      }
      for (double[] values : scored.featureValues().values()) {
        row.add(Double.isNaN(values[i]) ? null : values[i]);
      }
      for (int[] codes : scored.featureCodes().values()) {
        row.add(codes[i] < 0 ? null : codes[i]);
      }
      rows.add(RowFactory.create(row.toArray()));
    }
    return session().createDataFrame(rows, schema);
  }

  private static List<JoinedFeature> join(Spine spine, List<EventLog> logs) {
    SparkSession spark = session();
    List<SparkEventLog> frames = logs.stream().map(log -> InMemoryFrames.eventLog(spark, log)).toList();
    Dataset<Row> joined = SparkPointInTimeJoin.builder().build().join(InMemoryFrames.spine(spark, spine), frames);
    return InMemoryFrames.features(joined, spine.size(), logs);
  }

  /**
   * The one local Spark session every Spark example of a JVM shares, with Delta Lake's SQL extension and catalog
   * (the Delta example writes and merges real tables) and UTC as the session time zone (DATE partitions are UTC days).
   */
  static SparkSession session() {
    return SparkSession.builder()
        .master("local[2]")
        .appName("credit-world-on-spark")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "8")
        .config("spark.sql.warehouse.dir", "target/spark-warehouse")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .getOrCreate();
  }
}
