package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.Comparison;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireSettings;
import dev.backtestgate.tripwire.TripwireText;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apiguardian.api.API;

/**
 * A runner (not a test) that times {@link SparkTripwire#check} on {@code local[2]} on one cached frame of production
 * decisions (30 % positives, candidate and baseline scores, 90 % of the labels matured), three rounds, beside the
 * in-memory {@code DeLong.compare} of the same rows, and prints Spark's stage metrics after each look: one scan.
 *
 * <pre>
 * mvn -B -ntp -Pspark-benchmarks -pl benchmarks-spark -am verify -DskipTests -Dbench=SparkTripwireSpeed -Dbench.args=10000000
 * </pre>
 */
@API(status = INTERNAL, since = "0.3")
public final class SparkTripwireSpeed {
  private static final long JULY = Instant.parse("2026-07-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;
  private static final Claim CLAIM = new Claim("bench", "sha256-v2:" + "a".repeat(64),
      Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-06-30T00:00:00Z"), "gbm", "logreg", 0.80, 0.75,
      new Claim.Variances(1e-4, 1.2e-4, 0.8e-4), Comparison.Interval.PAIRED_DELONG, 0.80 - 0.75, 0.03, 0.07, 0.95,
      4_000, 1_000, null, List.of(), List.of("tenure"), List.of(new Claim.TableRead("events", null, "bench")));

  private SparkTripwireSpeed() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: SparkTripwireSpeed ROWS");
    }
    long n = Long.parseLong(args[0]);
    SparkSession spark = SparkSession.builder().master("local[2]").appName("tripwire-speed")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "8").config("spark.sql.session.timeZone", "UTC").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    Dataset<Row> data = spark.range(n).selectExpr(
        JULY + " + CAST(abs(hash(id, 3)) % " + (150 * DAY) + " AS BIGINT) AS decidedAt",
        "CAST((abs(hash(id, 2)) % 100000) / 100000.0 + IF(abs(hash(id, 1)) % 10 < 3, 0.3, 0) AS DOUBLE) "
            + "AS candidateScore",
        "CAST((abs(hash(id, 4)) % 100000) / 100000.0 + IF(abs(hash(id, 1)) % 10 < 3, 0.2, 0) AS DOUBLE) "
            + "AS baselineScore",
        "IF(abs(hash(id, 1)) % 10 < 3, 1, 0) AS label", "id")
        .selectExpr("decidedAt", "candidateScore", "baselineScore", "label", "decidedAt + " + (30 * DAY)
            + " AS labelKnownAt")
        .cache();
    data.count();
    Instant checked = Instant.ofEpochMilli(JULY + 165 * DAY);
    Outcomes inMemory = SparkTripwire.outcomes(data);
    long t = System.nanoTime();
    DeLong.compare(inMemory.labels(), inMemory.candidateScores(), inMemory.baselineScores().orElseThrow(), 0.95);
    System.out.printf(Locale.ROOT, "%,d rows; in-memory DeLong.compare of all rows %.2f s%n", n,
        (System.nanoTime() - t) / 1e9);
    inMemory = null;
    SparkJoinSpeed.StageMetrics stages = new SparkJoinSpeed.StageMetrics();
    spark.sparkContext().addSparkListener(stages);
    for (int round = 1; round <= 3; round++) {
      long t0 = System.nanoTime();
      long cpu0 = SparkAucSpeed.cpu();
      TripwireResult result = SparkTripwire.check(CLAIM, data, checked, TripwireSettings.defaults());
      System.out.printf(Locale.ROOT, "round %d: SparkTripwire.check %.2f s wall, %.2f s process CPU: %s%n", round,
          (System.nanoTime() - t0) / 1e9, (SparkAucSpeed.cpu() - cpu0) / 1e9,
          TripwireText.render(CLAIM, result).lines().findFirst().orElse(""));
      stages.print();
    }
    spark.stop();
  }
}
