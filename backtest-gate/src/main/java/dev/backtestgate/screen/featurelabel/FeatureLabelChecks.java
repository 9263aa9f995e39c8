package dev.backtestgate.screen.featurelabel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckContext;
import dev.backtestgate.EvidencePart;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The feature–label screen of a run with recorded feature values: each feature alone against the labels
 * ({@link FeatureLabelFinding}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FeatureLabelChecks implements CheckProvider {
  /** {@code backtestgate.max-feature-auc}: a number above 0.5 and at most 1, default 0.90. */
  public static final Setting<Double> MAX_FEATURE_AUC = Setting.of("backtestgate.max-feature-auc", "0.90",
      "a decimal number above 0.5 and at most 1, e.g. 0.90", text -> Setting.decimal(text, v -> v > 0.5 && v <= 1),
      (policy, limit) -> policy.with(new FeatureLabelSettings(limit)),
      policy -> Setting.text(policy.settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc()));

  private static final Check FEATURE_LABEL = Check.of("feature-label screen",
      c -> findings(FeatureLabelScreen.of(c.run(), c.policy().confidence()), c.policy()));

  /** For {@link java.util.ServiceLoader}. */
  public FeatureLabelChecks() {}

  @Override
  public int order() {
    return 700;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return run.featureValues().isEmpty() ? List.of() : List.of(FEATURE_LABEL);
  }

  /** The run's screen, when it recorded feature values. */
  @Override
  public List<EvidencePart<?>> evidence(CheckContext context) {
    BacktestRun run = context.run();
    return run.featureValues().isEmpty() ? List.of()
        : List.of(new FeatureScreen(FeatureLabelScreen.of(run, context.policy().confidence())));
  }

  /** The screen's findings, and a {@code check-failed} for a score computed at another confidence level. */
  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {
    List<FeatureScore> scores = evidence.part(FeatureScreen.class).map(FeatureScreen::scores).orElse(List.of());
    List<Finding> found = new ArrayList<>();
    for (FeatureScore score : scores) {
      if (Double.compare(score.confidenceLevel(), policy.confidence()) != 0) {
        found.add(new Finding.CheckFailed("evidence", "the feature-label screen of '" + score.feature()
            + "' was computed at confidence " + score.confidenceLevel() + " but the gate's policy uses "
            + policy.confidence() + " (backtestgate.confidence): screen it at " + policy.confidence() + "."));
      }
    }
    found.addAll(findings(scores, policy));
    return found;
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(MAX_FEATURE_AUC);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(FeatureLabelFinding.KIND, "A single feature separates the labels",
        "One feature alone predicts the label almost perfectly: it is likely derived from the label."));
  }

  /** The rule, for a run and for evidence computed elsewhere alike. */
  @API(status = INTERNAL, since = "0.1")
  public static List<Finding> findings(List<FeatureScore> screen, GatePolicy policy) {
    List<Finding> found = new ArrayList<>();
    double limit = policy.settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc();
    for (FeatureScore score : screen) {
      if (score.auc() >= limit || score.perfect()) {
        found.add(new FeatureLabelFinding(score, limit));
      }
    }
    return found;
  }
}
