package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.metrics.Samples.Balance;
import dev.backtestgate.metrics.Samples.Shape;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Results give the same bits whether the work is split in one part or two. The split is forced for the
 * test's own thread, so the two-part path runs on any machine (one core included) and no shared state
 * is touched.
 */
class ParallelTests {

  @ParameterizedTest
  @EnumSource(value = Shape.class, names = {"UNIFORM", "SKEWED", "FEW_VALUES", "ANY_BITS"})
  void resultsDoNotDependOnTheSplit(Shape shape) {
    Random random = new Random(11);
    int n = 3 * Parallel.MIN_ROWS;
    boolean[] labels = Samples.labels(random, n, Balance.RARE_POSITIVES, 2);
    double[] candidate = Samples.scores(random, n, shape);
    double[] baseline = Samples.scores(random, n, Shape.SKEWED);

    Object[] twoParts = Parallel.withParts(2, () -> results(labels, candidate, baseline));
    Object[] onePart = Parallel.withParts(1, () -> results(labels, candidate, baseline));

    assertThat(onePart).containsExactly(twoParts);
  }

  @Test
  void smallInputsSplitInTwoGiveTheSameBitsToo() {
    Random random = new Random(12);
    for (int n : new int[] {4, 5, 17, 1000}) {
      boolean[] labels = Samples.labels(random, n, Balance.HALF, 2);
      double[] candidate = Samples.scores(random, n, Shape.ROUNDED);
      double[] baseline = Samples.scores(random, n, Shape.UNIFORM);

      assertThat(Parallel.withParts(1, () -> results(labels, candidate, baseline)))
          .as("n = %d", n)
          .containsExactly(Parallel.withParts(2, () -> results(labels, candidate, baseline)));
    }
  }

  @Test
  void theForcedSplitIsTheOneTheWorkUses() {
    Random random = new Random(13);
    int n = 1000;
    boolean[] labels = Samples.labels(random, n, Balance.HALF, 1);
    double[] scores = Samples.scores(random, n, Shape.UNIFORM);

    assertThat(Parallel.withParts(2, () -> layout(labels, scores).parts)).isEqualTo(2);
    assertThat(Parallel.withParts(2, () -> layout(labels, scores).splitBuckets())).hasSize(3);
    assertThat(Parallel.withParts(1, () -> layout(labels, scores).splitBuckets())).hasSize(2);
    assertThat(Parallel.parts(n)).as("without a forced split, small inputs stay on one thread").isEqualTo(1);
  }

  @Test
  void theOverrideEndsWithTheJobAndStaysOnItsThread() throws Exception {
    int[] seenByOtherThread = new int[1];
    Parallel.withParts(2, () -> {
      Thread other = new Thread(() -> seenByOtherThread[0] = Parallel.parts(10));
      other.start();
      try {
        other.join();
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      return null;
    });

    assertThat(seenByOtherThread[0]).isEqualTo(1);
    assertThat(Parallel.parts(10)).isEqualTo(1);
    assertThatThrownBy(() -> Parallel.withParts(3, () -> null)).hasMessage("parts must be 1 or 2, got 3");
  }

  private static CoarseLayout layout(boolean[] labels, double[] scores) {
    return new CoarseLayout(labels, scores, new Buckets(ScoreRange.of(scores, "scores"), scores.length),
        new double[scores.length], null, null);
  }

  private static Object[] results(boolean[] labels, double[] candidate, double[] baseline) {
    return new Object[] {
      Auc.of(labels, candidate),
      DeLong.estimate(labels, baseline, 0.95),
      DeLong.compare(labels, candidate, baseline, 0.95)
    };
  }
}
