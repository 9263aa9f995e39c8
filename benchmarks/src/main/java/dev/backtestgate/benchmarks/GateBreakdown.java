package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Where the gate's time goes, on the same data as {@link GateBenchmark}: for each part, the best of a few
 * runs of its wall time and of the CPU time of the whole JVM process (worker threads and the garbage
 * collector included). CPU time is what a shared machine cannot steal, so it is the steadier figure when other
 * builds run beside it; wall time is what a user waits for on an idle machine.
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -Xmx8g -cp benchmarks/target/benchmarks.jar dev.backtestgate.benchmarks.GateBreakdown 10000000 5
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class GateBreakdown {
  private static final OperatingSystemMXBean OS =
      ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);

  private GateBreakdown() {}

  /**
   * Arguments: rows (default 10,000,000), repetitions (default 5), parts to time (default all, e.g. "publish"),
   * months the decision times span (default 12: the lift-trend check measures that many periods).
   */
  public static void main(String[] args) throws Exception {
    GateBenchmark gate = new GateBenchmark();
    gate.size = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
    gate.features = 5;
    int repetitions = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    gate.months = args.length > 3 ? Integer.parseInt(args[3]) : 12;
    gate.setUp();
    try {
      Map<String, Supplier<Object>> parts = new LinkedHashMap<>();
      parts.put("build", gate::build);
      parts.put("DeLong.compare", gate::deLong);
      parts.put("evaluate", gate::evaluate);
      parts.put("  fingerprint", gate::fingerprint);
      parts.put("  point in time (5)", gate::pointInTime);
      parts.put("  lift trend", gate::liftTrend);
      parts.put("publish", gate::publish);
      parts.put("  ROC curves (2)", gate::rocCurves);
      parts.put("evaluate + publish", gate::evaluateAndPublish);
      System.out.printf(Locale.ROOT, "%d rows, %d timed features, %d months, best of %d%n%-22s %10s %10s%n",
          gate.size, gate.features, gate.months, repetitions, "part", "wall ms", "cpu ms");
      for (Map.Entry<String, Supplier<Object>> part : parts.entrySet()) {
        if (args.length > 2 && !args[2].contains(part.getKey().strip())) {
          continue;
        }
        long bestWall = Long.MAX_VALUE;
        long bestCpu = Long.MAX_VALUE;
        for (int r = 0; r < repetitions; r++) {
          long cpu = cpuNanos();
          long wall = System.nanoTime();
          if (part.getValue().get() == null) {
            throw new IllegalStateException(part.getKey() + " returned nothing");
          }
          bestWall = Math.min(bestWall, System.nanoTime() - wall);
          bestCpu = Math.min(bestCpu, cpuNanos() - cpu);
        }
        System.out.printf(Locale.ROOT, "%-22s %10d %10d%n", part.getKey(), bestWall / 1_000_000, bestCpu / 1_000_000);
      }
    } finally {
      gate.tearDown();
    }
  }

  /** CPU time of this JVM so far, every thread (ended ones too). */
  private static long cpuNanos() {
    return OS.getProcessCpuTime();
  }
}
