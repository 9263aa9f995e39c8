package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.review.Fingerprint;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The fingerprint on {@link GateBenchmark}'s rows ({@code size} rows, labels, decision times and {@code features}
 * knowledge times): {@code version2} (per-row hash lanes summed, SHA-256 over the header; on the common pool) and
 * {@code version2OneThread} (the same on a pool of one thread: the same value, the single-core cost).
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -jar benchmarks/target/benchmarks.jar FingerprintBenchmark -f 1 -wi 2 -i 3 -jvmArgs -Xmx4g
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@API(status = INTERNAL, since = "0.1")
public class FingerprintBenchmark {
  private static final String GATE = "dev.backtestgate.benchmarks.FingerprintBenchmark#gate";

  @Param({"10000000"})
  public int size;

  @Param({"5"})
  public int features;

  boolean[] labels;
  long[] decisionTimes;
  SortedMap<String, long[]> knownAt;
  ForkJoinPool oneThread;

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(20240601L);
    labels = new boolean[size];
    decisionTimes = new long[size];
    knownAt = new TreeMap<>();
    long[][] times = new long[features][size];
    for (int i = 0; i < size; i++) {
      labels[i] = random.nextDouble() < 0.3;
      decisionTimes[i] = 1_704_067_200_000L + random.nextLong(365L * 24 * 3600 * 1000);
      for (int f = 0; f < features; f++) {
        times[f][i] = decisionTimes[i] - random.nextLong(30L * 24 * 3600 * 1000);
      }
    }
    for (int f = 0; f < features; f++) {
      knownAt.put("feature" + f, times[f]);
    }
    oneThread = new ForkJoinPool(1);
    String one = version2OneThread();
    if (!one.equals(version2())) {
      throw new IllegalStateException("version 2 differs between one thread and the common pool");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    oneThread.shutdown();
  }

  @Benchmark
  public String version2() {
    return Fingerprint.compute(GATE, "candidate", "baseline", labels, decisionTimes, knownAt, new TreeMap<>(),
        new TreeMap<>(), Fingerprint.Training.NONE);
  }

  @Benchmark
  public String version2OneThread() {
    try {
      return oneThread.submit(this::version2).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }
}
