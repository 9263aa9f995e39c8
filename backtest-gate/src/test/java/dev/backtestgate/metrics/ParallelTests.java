package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.metrics.Samples.Balance;
import dev.backtestgate.metrics.Samples.Shape;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Large inputs give the same bits whether one thread or two do the work. */
class ParallelTests {

  @Test
  void resultsDoNotDependOnTheNumberOfThreads() {
    Random random = new Random(11);
    int n = 3 * Parallel.MIN_ROWS;
    boolean[] labels = Samples.labels(random, n, Balance.RARE_POSITIVES, 2);
    double[] candidate = Samples.scores(random, n, Shape.UNIFORM);
    double[] baseline = Samples.scores(random, n, Shape.SKEWED);

    Object[] twoThreads = results(labels, candidate, baseline);
    Object[] oneThread;
    Parallel.maxParts = 1;
    try {
      oneThread = results(labels, candidate, baseline);
    } finally {
      Parallel.maxParts = 2;
    }

    assertThat(oneThread).containsExactly(twoThreads);
  }

  private static Object[] results(boolean[] labels, double[] candidate, double[] baseline) {
    return new Object[] {
      Auc.of(labels, candidate),
      DeLong.estimate(labels, baseline, 0.95),
      DeLong.compare(labels, candidate, baseline, 0.95)
    };
  }
}
