package dev.backtestgate.screen.featurelabel;

import dev.backtestgate.FeatureColumn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.metrics.DeLong;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FeatureLabelScreenTests {
  private static final boolean[] LABELS = {true, true, true, false, false, false};

  private static FeatureScore numeric(boolean[] labels, double... values) {
    return FeatureLabelScreen.screen(labels, new FeatureColumn.Numeric("f", values), 0.95);
  }

  @Test
  void aFeatureThatSeparatesTheClassesEitherWayIsPerfect() {
    FeatureScore up = numeric(LABELS, 4, 5, 6, 1, 2, 3);
    FeatureScore down = numeric(LABELS, 1, 2, 3, 4, 5, 6);

    assertThat(up.auc()).isEqualTo(1.0);
    assertThat(up.perfect()).isTrue();
    assertThat(up.higherMeansPositive()).isTrue();
    assertThat(down.rawAuc()).isEqualTo(0.0);
    assertThat(down.auc()).isEqualTo(1.0);
    assertThat(down.perfect()).isTrue();
    assertThat(down.higherMeansPositive()).isFalse();
  }

  @Test
  void theIntervalIsMirroredWithTheDirection() {
    Random random = new Random(3);
    boolean[] labels = new boolean[400];
    double[] values = new double[400];
    double[] negated = new double[400];
    for (int i = 0; i < labels.length; i++) {
      labels[i] = random.nextDouble() < 0.3;
      values[i] = random.nextGaussian() + (labels[i] ? 0.8 : 0);
      negated[i] = -values[i];
    }
    AucEstimate estimate = DeLong.estimate(labels, values, 0.95);
    FeatureScore up = numeric(labels, values);
    FeatureScore down = numeric(labels, negated);

    assertThat(up.auc()).isEqualTo(estimate.auc());
    assertThat(up.ciLower()).isEqualTo(estimate.ciLower());
    assertThat(up.ciUpper()).isEqualTo(estimate.ciUpper());
    assertThat(down.auc()).isCloseTo(up.auc(), within(1e-12));
    assertThat(down.ciLower()).isCloseTo(up.ciLower(), within(1e-12));
    assertThat(down.ciUpper()).isCloseTo(up.ciUpper(), within(1e-12));
    assertThat(up.perfect()).isFalse();
  }

  @Test
  void missingValuesRankBelowEveryValueSoMissingnessThatTracksTheLabelIsSeen() {
    FeatureScore missingForPositives = numeric(LABELS, Double.NaN, Double.NaN, Double.NaN, -7, 0, 1e300);

    assertThat(missingForPositives.missing()).isEqualTo(3);
    assertThat(missingForPositives.rawAuc()).isEqualTo(0.0);
    assertThat(missingForPositives.perfect()).isTrue();
    assertThat(numeric(LABELS, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN).auc())
        .isEqualTo(0.5);
    assertThat(FeatureLabelScreen.numericScores(new double[] {1, Double.NaN, -2}))
        .containsExactly(1, Math.nextDown(-2.0), -2);
  }

  @Test
  void valuesWithoutMissingAreRankedAsTheyAreWithoutACopy() {
    double[] values = {1, 2, 3};
    assertThat(FeatureLabelScreen.numericScores(values)).isSameAs(values);
  }

  @Test
  void aCategoryDerivedFromTheLabelIsCaughtAndAnIdIsNot() {
    Random random = new Random(11);
    int rows = 5_000;
    boolean[] labels = new boolean[rows];
    int[] outcomeCode = new int[rows];
    int[] id = new int[rows];
    for (int i = 0; i < rows; i++) {
      labels[i] = random.nextDouble() < 0.2;
      // "collections status": 3 of 4 codes only ever occur for positives
      outcomeCode[i] = labels[i] ? 1 + random.nextInt(3) : 0;
      id[i] = 1_000_000 + i;
    }
    List<FeatureScore> scores = FeatureLabelScreen.screenAll(labels, List.of(
        new FeatureColumn.Categorical("status", outcomeCode), new FeatureColumn.Categorical("account_id", id)), 0.95);

    assertThat(scores.get(0).feature()).isEqualTo("status");
    assertThat(scores.get(0).perfect()).isTrue();
    assertThat(scores.get(0).categories()).isEqualTo(4);
    assertThat(scores.get(1).auc()).isEqualTo(0.5);
    assertThat(scores.get(1).type()).isEqualTo("categorical");
  }

  @Test
  void missingCategoriesAreACategoryOfTheirOwn() {
    FeatureScore score = FeatureLabelScreen.screen(new boolean[] {true, true, true, true, true, false, false, false,
        false, false}, new FeatureColumn.Categorical("c", new int[] {-1, -1, -1, -1, -1, 2, 2, 2, 2, 2}), 0.95);

    assertThat(score.missing()).isEqualTo(5);
    assertThat(score.categories()).isEqualTo(2);
    assertThat(score.auc()).isEqualTo(1.0);
  }

  @Test
  void foldsAreFixedAndEven() {
    int[] counts = new int[FeatureLabelScreen.FOLDS];
    for (int i = 0; i < 100_000; i++) {
      counts[FeatureLabelScreen.fold(i)]++;
    }
    for (int count : counts) {
      assertThat(count).isBetween(19_000, 21_000);
    }
    assertThat(new int[] {FeatureLabelScreen.fold(0), FeatureLabelScreen.fold(1), FeatureLabelScreen.fold(2),
        FeatureLabelScreen.fold(3), FeatureLabelScreen.fold(4)})
        .as("pinned: the folds, and so every categorical score, must not change between releases")
        .containsExactly(3, 1, 0, 1, 2);
  }

  @Test
  void withOnePositiveThereIsAnAucButNoInterval() {
    FeatureScore score = numeric(new boolean[] {true, false, false}, 3, 1, 2);

    assertThat(score.auc()).isEqualTo(1.0);
    assertThat(score.hasInterval()).isFalse();
    assertThat(score.ciUpper()).isNaN();
  }

  @Test
  void badColumnsFailNamingTheFeatureTheRowAndTheFix() {
    assertThatThrownBy(() -> FeatureLabelScreen.screen(LABELS, new FeatureColumn.Numeric("balance", new double[3]),
        0.95)).hasMessageContaining("feature 'balance' has 3 values but the run has 6 rows");
    assertThatThrownBy(() -> numeric(LABELS, 1, 2, Double.POSITIVE_INFINITY, 4, 5, 6))
        .hasMessageContaining("feature 'f': row 2 has the infinite value Infinity: record NaN for a missing value");
    assertThatThrownBy(() -> numeric(LABELS, -Double.MAX_VALUE, Double.NaN, 1, 2, 3, 4))
        .hasMessageContaining("-Double.MAX_VALUE");
    assertThatThrownBy(() -> FeatureLabelScreen.screen(LABELS, new FeatureColumn.Categorical("branch",
        new int[] {0, 1, -2, 0, 1, 0}), 0.95))
        .hasMessageContaining("feature 'branch': row 2 has the category code -2: codes are 0 or more, with -1");
  }
}
