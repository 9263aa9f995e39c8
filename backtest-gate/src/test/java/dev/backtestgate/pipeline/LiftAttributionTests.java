package dev.backtestgate.pipeline;

import static dev.backtestgate.pipeline.PipelineChecksTests.findings;
import static dev.backtestgate.pipeline.PipelineChecksTests.gate;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.GateResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two ways the lift attribution used to say impossible things (issue 46), reproduced: a feature both models use,
 * with a lift near zero (its share came out at thousands of per cent); and a lift above the limit that four new
 * features make, where the baseline's own feature was named its carrier at more than 200%.
 */
class LiftAttributionTests {
  /** The candidate adds one feature that carries next to nothing: the lift is a rounding of zero. */
  private static final SharedFeatureWorld NEAR_ZERO = new SharedFeatureWorld(5, 4_000, 3_000, "risk_score",
      new String[] {"tenure"}, 0.08);
  /** The candidate adds four features of strength 0.45: together they lift the AUC by about 0.06. */
  private static final SharedFeatureWorld FOUR_NEW = new SharedFeatureWorld(7, 4_000, 3_000, "score",
      new String[] {"utilisation", "inquiries", "tenure", "payments"}, 0.45);

  static LiftAttributionFinding attribution(GateResult result) {
    return findings(result, LiftAttributionFinding.class).get(0);
  }

  static FeatureLift feature(LiftAttributionFinding a, String name) {
    return a.features().stream().filter(f -> f.feature().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void aFeatureBothModelsUseGetsAShareOfAtMostAllOfTheLiftAndTheWordsSayWhereTheRefitFalls() {
    LiftAttributionFinding a = attribution(gate(NEAR_ZERO.run("shared#undeclared").build()));
    assertThat(a.refit().lift()).as("the lift is small and above zero, as in the issue").isBetween(0.0, 0.01);
    FeatureLift risk = feature(a, "risk_score");
    assertThat(risk.carried()).as("far more AUC than the lift").isGreaterThan(10 * a.refit().lift());
    assertThat(risk.share()).isEqualTo(1.0);
    assertThat(risk.shareLower()).isBetween(0.0, 1.0);
    assertThat(risk.shareUpper()).isEqualTo(1.0);
    assertThat(risk.liftWithout()).isNegative();
    String text = String.join("\n", a.render().lines());
    assertThat(text).contains(String.format(java.util.Locale.ROOT, "ithout 'risk_score' the refit falls below the "
        + "baseline, AUC %.3f against %.3f", risk.aucWithout(), a.refit().baselineAuc())).doesNotContain("disappears "
        + "without 'risk_score'");
    AttributionWords.assertTrue(a.render());
  }

  @Test
  void aFeatureBothModelsUseMarkedAsTheBaselinesIsShownAndNamedNoCarrier() {
    LiftAttributionFinding a = attribution(gate(NEAR_ZERO.run("shared#declared", "risk_score").build()));
    assertThat(a.baselineFeatures()).containsExactly("risk_score");
    FeatureLift risk = feature(a, "risk_score");
    assertThat(risk.inBaseline()).isTrue();
    assertThat(a.render().lines()).anyMatch(l -> l.contains("'risk_score' is also in the baseline, so it is no "
        + "carrier of the lift")).anyMatch(l -> l.matches("    risk_score .* also in the baseline"));
    assertThat(a.render().headline()).contains("'tenure'").doesNotContain("risk_score");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rows = (List<Map<String, Object>>) a.render().evidence().get("features");
    assertThat(rows).filteredOn(r -> r.get("feature").equals("risk_score")).singleElement()
        .satisfies(r -> assertThat(r.get("inBaseline")).isEqualTo(true));
    AttributionWords.assertTrue(a.render());
  }

  @Test
  void aLiftFromFourNewFeaturesUsedToNameTheBaselinesOwnFeatureItsCarrier() {
    GateResult undeclared = gate(FOUR_NEW.run("four#undeclared").build());
    LiftAttributionFinding a = attribution(undeclared);
    assertThat(a.refit().lift()).as("above the 0.05 limit").isGreaterThan(0.05);
    FeatureLift score = feature(a, "score");
    assertThat(score.carried()).as("more AUC than the lift").isGreaterThan(a.refit().lift());
    assertThat(score.share()).isEqualTo(1.0);
    // undeclared, the baseline's feature is the carrier, and the words are true: without it the refit falls below
    LiftCarrierFinding carrier = findings(undeclared, LiftCarrierFinding.class).get(0);
    assertThat(carrier.subject()).isEqualTo("score");
    assertThat(carrier.render().headline()).isEqualTo(String.format(java.util.Locale.ROOT, "Feature 'score' carries "
        + "all of the refit's %+.3f lift: without it the refit falls below the baseline, AUC %.3f against %.3f.",
        a.refit().lift(), score.aucWithout(), a.refit().baselineAuc()));
    AttributionWords.assertTrue(a.render());
    AttributionWords.assertTrue(carrier.render());
  }

  @Test
  void declaredAsTheBaselinesTheSharedFeatureIsNoCarrierAndCarriersAreJudgedAmongTheFourNewOnes() {
    GateResult declared = gate(FOUR_NEW.run("four#declared", "score").build());
    LiftAttributionFinding a = attribution(declared);
    assertThat(findings(declared, LiftCarrierFinding.class)).as("no new feature carries half of the lift").isEmpty();
    assertThat(Attribution.added(a.features())).extracting(FeatureLift::feature)
        .containsExactlyInAnyOrder("utilisation", "inquiries", "tenure", "payments")
        .allSatisfy(f -> assertThat(feature(a, f).share()).isBetween(0.0, 0.5));
    assertThat(a.render().headline()).doesNotContain("'score'").contains("the most of the features the candidate adds");
    // with a lower share limit one of the four is the carrier, never the baseline's feature
    LiftCarrierFinding carrier = a.carrier(0.05, 0.05).orElseThrow();
    assertThat(carrier.subject()).isNotEqualTo("score").isEqualTo(Attribution.added(a.features()).get(0).feature());
    AttributionWords.assertTrue(a.render());
    AttributionWords.assertTrue(carrier.render());
  }

  @Test
  void whenFitScopeFiresTheAttributionSaysItDescribesTheHonestRefitNotTheRecordedScores() {
    PipelineWorld world = new PipelineWorld(11, 4_000, 3_000);
    GateResult result = gate(world.run("credit#scaler", world.scalerOnAllRows(), PipelineWorld.honest()).build());
    assertThat(findings(result, FitScopeFinding.class)).hasSize(1);
    LiftAttributionFinding a = attribution(result);
    assertThat(a.fitScope()).isTrue();
    assertThat(a.render().lines().get(1)).startsWith("  These are the honest refit's numbers (the pipeline fitted on "
        + "the training rows alone), not the recorded scores'");
    assertThat(a.render().evidence()).containsEntry("fitScope", true).containsEntry("describes", "refit");
    findings(result, LiftCarrierFinding.class).forEach(c -> assertThat(c.render().lines().get(1))
        .startsWith("  These are the honest refit's numbers"));
    LiftAttributionFinding honest = attribution(gate(world.run("credit#honest", PipelineWorld.honest(),
        PipelineWorld.honest()).build()));
    assertThat(honest.fitScope()).isFalse();
    assertThat(honest.render().lines()).noneMatch(l -> l.contains("honest refit's numbers"));
  }
}
