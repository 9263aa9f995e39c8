package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.metrics.Auc;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelsTests {
  private static final CreditWorld WORLD = WorldGenerator.generate(new WorldSpec(4_000, 21L));
  private static final DecisionRows TRAIN = DecisionRows.training(WORLD);
  private static final SourceFeatures FEATURES = InPlaceFeatures.read(StatementTable.load(WORLD), WORLD, TRAIN);
  private static final HistoryCheckResult CLEAN =
      new HistoryCheckResult("statements", PartitionGranularity.MONTH, LocalDate.of(2025, 7, 1), 0, List.of());

  @Test
  void bothModelsRankDefaultsAboveOthersAndRefitToTheSameScores() {
    for (ModelInputs.Columns columns : new ModelInputs.Columns[] {ModelInputs.Columns.SCORECARD,
        ModelInputs.Columns.CHALLENGER}) {
      ModelInputs x = ModelInputs.of(FEATURES, WORLD, columns);
      double[] scorecard = Scorecard.fit("s", x, TRAIN.defaulted()).score(x);
      double[] trees = BoostedTrees.fit("t", x, TRAIN.defaulted()).score(x);
      assertThat(Auc.of(TRAIN.defaulted(), scorecard)).isGreaterThan(0.7);
      assertThat(Auc.of(TRAIN.defaulted(), trees)).isGreaterThan(0.7);
      assertThat(Scorecard.fit("s", x, TRAIN.defaulted()).score(x)).isEqualTo(scorecard);
      assertThat(BoostedTrees.fit("t", x, TRAIN.defaulted()).score(x)).isEqualTo(trees);
      for (double score : trees) {
        assertThat(score).isBetween(0.0, 1.0);
      }
    }
  }

  @Test
  void aModelRefusesRowsWithOtherColumns() {
    ModelInputs scorecardColumns = ModelInputs.of(FEATURES, WORLD, ModelInputs.Columns.SCORECARD);
    Model model = Scorecard.fit("prod", scorecardColumns, TRAIN.defaulted());
    assertThatThrownBy(() -> model.score(ModelInputs.of(FEATURES, WORLD, ModelInputs.Columns.CHALLENGER)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("model prod was trained on columns [status_dpd30")
        .hasMessageContaining("build both with the same ModelInputs.Columns");
  }

  @Test
  void thePaymentColumnsNeedThePaymentsFeed() {
    assertThatThrownBy(() -> ModelInputs.of(FEATURES, WORLD, ModelInputs.Columns.CHALLENGER_WITH_PAYMENTS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("need the payment ratio, but these features were read without the payments feed");
  }

  @Test
  void aMissingValueIsNamedWithItsRowAndColumn() {
    double[] balance = FEATURES.balance().clone();
    balance[3] = Double.NaN;
    SourceFeatures broken = new SourceFeatures(TRAIN, FEATURES.statusCode(), FEATURES.worstStatus12m(), balance,
        null, FEATURES.knownAt());
    assertThatThrownBy(() -> ModelInputs.of(broken, WORLD, ModelInputs.Columns.SCORECARD))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("model input row 3 has NaN in column 'utilization'");
  }

  @Test
  void theGateIsToldEverySourceFeatureTheCandidateUsesAndNothingElse() {
    ModelInputs x = ModelInputs.of(FEATURES, WORLD, ModelInputs.Columns.CHALLENGER);
    Model model = Scorecard.fit("c", x, TRAIN.defaulted());
    ScoredBacktest scored = ScoredBacktest.of(model, model.score(x), model, model.score(x), FEATURES, x, CLEAN);
    assertThat(scored.knownAt()).containsOnlyKeys("balance", "status", "tenure", "worst_status_12m");
    assertThat(scored.timeless()).containsOnlyKeys("credit_limit");
    assertThat(x.sources()).containsExactly("balance", "credit_limit", "status", "tenure", "worst_status_12m");

    double[] other = model.score(x).clone();
    other[0] += 0.5;
    BacktestRun run = new ScoredBacktest("c", model.score(x), "b", other, TRAIN.defaulted(), TRAIN.decisionAt(),
        new java.util.TreeMap<>(scored.knownAt()), new java.util.TreeMap<>(scored.timeless()), CLEAN).toRun("g#x");
    assertThat(run.features()).extracting(FeatureTiming::name)
        .containsExactly("balance", "status", "tenure", "worst_status_12m", "credit_limit");
  }

  @Test
  void aSourceFeatureWithoutKnowledgeTimesIsRefused() {
    ModelInputs x = ModelInputs.of(FEATURES, WORLD, ModelInputs.Columns.SCORECARD);
    SourceFeatures untimed = new SourceFeatures(TRAIN, FEATURES.statusCode(), FEATURES.worstStatus12m(),
        FEATURES.balance(), null, Map.of());
    Model model = Scorecard.fit("c", x, TRAIN.defaulted());
    assertThatThrownBy(() -> ScoredBacktest.of(model, model.score(x), model, model.score(x), untimed, x, CLEAN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("model c uses source feature 'balance' but the features carry no knowledge times");
  }
}
