package dev.backtestgate.screen.featurelabel;

import dev.backtestgate.FeatureColumn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The screen against its definitions, computed pair by pair and row by row ({@link BruteForceScreen}). */
class FeatureLabelScreenPropertyTests {

  @Property(tries = 200)
  void numericAucIsTheDirectionFreePairCountWithMissingValuesRankedLowest(
      @ForAll long seed, @ForAll @IntRange(min = 2, max = 80) int rows, @ForAll @IntRange(min = 1, max = 12) int distinct,
      @ForAll @IntRange(min = 0, max = 3) int missingEvery) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, rows);
    double[] values = new double[rows];
    for (int i = 0; i < rows; i++) {
      boolean missing = missingEvery > 0 && random.nextInt(missingEvery + 1) == 0;
      values[i] = missing ? Double.NaN : random.nextInt(distinct) - distinct / 2 + (labels[i] ? random.nextInt(3) : 0);
    }
    FeatureScore score = FeatureLabelScreen.screen(labels, new FeatureColumn.Numeric("f", values), 0.95);

    assertThat(score.rawAuc()).isCloseTo(BruteForceScreen.auc(labels, values), within(1e-12));
    assertThat(score.auc()).isCloseTo(BruteForceScreen.directionFree(labels, values), within(1e-12));
    assertThat(score.perfect()).isEqualTo(score.rawAuc() == 0 || score.rawAuc() == 1);
    if (score.hasInterval()) {
      assertThat(score.ciLower()).isLessThanOrEqualTo(score.auc() + 1e-12);
      assertThat(score.ciUpper()).isGreaterThanOrEqualTo(score.auc() - 1e-12);
    }
  }

  @Property(tries = 200)
  void categoricalScoresAreTheOutOfFoldRatesComputedRowByRow(
      @ForAll long seed, @ForAll @IntRange(min = 2, max = 80) int rows, @ForAll @IntRange(min = 1, max = 40) int categories,
      @ForAll boolean sparseCodes) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, rows);
    int[] codes = new int[rows];
    for (int i = 0; i < rows; i++) {
      int code = random.nextInt(categories + 1) - 1; // -1 = missing
      codes[i] = sparseCodes && code >= 0 ? code * 100_003 + 7 : code;
    }
    double[] expected = BruteForceScreen.outOfFold(labels, codes, BruteForceScreen.folds(rows));

    double[] actual = FeatureLabelScreen.outOfFoldRates(labels, codes);

    assertThat(actual).containsExactly(expected, within(1e-12));
    assertThat(FeatureLabelScreen.outOfFoldRates(labels, codes, true)).containsExactly(expected, within(1e-12));
    assertThat(FeatureLabelScreen.outOfFoldRates(labels, codes, false)).containsExactly(expected, within(1e-12));
    FeatureScore score = FeatureLabelScreen.screen(labels, new FeatureColumn.Categorical("c", codes), 0.95);
    assertThat(score.auc()).isCloseTo(BruteForceScreen.directionFree(labels, expected), within(1e-12));
  }

  @Property(tries = 50)
  void anIdentifierUniqueToEachRowIsNeverPredictive(
      @ForAll long seed, @ForAll @IntRange(min = 2, max = 3_000) int rows, @ForAll boolean hashed) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, rows);
    int[] ids = new int[rows];
    for (int i = 0; i < rows; i++) {
      ids[i] = hashed ? (i * 0x9E3779B1) & Integer.MAX_VALUE : i;
    }
    FeatureScore score = FeatureLabelScreen.screen(labels, new FeatureColumn.Categorical("id", ids), 0.95);

    assertThat(score.auc()).isEqualTo(0.5);
    assertThat(score.perfect()).isFalse();
    assertThat(score.categories()).isEqualTo(rows);
  }

  @Property(tries = 30)
  void screeningInParallelGivesTheSameScoresAsOneByOne(@ForAll long seed) {
    Random random = new Random(seed);
    int rows = 500;
    boolean[] labels = labels(random, rows);
    java.util.List<FeatureColumn> columns = new java.util.ArrayList<>();
    for (int f = 0; f < 6; f++) {
      double[] values = new double[rows];
      int[] codes = new int[rows];
      for (int i = 0; i < rows; i++) {
        values[i] = random.nextDouble() < 0.1 ? Double.NaN : random.nextGaussian() + (labels[i] ? f * 0.3 : 0);
        codes[i] = random.nextInt(f + 2) - 1;
      }
      columns.add(new FeatureColumn.Numeric("n" + f, values));
      columns.add(new FeatureColumn.Categorical("c" + f, codes));
    }
    java.util.List<FeatureScore> all = FeatureLabelScreen.screenAll(labels, columns, 0.9);
    for (int i = 0; i < columns.size(); i++) {
      assertThat(all.get(i)).isEqualTo(FeatureLabelScreen.screen(labels, columns.get(i), 0.9));
    }
  }

  /** Random labels with at least one positive and one negative. */
  private static boolean[] labels(Random random, int rows) {
    boolean[] labels = new boolean[rows];
    double rate = 0.1 + 0.8 * random.nextDouble();
    for (int i = 0; i < rows; i++) {
      labels[i] = random.nextDouble() < rate;
    }
    labels[0] = true;
    labels[rows - 1] = false;
    return labels;
  }
}
