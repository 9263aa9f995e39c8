package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.metrics.AucComparison;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apiguardian.api.API;

/**
 * A runner (not a test) that times, back to back on one cached DataFrame on {@code local[2]}: {@link SparkAuc#of} of
 * the candidate, {@link SparkDeLong#compare}, and the whole {@link SparkGateEvidence} with 5 timed features (no
 * feature values, so no screen), for a few rounds, printing Spark's metrics per stage after each and failing unless
 * the evidence's comparison equals the DeLong result. After the rounds, {@link SparkDeLong#compare} once more by its
 * broadcast lookup and once by its join path (forced), failing unless the two records are equal. The rows follow a formula of the row id (30 % positives, two
 * scores with about 100,000 distinct values each, knowledge times up to 30 days before the decision).
 *
 * <pre>
 * mvn -B -ntp -Pspark-benchmarks -pl benchmarks-spark -am verify -DskipTests -Dbench=SparkEvidenceSpeed -Dbench.args="10000000 3" -Dbench.heap=6g
 * </pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class SparkEvidenceSpeed {
  private SparkEvidenceSpeed() {}

  public static void main(String[] args) {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: SparkEvidenceSpeed ROWS ROUNDS");
    }
    long n = Long.parseLong(args[0]);
    int rounds = Integer.parseInt(args[1]);
    SparkSession spark = SparkSession.builder().master("local[2]").appName("evidence-speed")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "8").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    Dataset<Row> data = spark.range(n).selectExpr("id AS rowId",
        "abs(hash(id, 1)) % 10 < 3 AS label",
        "CAST((abs(hash(id, 2)) % 100000) / 100000.0 + IF(abs(hash(id, 1)) % 10 < 3, 0.3, 0) AS DOUBLE) AS cand",
        "CAST((abs(hash(id, 3)) % 100000) / 100000.0 + IF(abs(hash(id, 1)) % 10 < 3, 0.2, 0) AS DOUBLE) AS base",
        "1700000000000 + (id * 3137) % 31536000000 AS decisionTime",
        "1700000000000 + (id * 3137) % 31536000000 - abs(hash(id, 10)) % 2592000000 AS f1",
        "1700000000000 + (id * 3137) % 31536000000 - abs(hash(id, 11)) % 2592000000 AS f2",
        "1700000000000 + (id * 3137) % 31536000000 - abs(hash(id, 12)) % 2592000000 AS f3",
        "1700000000000 + (id * 3137) % 31536000000 - abs(hash(id, 13)) % 2592000000 AS f4",
        "1700000000000 + (id * 3137) % 31536000000 - abs(hash(id, 14)) % 2592000000 AS f5").cache();
    data.count();
    SparkJoinSpeed.StageMetrics stages = new SparkJoinSpeed.StageMetrics();
    spark.sparkContext().addSparkListener(stages);
    for (int round = 1; round <= rounds; round++) {
      long t0 = System.nanoTime();
      double auc = SparkAuc.of(data, "label", "cand");
      long t1 = System.nanoTime();
      System.out.printf(Locale.ROOT, "round %d: SparkAuc.of %.2f s (AUC %.6f)%n", round, (t1 - t0) / 1e9, auc);
      stages.print();
      AucComparison deLong = SparkDeLong.compare(data, "label", "cand", "base", 0.95);
      long t2 = System.nanoTime();
      System.out.printf(Locale.ROOT, "round %d: SparkDeLong.compare %.2f s%n", round, (t2 - t1) / 1e9);
      stages.print();
      GateEvidence evidence = SparkGateEvidence.builder(data).gate("speed#gbm").policy(GatePolicy.defaults())
          .labels("label").candidate("gbm", "cand").baseline("prod", "base").rows("rowId", "decisionTime")
          .feature("f1", "f1").feature("f2", "f2").feature("f3", "f3").feature("f4", "f4").feature("f5", "f5")
          .compute();
      long t3 = System.nanoTime();
      System.out.printf(Locale.ROOT, "round %d: SparkGateEvidence (5 timed features) %.2f s = %.2f SparkDeLongs; "
          + "SparkDeLong = %.2f SparkAuc%n", round, (t3 - t2) / 1e9, (double) (t3 - t2) / (t2 - t1),
          (double) (t2 - t1) / (t1 - t0));
      stages.print();
      if (evidence.comparison().candidateAuc() != deLong.candidateAuc()
          || evidence.comparison().baselineAuc() != deLong.baselineAuc()
          || evidence.comparison().standardError() != deLong.standardError()) {
        throw new IllegalStateException("evidence and SparkDeLong disagree: " + evidence.comparison() + " vs "
            + deLong);
      }
    }
    long t0 = System.nanoTime();
    AucComparison lookedUp = SparkDeLong.compare(data, "label", "cand", "base", 0.95);
    long t1 = System.nanoTime();
    AucComparison joined = SparkDeLong.compare(data, "label", "cand", "base", 0.95, 0);
    long t2 = System.nanoTime();
    System.out.printf(Locale.ROOT, "after the rounds: SparkDeLong.compare %.2f s by lookup, %.2f s by the join path"
        + " (forced) = %.2fx%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9, (double) (t2 - t1) / (t1 - t0));
    stages.print();
    if (!lookedUp.equals(joined)) {
      throw new IllegalStateException("SparkDeLong's lookup and join paths disagree: " + lookedUp + " vs " + joined);
    }
    spark.stop();
  }
}
