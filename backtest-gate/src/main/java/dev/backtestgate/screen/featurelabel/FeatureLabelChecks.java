package dev.backtestgate.screen.featurelabel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
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
      (policy, limit) -> policy.with(new FeatureLabelSettings(limit)));

  private static final Check FEATURE_LABEL = Check.of("feature-label screen",
      c -> findings(c.run().featureLabelScreen(c.policy().confidence()), c.policy()));

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
