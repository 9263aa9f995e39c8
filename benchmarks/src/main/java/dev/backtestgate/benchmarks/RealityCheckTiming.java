package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.sun.management.OperatingSystemMXBean;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.trials.RealityCheck;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apiguardian.api.API;

/**
 * The cost of the bootstrap reality check ({@code backtestgate.ledger-scores=true}) against the cost of one
 * {@code DeLong.compare} on the same rows: {@code trials} candidates sharing one baseline, {@code rows} rows (30%
 * positives), {@link RealityCheck#REPLICATES} replicates. Prints the best and the median of a few rounds, wall time
 * and the JVM's CPU time.
 *
 * <pre>{@code
 * mvn -B -ntp -q package -pl benchmarks -am -DskipTests
 * java -cp benchmarks/target/benchmarks.jar dev.backtestgate.benchmarks.RealityCheckTiming 100000 20 3
 * }</pre>
 */
@API(status = INTERNAL, since = "0.3")
public final class RealityCheckTiming {
  private static final OperatingSystemMXBean OS =
      ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);

  private RealityCheckTiming() {}

  public static void main(String[] args) {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int trials = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    SplittableRandom random = new SplittableRandom(1);
    boolean[] labels = new boolean[rows];
    double[] signal = new double[rows];
    double[] baseline = new double[rows];
    for (int i = 0; i < rows; i++) {
      labels[i] = random.nextDouble() < 0.3;
      signal[i] = (labels[i] ? 1 : 0) + gaussian(random);
      baseline[i] = signal[i] + gaussian(random);
    }
    List<RealityCheck.Trial> list = new ArrayList<>();
    for (int k = 0; k < trials; k++) {
      double[] scores = new double[rows];
      for (int i = 0; i < rows; i++) {
        scores[i] = signal[i] + gaussian(random);
      }
      list.add(new RealityCheck.Trial(scores, baseline));
    }
    double[][] compare = new double[rounds][2];
    double[][] check = new double[rounds][2];
    for (int r = 0; r < rounds; r++) {
      long wall = System.nanoTime();
      long cpu = OS.getProcessCpuTime();
      DeLong.compare(labels, list.get(0).candidate(), baseline, 0.95);
      compare[r] = new double[] {(System.nanoTime() - wall) / 1e6, (OS.getProcessCpuTime() - cpu) / 1e6};
      wall = System.nanoTime();
      cpu = OS.getProcessCpuTime();
      RealityCheck.of(labels, list, 0, RealityCheck.REPLICATES, 7L, 0.95);
      check[r] = new double[] {(System.nanoTime() - wall) / 1e6, (OS.getProcessCpuTime() - cpu) / 1e6};
    }
    System.out.printf(Locale.ROOT, "rows %,d, trials %d, replicates %,d, rounds %d%n", rows, trials,
        RealityCheck.REPLICATES, rounds);
    System.out.println("DeLong.compare  " + summary(compare));
    System.out.println("RealityCheck.of " + summary(check));
  }

  private static String summary(double[][] runs) {
    double[] wall = Arrays.stream(runs).mapToDouble(r -> r[0]).sorted().toArray();
    double[] cpu = Arrays.stream(runs).mapToDouble(r -> r[1]).sorted().toArray();
    return String.format(Locale.ROOT, "wall best %.1f ms, median %.1f ms; cpu best %.1f ms, median %.1f ms",
        wall[0], wall[wall.length / 2], cpu[0], cpu[cpu.length / 2]);
  }

  private static double gaussian(SplittableRandom random) {
    double u = random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
  }
}
