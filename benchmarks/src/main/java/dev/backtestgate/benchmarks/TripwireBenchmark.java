package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.Comparison;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireSettings;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One look of the tripwire on production decisions held in memory, beside the {@link DeLong#compare} of the same
 * rows: about 30% positives, two correlated models, the baseline scored beside the candidate, 90% of the labels
 * matured at the check time. The promise: a look costs at most two comparisons.
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar TripwireBenchmark -f 1 -wi 2 -i 3 -w 2s -r 2s
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@API(status = INTERNAL, since = "0.3")
public class TripwireBenchmark {
  private static final long JULY = Instant.parse("2026-07-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;
  private static final Instant CHECKED = Instant.ofEpochMilli(JULY + 165 * DAY);
  private static final Claim CLAIM = new Claim("bench", "sha256-v2:" + "a".repeat(64),
      Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-06-30T00:00:00Z"), "gbm", "logreg", 0.80, 0.75,
      new Claim.Variances(1e-4, 1.2e-4, 0.8e-4), Comparison.Interval.PAIRED_DELONG, 0.80 - 0.75, 0.03, 0.07, 0.95,
      4_000, 1_000, null, List.of(), List.of("tenure"), List.of(new Claim.TableRead("events", null, "bench")));

  @Param({"10000000"})
  public int size;

  Outcomes outcomes;
  boolean[] labels;
  double[] candidate;
  double[] baseline;

  /** Decisions spread over 150 days after the claim's window, each label known 30 days later. */
  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(20261207L);
    labels = new boolean[size];
    candidate = new double[size];
    baseline = new double[size];
    long[] decided = new long[size];
    long[] known = new long[size];
    for (int i = 0; i < size; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double signal = labels[i] ? 1.0 : 0.0;
      double shared = gaussian(random);
      candidate[i] = 1.2 * signal + shared + 0.5 * gaussian(random);
      baseline[i] = 0.9 * signal + shared + 0.7 * gaussian(random);
      decided[i] = JULY + (long) (random.nextDouble() * 150 * DAY);
      known[i] = decided[i] + 30 * DAY;
    }
    outcomes = Outcomes.builder().decidedAt(decided).candidateScores(candidate).labels(labels).labelKnownAt(known)
        .baselineScores(baseline).build();
  }

  private static double gaussian(SplittableRandom random) {
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
  }

  /** The yardstick: one paired comparison of all rows. */
  @Benchmark
  public AucComparison deLongCompare() {
    return DeLong.compare(labels, candidate, baseline, 0.95);
  }

  /** One look: the claim's checks, the matured rows picked out, the live paired lift, the boundary. */
  @Benchmark
  public TripwireResult tripwireCheck() {
    return Tripwire.check(CLAIM, outcomes, CHECKED, TripwireSettings.defaults());
  }
}
