package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.FeatureColumn;
import dev.backtestgate.screen.featurelabel.FeatureLabelScreen;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apiguardian.api.API;

/**
 * A runner (not a test) that times the feature–label screen of one numeric and one categorical feature with {@link
 * SparkFeatureLabelScreen} on {@code local[2]} beside the in-memory {@code FeatureLabelScreen} on the same rows, three
 * times each, and fails unless both give equal scores. The rows follow a formula of the row id that Spark SQL
 * evaluates (30 % positives; a numeric value shifted for positives, 5 % missing; 50 categories); the DataFrame is
 * cached and counted before timing, and the in-memory arrays are collected from it. Prints Spark's stage metrics
 * after each Spark screen.
 *
 * <pre>
 * mvn -B -ntp -Pspark-benchmarks -pl benchmarks-spark -am verify -DskipTests -Dbench=SparkScreenSpeed -Dbench.args="10000000" -Dbench.heap=6g
 * </pre>
 *
 * docs/speed.md gives the one command (module benchmarks-spark) and the numbers measured.
 */
@API(status = INTERNAL, since = "0.1")
public final class SparkScreenSpeed {
  private SparkScreenSpeed() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: SparkScreenSpeed ROWS");
    }
    int n = Integer.parseInt(args[0]);
    SparkSession spark = SparkSession.builder().master("local[2]").appName("screen-speed")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "8").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    Dataset<Row> data = spark.range(n).selectExpr("id AS rowId",
        "abs(hash(id, 1)) % 10 < 3 AS label",
        "CASE WHEN hash(id, 2) % 20 = 0 THEN NULL ELSE CAST((abs(hash(id, 3)) % 100000) / 1000.0"
            + " + IF(abs(hash(id, 1)) % 10 < 3, 20, 0) AS DOUBLE) END AS balance",
        "abs(hash(id, 4)) % 50 AS branch").cache();
    data.count();
    boolean[] labels = new boolean[n];
    double[] balance = new double[n];
    int[] branch = new int[n];
    for (Row r : data.collectAsList()) {
      int i = (int) r.getLong(0);
      labels[i] = r.getBoolean(1);
      balance[i] = r.isNullAt(2) ? Double.NaN : r.getDouble(2);
      branch[i] = r.getInt(3);
    }
    SparkJoinSpeed.StageMetrics stages = new SparkJoinSpeed.StageMetrics();
    spark.sparkContext().addSparkListener(stages);
    for (int round = 1; round <= 3; round++) {
      long t0 = System.nanoTime();
      FeatureScore sparkNumeric = SparkFeatureLabelScreen.numeric(data, "label", "rowId", "balance", "balance", 0.95);
      long t1 = System.nanoTime();
      System.out.printf(Locale.ROOT, "round %d: Spark numeric stages%n", round);
      stages.print();
      FeatureScore sparkCategorical =
          SparkFeatureLabelScreen.categorical(data, "label", "rowId", "branch", "branch", 0.95);
      long t2 = System.nanoTime();
      System.out.printf(Locale.ROOT, "round %d: Spark categorical stages%n", round);
      stages.print();
      FeatureScore numeric = FeatureLabelScreen.screen(labels, new FeatureColumn.Numeric("balance", balance), 0.95);
      long t3 = System.nanoTime();
      FeatureScore categorical =
          FeatureLabelScreen.screen(labels, new FeatureColumn.Categorical("branch", branch), 0.95);
      long t4 = System.nanoTime();
      if (!sparkNumeric.equals(numeric) || !sparkCategorical.equals(categorical)) {
        throw new IllegalStateException("Spark and the in-memory screen disagree: " + sparkNumeric + " vs "
            + numeric + ", " + sparkCategorical + " vs " + categorical);
      }
      System.out.printf(Locale.ROOT, "%,d rows, round %d: Spark numeric %.2f s, categorical %.2f s; in memory "
          + "numeric %.3f s, categorical %.3f s; equal scores (AUC %.4f and %.4f)%n", n, round, (t1 - t0) / 1e9,
          (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9, numeric.auc(), categorical.auc());
    }
    spark.stop();
  }
}
