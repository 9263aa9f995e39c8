package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The screen-to-AUC ratio of {@link FeatureScreenBenchmark} measured in alternation, round by round, on the same
 * data: on a machine shared with other jobs the load changes between JMH's two benchmark phases, and a ratio taken
 * within each round is less exposed to that. A supplement to the JMH numbers, not a replacement.
 *
 * <pre>{@code
 * java -Xms8g -Xmx8g -cp benchmarks/target/benchmarks.jar dev.backtestgate.benchmarks.FeatureScreenRatio 5
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class FeatureScreenRatio {
  private FeatureScreenRatio() {}

  /** Runs {@code args[0]} rounds (default 5) after one warm-up round; prints each round's times and ratio. */
  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    FeatureScreenBenchmark b = new FeatureScreenBenchmark();
    b.rows = 10_000_000;
    b.setUp();
    double[] ratios = new double[rounds];
    for (int round = -1; round < rounds; round++) {
      long a0 = System.nanoTime();
      b.oneAuc();
      long a1 = System.nanoTime();
      b.screen20Features();
      long s1 = System.nanoTime();
      b.oneAuc();
      long a2 = System.nanoTime();
      double auc = ((a1 - a0) + (a2 - s1)) / 2e6;
      double screen = (s1 - a1) / 1e6;
      if (round >= 0) {
        ratios[round] = screen / auc;
      }
      System.out.printf(Locale.ROOT, "%s: Auc.of %.0f ms (mean of the two around it), screen of 20 features %.0f ms, "
          + "ratio %.1f%n", round < 0 ? "warm-up" : "round " + (round + 1), auc, screen, screen / auc);
    }
    Arrays.sort(ratios);
    System.out.printf(Locale.ROOT, "median ratio %.1f (min %.1f, max %.1f)%n", ratios[rounds / 2], ratios[0],
        ratios[rounds - 1]);
  }
}
