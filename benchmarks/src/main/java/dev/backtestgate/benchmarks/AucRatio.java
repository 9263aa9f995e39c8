package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;
import org.apiguardian.api.API;

/**
 * Same-run ratios of the in-memory kernels, on {@link AucBenchmark}'s data: each round times, back to back in this
 * JVM, one streaming pass over labels and scores (the sum of the positives' scores, one thread: the memory floor),
 * {@code Auc.of}, {@code DeLong.compare} and Smile's {@code AUC.of}. It prints the median and best of each, wall and
 * CPU time of the whole process, and the ratios the speed targets are stated in. Timing the sides alternately in one
 * round keeps the ratios honest when other work on the machine comes and goes.
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -Xms6g -Xmx6g -cp benchmarks/target/benchmarks.jar dev.backtestgate.benchmarks.AucRatio 10000000 distinct 9
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class AucRatio {
  private static final OperatingSystemMXBean OS =
      ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);

  private AucRatio() {}

  /** Arguments: rows (default 10,000,000), {@code distinct} or {@code ties} (default distinct), rounds (default 9). */
  public static void main(String[] args) {
    AucBenchmark data = new AucBenchmark();
    data.size = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
    data.scores = args.length > 1 ? args[1] : "distinct";
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 9;
    data.setUp();
    Map<String, DoubleSupplier> parts = new LinkedHashMap<>();
    parts.put("streaming pass", () -> streamingPass(data.labels, data.candidate));
    parts.put("Auc.of", data::backtestGateAuc);
    parts.put("DeLong.compare", () -> data.backtestGateDeLongCompare().candidateAuc());
    parts.put("Smile AUC.of", data::smileAuc);
    Map<String, long[]> wall = new LinkedHashMap<>();
    Map<String, long[]> cpu = new LinkedHashMap<>();
    parts.keySet().forEach(k -> {
      wall.put(k, new long[rounds]);
      cpu.put(k, new long[rounds]);
    });
    double sink = 0;
    for (int warm = 0; warm < 2; warm++) {
      for (DoubleSupplier part : parts.values()) {
        sink += part.getAsDouble();
      }
    }
    for (int r = 0; r < rounds; r++) {
      for (Map.Entry<String, DoubleSupplier> part : parts.entrySet()) {
        long c = OS.getProcessCpuTime();
        long w = System.nanoTime();
        sink += part.getValue().getAsDouble();
        wall.get(part.getKey())[r] = System.nanoTime() - w;
        cpu.get(part.getKey())[r] = OS.getProcessCpuTime() - c;
      }
    }
    System.out.printf(Locale.ROOT, "%,d rows, %s scores, %d rounds (sink %.3f)%n%-16s %12s %10s %12s %10s%n",
        data.size, data.scores, rounds, sink, "part", "wall median", "wall best", "cpu median", "cpu best");
    for (String k : parts.keySet()) {
      System.out.printf(Locale.ROOT, "%-16s %12.1f %10.1f %12.1f %10.1f%n", k, median(wall.get(k)),
          best(wall.get(k)), median(cpu.get(k)), best(cpu.get(k)));
    }
    ratio("Auc.of / streaming pass", "Auc.of", "streaming pass", wall, cpu);
    ratio("Smile / Auc.of", "Smile AUC.of", "Auc.of", wall, cpu);
    ratio("DeLong.compare / Auc.of", "DeLong.compare", "Auc.of", wall, cpu);
  }

  /** One pass over both arrays, as cheap as a pass can be: the sum of the positives' scores. */
  static double streamingPass(boolean[] labels, double[] scores) {
    double sum = 0;
    for (int i = 0; i < scores.length; i++) {
      sum += labels[i] ? scores[i] : 0.0;
    }
    return sum;
  }

  private static void ratio(String name, String top, String bottom, Map<String, long[]> wall,
      Map<String, long[]> cpu) {
    System.out.printf(Locale.ROOT, "%-26s wall %.2fx (median of per-round ratios %.2fx), cpu %.2fx%n", name,
        median(wall.get(top)) / median(wall.get(bottom)), medianRatio(wall.get(top), wall.get(bottom)),
        median(cpu.get(top)) / median(cpu.get(bottom)));
  }

  private static double medianRatio(long[] top, long[] bottom) {
    double[] r = new double[top.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = (double) top[i] / bottom[i];
    }
    Arrays.sort(r);
    return r[r.length / 2];
  }

  private static double median(long[] nanos) {
    long[] s = nanos.clone();
    Arrays.sort(s);
    return s[s.length / 2] / 1e6;
  }

  private static double best(long[] nanos) {
    return Arrays.stream(nanos).min().orElseThrow() / 1e6;
  }
}
