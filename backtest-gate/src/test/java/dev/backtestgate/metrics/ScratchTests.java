package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.metrics.Samples.Balance;
import dev.backtestgate.metrics.Samples.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scratch arrays kept between calls never change a result (whatever a previous call, of any size, left in
 * them), are never shared by concurrent callers, stay within their bound and go on demand; the validation scans,
 * split in two for large inputs, find the same range, counts and first bad index as one scan.
 */
class ScratchTests {

  @AfterEach
  void dropTheKeptSet() {
    Auc.releaseScratch();
  }

  /** Results with a fresh set equal the pair count by definition, and a kept set full of garbage changes no bit. */
  @Property(tries = 150, seed = "20261204")
  void aKeptSetFullOfGarbageChangesNoBit(
      @ForAll long seed,
      @ForAll @IntRange(min = 4, max = 3000) int n,
      @ForAll Shape shape,
      @ForAll Balance balance,
      @ForAll @IntRange(min = 1, max = 2) int parts) {
    Random random = new Random(seed);
    boolean[] labels = Samples.labels(random, n, balance, 2);
    double[] candidate = Samples.scores(random, n, shape);
    double[] baseline = Samples.scores(random, n, Shape.ROUNDED);

    Auc.releaseScratch();
    Object[] fresh = Parallel.withParts(parts, () -> results(labels, candidate, baseline));
    long twiceU = Samples.bruteTwiceU(labels, candidate);
    int positives = Samples.count(labels);
    assertThat((double) fresh[0]).isEqualTo(twiceU / (2.0 * positives * (n - positives)));

    plantGarbage(n + random.nextInt(3 * n), random);
    Object[] reused = Parallel.withParts(parts, () -> results(labels, candidate, baseline));
    assertThat(reused).containsExactly(fresh);
    // the kept set of a larger call serves a smaller one as it is
    plantGarbage(n, random);
    assertThat(Parallel.withParts(3 - parts, () -> results(labels, candidate, baseline))).containsExactly(fresh);
  }

  /** Beyond the one-thread limit, on one and two threads, with a kept set sized for more rows. */
  @Test
  void largeInputsGiveTheSameBitsWithAKeptSetOnOneAndTwoThreads() {
    Random random = new Random(21);
    int n = 3 * Parallel.MIN_ROWS + 17;
    boolean[] labels = Samples.labels(random, n, Balance.RARE_POSITIVES, 2);
    double[] candidate = Samples.scores(random, n, Shape.ROUNDED);
    double[] baseline = Samples.scores(random, n, Shape.UNIFORM);
    Auc.releaseScratch();
    Object[] fresh = Parallel.withParts(1, () -> results(labels, candidate, baseline));
    assertThat((double) fresh[0])
        .isEqualTo(Samples.sortedTwiceU(labels, candidate) / (2.0 * Samples.count(labels) * (n - Samples.count(labels))));

    plantGarbage(2 * n, random);
    assertThat(Parallel.withParts(2, () -> results(labels, candidate, baseline))).containsExactly(fresh);
    plantGarbage(2 * n, random);
    assertThat(Parallel.withParts(1, () -> results(labels, candidate, baseline))).containsExactly(fresh);
  }

  @Test
  void concurrentCallersNeverShareASet() throws Exception {
    int tasks = 8;
    List<boolean[]> labels = new ArrayList<>();
    List<double[]> candidates = new ArrayList<>();
    List<double[]> baselines = new ArrayList<>();
    List<Object[]> expected = new ArrayList<>();
    for (int t = 0; t < tasks; t++) {
      Random random = new Random(100 + t);
      int n = 5_000 + 1_000 * t;
      labels.add(Samples.labels(random, n, Balance.HALF, 2));
      candidates.add(Samples.scores(random, n, t % 2 == 0 ? Shape.UNIFORM : Shape.FEW_VALUES));
      baselines.add(Samples.scores(random, n, Shape.ROUNDED));
      expected.add(results(labels.get(t), candidates.get(t), baselines.get(t)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> same = new ArrayList<>();
      for (int round = 0; round < 25; round++) {
        for (int t = 0; t < tasks; t++) {
          int task = t;
          same.add(pool.submit(() -> Arrays.equals(
              results(labels.get(task), candidates.get(task), baselines.get(task)), expected.get(task))));
        }
      }
      for (Future<Boolean> result : same) {
        assertThat(result.get()).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void keepsOneSetWithinItsBoundAndDropsItOnDemand() {
    Auc.releaseScratch();
    assertThat(Scratch.retainedBytes()).isZero();

    Auc.of(new boolean[] {true, false, true, false}, new double[] {0.1, 0.2, 0.3, 0.4});
    assertThat(Scratch.retainedBytes()).isEqualTo(8 * 4);
    DeLong.compare(new boolean[] {true, false, true, false}, new double[] {1, 2, 3, 4}, new double[] {4, 3, 2, 1},
        0.95);
    assertThat(Scratch.retainedBytes()).as("the same set, grown by two int arrays").isEqualTo(16 * 4);

    Scratch big = Scratch.take();
    big.doubles(1000);
    big.giveBack(7999);
    assertThat(Scratch.retainedBytes()).as("over the bound: not kept").isZero();
    big.giveBack(8000 + 2 * 16);
    assertThat(Scratch.retainedBytes()).isEqualTo(8000 + 2 * 16);
    assertThat(Scratch.limitBytes()).isEqualTo(Runtime.getRuntime().maxMemory() / 8);

    Auc.releaseScratch();
    assertThat(Scratch.retainedBytes()).isZero();
  }

  /** The range scan split in two: the same min and max (the first of tied zeros), counts and first bad index. */
  @Property(tries = 60, seed = "20261204")
  void splitScansFindWhatOneScanFinds(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 5000) int n,
      @ForAll Shape shape,
      @ForAll @IntRange(min = 0, max = 3) int bad) {
    Random random = new Random(seed);
    double[] scores = Samples.scores(random, n, shape);
    double[] nonFinite = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    for (int k = 0; k < bad; k++) {
      scores[random.nextInt(n)] = nonFinite[random.nextInt(3)];
    }
    boolean[] labels = new boolean[n];
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextBoolean();
    }

    Object one = Parallel.withParts(1, () -> rangeOrMessage(scores));
    Object two = Parallel.withParts(2, () -> rangeOrMessage(scores));
    assertThat(two).isEqualTo(one);
    int positives = Samples.count(labels);
    Object expected = positives >= 1 && n - positives >= 1 ? positives : "refused";
    assertThat(Parallel.withParts(2, () -> positivesOrRefusal(labels))).isEqualTo(expected);
    assertThat(Parallel.withParts(1, () -> positivesOrRefusal(labels))).isEqualTo(expected);
  }

  @Test
  void theFirstBadScoreIsNamedWhenItLiesInTheSecondHalf() {
    double[] scores = new double[10];
    Arrays.fill(scores, 0.5);
    scores[7] = Double.NaN;
    scores[9] = Double.NEGATIVE_INFINITY;
    scores[3] = -0.0;
    scores[4] = 0.0;
    assertThat(Parallel.withParts(2, () -> rangeOrMessage(scores)))
        .isEqualTo("scores contain 2 value(s) that are NaN or infinite; the first is NaN at index 7. A ranking"
            + " metric needs a finite score for every row: fix the model output, or drop those rows together with"
            + " their labels before scoring.");
    scores[7] = 0.5;
    scores[9] = 0.5;
    assertThat(Parallel.withParts(2, () -> rangeOrMessage(scores))).isEqualTo(new ScoreRange(-0.0, 0.5));
    scores[1] = 0.0;
    assertThat(Parallel.withParts(2, () -> rangeOrMessage(scores))).isEqualTo(new ScoreRange(0.0, 0.5));
  }

  private static Object rangeOrMessage(double[] scores) {
    Throwable refused = catchThrowable(() -> ScoreRange.of(scores, "scores"));
    return refused == null ? ScoreRange.of(scores, "scores") : refused.getMessage();
  }

  private static Object positivesOrRefusal(boolean[] labels) {
    Throwable refused = catchThrowable(() -> Checks.positives(labels, 1, "AUC"));
    return refused == null ? Checks.positives(labels, 1, "AUC") : "refused";
  }

  /** Leaves a kept set of at least {@code n} rows whose arrays hold values no kernel could have written. */
  private static void plantGarbage(int n, Random random) {
    Scratch scratch = Scratch.take();
    double[] doubles = scratch.doubles(n);
    int[] first = scratch.firstInts(n);
    int[] second = scratch.secondInts(n);
    for (int i = 0; i < doubles.length; i++) {
      doubles[i] = random.nextBoolean() ? Double.NaN : -random.nextDouble();
    }
    Arrays.fill(first, -1);
    for (int i = 0; i < second.length; i++) {
      second[i] = random.nextInt();
    }
    long[] firstLongs = scratch.firstLongs(n);
    long[] secondLongs = scratch.secondLongs(n);
    for (int i = 0; i < firstLongs.length; i++) {
      firstLongs[i] = random.nextLong();
      secondLongs[i] = -1;
    }
    scratch.giveBack(Long.MAX_VALUE);
  }

  /** Every result a kept set could spoil: the AUC, the drawn curve's AUC, both DeLong results, the grouped ones. */
  private static Object[] results(boolean[] labels, double[] candidate, double[] baseline) {
    return new Object[] {
      Auc.of(labels, candidate),
      Auc.curve(labels, candidate, 50).auc(),
      DeLong.compare(labels, candidate, baseline, 0.95),
      DeLong.estimate(labels, baseline, 0.9),
      GroupedDeLong.compareWithAll(labels, candidate, baseline, 3, row -> row % 3, 2, 0.95)
    };
  }
}
