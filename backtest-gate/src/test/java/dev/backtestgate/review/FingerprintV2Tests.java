package dev.backtestgate.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ForkJoinPool;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Fingerprint version 2 against its row-at-a-time definition ({@link RowHash.Sums#add}): the same for any row order,
 * chunking and thread count, and different after any single changed value.
 */
class FingerprintV2Tests {
  private static final String GATE = "com.acme.ChurnBacktest#gbm";

  /** A random run: 2 timed features (one timeless), a numeric and a categorical one, entities, training rows. */
  record Run(boolean[] labels, long[] decided, long[] balance, long[] status, double[] amount, int[] branch,
      long[] entities, long[] trainDecided, long[] trainKnown, long[] trainEntities, List<String> keys) {

    static Run random(long seed, int rows, int trainingRows, boolean stringKeys) {
      SplittableRandom r = new SplittableRandom(seed);
      boolean[] labels = new boolean[rows];
      long[] decided = new long[rows];
      long[] balance = new long[rows];
      long[] status = new long[rows];
      double[] amount = new double[rows];
      int[] branch = new int[rows];
      long[] entities = new long[rows];
      int keyCount = 1 + r.nextInt(20);
      for (int i = 0; i < rows; i++) {
        labels[i] = r.nextBoolean();
        decided[i] = r.nextLong(-1_000_000, 1_000_000);
        balance[i] = r.nextInt(10) == 0 ? RowHash.MISSING_TIME : decided[i] - r.nextInt(1000);
        status[i] = r.nextLong();
        amount[i] = switch (r.nextInt(8)) {
          case 0 -> Double.NaN;
          case 1 -> -0.0;
          case 2 -> 0.0;
          default -> r.nextInt(5) * 0.5;
        };
        branch[i] = r.nextInt(6) - 1;
        entities[i] = r.nextInt(keyCount);
      }
      long[] trainDecided = new long[trainingRows];
      long[] trainKnown = new long[trainingRows];
      long[] trainEntities = new long[trainingRows];
      for (int i = 0; i < trainingRows; i++) {
        trainDecided[i] = r.nextLong(-1_000_000, 0);
        trainKnown[i] = trainDecided[i] + r.nextInt(100);
        trainEntities[i] = r.nextInt(keyCount);
      }
      List<String> keys = new ArrayList<>();
      if (stringKeys) {
        for (int k = 0; k < keyCount; k++) {
          keys.add("kunde-" + k + (k % 3 == 0 ? "-Zoë" : ""));
        }
      }
      return new Run(labels, decided, balance, status, amount, branch, entities, trainDecided, trainKnown,
          trainEntities, keys);
    }

    String fingerprint(int chunkRows) {
      return FingerprintV2.compute(GATE, "gbm-v7", "prod-v3", labels, decided, times(), values(), codes(),
          new Fingerprint.Training(trainDecided, trainKnown, trainEntities, entities, keys), chunkRows);
    }

    SortedMap<String, long[]> times() {
      SortedMap<String, long[]> times = new TreeMap<>();
      times.put("status", status);
      times.put("balance", balance);
      times.put("region", null);
      return times;
    }

    SortedMap<String, double[]> values() {
      return new TreeMap<>(java.util.Map.of("amount", amount));
    }

    SortedMap<String, int[]> codes() {
      return new TreeMap<>(java.util.Map.of("branch", branch));
    }

    /** The definition, row at a time, as another engine computes it. */
    String byRows() {
      RowHash.Sums test = new RowHash.Sums();
      for (int i = 0; i < labels.length; i++) {
        long[] words = {RowHash.labelWord(labels[i]), decided[i], balance[i], status[i],
            RowHash.numericWord(amount[i]), branch[i], entityWord(entities[i])};
        test.add(words, words.length);
      }
      RowHash.Sums training = new RowHash.Sums();
      for (int i = 0; i < trainDecided.length; i++) {
        long[] words = {trainDecided[i], trainKnown[i], entityWord(trainEntities[i])};
        training.add(words, words.length);
      }
      SortedMap<String, Boolean> features = new TreeMap<>(java.util.Map.of("balance", true, "status", true,
          "region", false));
      return FingerprintV2.finish(new FingerprintV2.Shape(GATE, "gbm-v7", "prod-v3", features,
          new TreeSet<>(List.of("amount")), new TreeSet<>(List.of("branch")), true, true, true), test, training);
    }

    private long entityWord(long id) {
      return keys.isEmpty() ? id : RowHash.textWord(keys.get((int) id));
    }

    /** The same rows (test and training) in another order, each row kept whole. */
    Run permuted(long seed) {
      int[] order = shuffled(labels.length, seed);
      int[] trainOrder = shuffled(trainDecided.length, seed + 1);
      boolean[] l = new boolean[labels.length];
      for (int i = 0; i < order.length; i++) {
        l[i] = labels[order[i]];
      }
      double[] a = new double[amount.length];
      int[] b = new int[branch.length];
      for (int i = 0; i < order.length; i++) {
        a[i] = amount[order[i]];
        b[i] = branch[order[i]];
      }
      return new Run(l, take(decided, order), take(balance, order), take(status, order), a, b, take(entities, order),
          take(trainDecided, trainOrder), take(trainKnown, trainOrder), take(trainEntities, trainOrder), keys);
    }
  }

  private static int[] shuffled(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  private static long[] take(long[] column, int[] order) {
    long[] out = new long[order.length];
    for (int i = 0; i < order.length; i++) {
      out[i] = column[order[i]];
    }
    return out;
  }

  @Property(tries = 200)
  void equalsItsRowAtATimeDefinitionForAnyChunking(@ForAll long seed, @ForAll @IntRange(max = 3000) int rows,
      @ForAll @IntRange(max = 50) int trainingRows, @ForAll boolean stringKeys,
      @ForAll @IntRange(min = 1, max = 2500) int chunkRows) {
    Run run = Run.random(seed, rows, trainingRows, stringKeys);
    String expected = run.byRows();
    assertThat(run.fingerprint(0)).isEqualTo(expected).startsWith("sha256-v2:");
    assertThat(run.fingerprint(chunkRows)).isEqualTo(expected);
  }

  @Property(tries = 200)
  void rowOrderDoesNotMatter(@ForAll long seed, @ForAll @IntRange(max = 2000) int rows,
      @ForAll @IntRange(max = 50) int trainingRows, @ForAll boolean stringKeys) {
    Run run = Run.random(seed, rows, trainingRows, stringKeys);
    assertThat(run.permuted(seed ^ 0x5DEECE66DL).fingerprint(0)).isEqualTo(run.fingerprint(0));
  }

  @Property(tries = 300)
  void anySingleChangedValueChangesIt(@ForAll long seed, @ForAll @IntRange(min = 1, max = 500) int rows,
      @ForAll @IntRange(min = 1, max = 20) int trainingRows, @ForAll @IntRange(max = 8) int part) {
    Run run = Run.random(seed, rows, trainingRows, false);
    String before = run.fingerprint(0);
    SplittableRandom r = new SplittableRandom(~seed);
    int row = r.nextInt(rows);
    int trainRow = r.nextInt(trainingRows);
    switch (part) {
      case 0 -> run.labels()[row] = !run.labels()[row];
      case 1 -> run.decided()[row] += 1 + r.nextInt(1000);
      case 2 -> run.balance()[row] = run.balance()[row] == RowHash.MISSING_TIME ? 0 : RowHash.MISSING_TIME;
      case 3 -> run.status()[row] ^= 1L << r.nextInt(64);
      case 4 -> run.amount()[row] = Double.isNaN(run.amount()[row]) ? 7.5 : Double.NaN;
      case 5 -> run.branch()[row] = run.branch()[row] + 1;
      case 6 -> run.entities()[row] = run.entities()[row] + 1;
      case 7 -> run.trainKnown()[trainRow] -= 1;
      default -> run.trainEntities()[trainRow] = -run.trainEntities()[trainRow] - 1;
    }
    assertThat(run.fingerprint(0)).isNotEqualTo(before);
  }

  @Test
  void theSameOnOneThreadAndOnTwo() throws Exception {
    Run run = Run.random(42, FingerprintV2.PARALLEL_MIN_ROWS * 2 + 17, 1000, true);
    String one = new ForkJoinPool(1).submit(() -> run.fingerprint(0)).get();
    String two = new ForkJoinPool(2).submit(() -> run.fingerprint(0)).get();
    assertThat(two).isEqualTo(one).isEqualTo(run.fingerprint(FingerprintV2.BLOCK + 3)).isEqualTo(run.byRows());
  }

  @Test
  void negativeZeroAndEveryNaNAreOneValue() {
    assertThat(RowHash.numericWord(-0.0)).isEqualTo(RowHash.numericWord(0.0)).isZero();
    assertThat(RowHash.numericWord(Double.longBitsToDouble(0x7FF0000000000001L)))
        .isEqualTo(RowHash.numericWord(Double.NaN)).isEqualTo(0x7FF8000000000000L);
  }

  @Test
  void theHeaderBindsNamesAndWhatWasRecorded() {
    Run run = Run.random(7, 50, 5, false);
    String base = run.fingerprint(0);
    List<String> others = new ArrayList<>();
    others.add(FingerprintV2.compute("other#gate", "gbm-v7", "prod-v3", run.labels(), run.decided(), run.times(),
        run.values(), run.codes(), training(run), 0));
    others.add(FingerprintV2.compute(GATE, "gbm-v8", "prod-v3", run.labels(), run.decided(), run.times(),
        run.values(), run.codes(), training(run), 0));
    SortedMap<String, long[]> renamed = new TreeMap<>(run.times());
    renamed.put("region2", renamed.remove("region"));
    others.add(FingerprintV2.compute(GATE, "gbm-v7", "prod-v3", run.labels(), run.decided(), renamed, run.values(),
        run.codes(), training(run), 0));
    SortedMap<String, long[]> timeless = new TreeMap<>(run.times());
    timeless.put("status", null);
    others.add(FingerprintV2.compute(GATE, "gbm-v7", "prod-v3", run.labels(), run.decided(), timeless, run.values(),
        run.codes(), training(run), 0));
    others.add(FingerprintV2.compute(GATE, "gbm-v7", "prod-v3", run.labels(), run.decided(), run.times(),
        new TreeMap<>(), run.codes(), training(run), 0));
    others.add(FingerprintV2.compute(GATE, "gbm-v7", "prod-v3", run.labels(), run.decided(), run.times(),
        run.values(), run.codes(), new Fingerprint.Training(run.trainDecided(), run.trainKnown(), null,
            run.entities(), List.of()), 0));
    others.add(FingerprintV2.compute(GATE, "gbm-v7", "prod-v3", run.labels(), run.decided(), run.times(),
        run.values(), run.codes(), new Fingerprint.Training(null, null, null, run.entities(), List.of()), 0));
    others.add(base);
    assertThat(others).doesNotHaveDuplicates();
  }

  @Test
  void columnsOfAnotherLengthAreRefused() {
    Run run = Run.random(3, 10, 0, false);
    assertThatThrownBy(() -> FingerprintV2.compute(GATE, "c", "b", run.labels(), new long[9], run.times(),
        run.values(), run.codes(), Fingerprint.Training.NONE, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("differ in length");
  }

  private static Fingerprint.Training training(Run run) {
    return new Fingerprint.Training(run.trainDecided(), run.trainKnown(), run.trainEntities(), run.entities(),
        run.keys());
  }
}
