package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Where the gate's time goes, on the same data as {@link GateBenchmark}: for each part, the best and the median of
 * a few runs of its wall time and of the CPU time of the whole JVM process (worker threads and the garbage collector
 * included). Each round runs every chosen part once, so parts compared with each other (the lift trend with {@code
 * DeLong.compare}) are timed under the same conditions. CPU time is what a shared machine cannot steal, so it is
 * the steadier figure when other builds run beside it; wall time is what a user waits for on an idle machine.
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
      parts.put("build + evaluate + publish", gate::buildEvaluateAndPublish);
      Map<String, Supplier<Object>> chosen = new LinkedHashMap<>();
      for (Map.Entry<String, Supplier<Object>> part : parts.entrySet()) {
        if (args.length <= 2 || args[2].contains(part.getKey().strip())) {
          chosen.put(part.getKey(), part.getValue());
        }
      }
      // rounds interleave the parts, so a machine that slows down for a while slows every part alike
      long[][] wall = new long[chosen.size()][repetitions];
      long[][] cpu = new long[chosen.size()][repetitions];
      for (int r = 0; r < repetitions; r++) {
        int p = 0;
        for (Map.Entry<String, Supplier<Object>> part : chosen.entrySet()) {
          System.gc(); // each part starts on a clean heap, not paying for the garbage of the part before
          long cpuStart = cpuNanos();
          long wallStart = System.nanoTime();
          if (part.getValue().get() == null) {
            throw new IllegalStateException(part.getKey() + " returned nothing");
          }
          wall[p][r] = System.nanoTime() - wallStart;
          cpu[p++][r] = cpuNanos() - cpuStart;
        }
      }
      System.out.printf(Locale.ROOT, "%d rows, %d timed features, %d months, %d interleaved rounds%n"
          + "%-22s %10s %10s %10s %10s%n", gate.size, gate.features, gate.months, repetitions, "part",
          "wall best", "median", "cpu best", "median");
      int p = 0;
      for (String name : chosen.keySet()) {
        Arrays.sort(wall[p]);
        Arrays.sort(cpu[p]);
        System.out.printf(Locale.ROOT, "%-22s %10d %10d %10d %10d%n", name, wall[p][0] / 1_000_000,
            wall[p][repetitions / 2] / 1_000_000, cpu[p][0] / 1_000_000, cpu[p][repetitions / 2] / 1_000_000);
        p++;
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
