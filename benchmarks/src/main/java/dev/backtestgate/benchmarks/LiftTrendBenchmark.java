package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.time.Instant;
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
 * The lift-trend check beside the one {@link DeLong#compare} the gate already runs on the same rows: 24 monthly
 * periods, rows in time order ({@code sorted}) or in random order ({@code shuffled}); the check's cost does not
 * depend on the order. The promise: the check costs at most about one more comparison.
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar LiftTrendBenchmark -f 1 -wi 2 -i 3 -w 2s -r 2s
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@API(status = INTERNAL, since = "0.1")
public class LiftTrendBenchmark {
  private static final long START = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();
  private static final long SPAN = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() - START;

  @Param({"1000000", "10000000"})
  public int size;

  @Param({"sorted", "shuffled"})
  public String order;

  boolean[] labels;
  double[] candidate;
  double[] baseline;
  long[] times;

  /** About 30% positives, two correlated models, decision times over 24 months. */
  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(20261204L);
    labels = new boolean[size];
    candidate = new double[size];
    baseline = new double[size];
    times = new long[size];
    for (int i = 0; i < size; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double signal = labels[i] ? 1.0 : 0.0;
      double shared = gaussian(random);
      candidate[i] = 1.2 * signal + shared + 0.5 * gaussian(random);
      baseline[i] = 0.9 * signal + shared + 0.7 * gaussian(random);
      times[i] = order.equals("sorted") ? START + (long) ((double) i / size * SPAN)
          : START + (long) (random.nextDouble() * SPAN);
    }
  }

  private static double gaussian(SplittableRandom random) {
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
  }

  /** The comparison the gate computes anyway. */
  @Benchmark
  public AucComparison deLongCompare() {
    return DeLong.compare(labels, candidate, baseline, 0.95);
  }

  /** The whole lift-trend check: split, 24 comparisons, both statistics. */
  @Benchmark
  public LiftTrend liftTrend() {
    return LiftTrend.measure(labels, candidate, baseline, times, LiftTrendSettings.defaults(), 0.95);
  }
}
