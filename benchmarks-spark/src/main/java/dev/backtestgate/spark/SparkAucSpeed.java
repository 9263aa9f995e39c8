package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.metrics.Auc;
import java.util.List;
import java.util.Locale;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apiguardian.api.API;

/**
 * A runner (not a test) that times {@link SparkAuc#of} beside MLlib's exact evaluator
 * ({@code BinaryClassificationEvaluator}, areaUnderROC, {@code numBins = 0}: no down-sampling of the ROC curve) on
 * {@code local[2]}, on one cached frame of the same rows as SparkEvidenceSpeed (30 % positives, a score with about
 * 100,000 distinct values), three rounds, alternating which goes first, and fails unless both equal the in-memory
 * {@code Auc.of} to 1e-9 (MLlib sums trapezoids in floating point; ours counts pairs exactly). Prints Spark's stage
 * metrics after each.
 *
 * <pre>
 * mvn -B -ntp -Pspark-benchmarks -pl benchmarks-spark -am verify -DskipTests -Dbench=SparkAucSpeed -Dbench.args=10000000
 * </pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class SparkAucSpeed {
  private SparkAucSpeed() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: SparkAucSpeed ROWS");
    }
    int n = Integer.parseInt(args[0]);
    SparkSession spark = SparkSession.builder().master("local[2]").appName("auc-speed")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "8").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    Dataset<Row> data = spark.range(n).selectExpr(
        "abs(hash(id, 1)) % 10 < 3 AS label",
        "IF(abs(hash(id, 1)) % 10 < 3, 1.0D, 0.0D) AS labelNumber",
        "CAST((abs(hash(id, 2)) % 100000) / 100000.0 + IF(abs(hash(id, 1)) % 10 < 3, 0.3, 0) AS DOUBLE) AS cand")
        .cache();
    data.count();
    boolean[] labels = new boolean[n];
    double[] scores = new double[n];
    List<Row> rows = data.select("label", "cand").collectAsList();
    for (int i = 0; i < n; i++) {
      labels[i] = rows.get(i).getBoolean(0);
      scores[i] = rows.get(i).getDouble(1);
    }
    rows = null;
    double expected = Auc.of(labels, scores);
    BinaryClassificationEvaluator mllib = new BinaryClassificationEvaluator().setMetricName("areaUnderROC")
        .setNumBins(0).setLabelCol("labelNumber").setRawPredictionCol("cand");
    SparkJoinSpeed.StageMetrics stages = new SparkJoinSpeed.StageMetrics();
    spark.sparkContext().addSparkListener(stages);
    System.out.printf(Locale.ROOT, "%,d rows, in-memory Auc.of %.12f%n", n, expected);
    for (int round = 1; round <= 3; round++) {
      for (int turn = 0; turn < 2; turn++) {
        boolean ours = (round + turn) % 2 == 0;
        long t0 = System.nanoTime();
        long cpu0 = cpu();
        double auc = ours ? SparkAuc.of(data, "label", "cand") : mllib.evaluate(data);
        System.out.printf(Locale.ROOT, "round %d: %s %.2f s wall, %.2f s process CPU, AUC %.12f%n", round,
            ours ? "SparkAuc.of" : "MLlib BinaryClassificationEvaluator(numBins=0)", (System.nanoTime() - t0) / 1e9,
            (cpu() - cpu0) / 1e9, auc);
        stages.print();
        if (Math.abs(auc - expected) > 1e-9) {
          throw new IllegalStateException((ours ? "SparkAuc" : "MLlib") + " gives " + auc + ", in memory " + expected);
        }
      }
    }
    spark.stop();
  }

  /** CPU time of every thread of this JVM (driver and local executors), nanoseconds. */
  static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }
}
