package dev.backtestgate.screen.featurelabel;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.internal.Wording;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A single feature, alone, separates the classes at or above {@code backtestgate.max-feature-auc}, or perfectly:
 * the mark of a feature computed from the label, whatever its timestamps say. Waivable per feature.
 *
 * @param score the feature's direction-free AUC and its interval
 * @param maxFeatureAuc the limit in force
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FeatureLabelFinding(FeatureScore score, double maxFeatureAuc) implements Finding {
  /** The kind of this finding. */
  public static final String KIND = "feature-label";

  /** Why a feature that alone predicts the label matters. */
  public static final String WHY = "A single feature that separates the classes this well is usually computed from the "
      + "label or from what happened after the decision, even when its timestamps look honest: the model's score "
      + "then measures the leak, not skill.";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String subject() {
    return score.feature();
  }

  @Override
  public Resolution resolution() {
    return Resolution.WAIVER;
  }

  @Override
  public Rendering render() {
    FeatureScore s = score;
    String how = s.type().equals("categorical")
        ? fmt("by the out-of-fold positive rate of its %,d categories", s.categories())
        : s.higherMeansPositive() ? "higher values going with positive rows" : "lower values going with positive rows";
    String interval = s.hasInterval()
        ? fmt(" (%.0f%% interval %.3f to %.3f)", s.confidenceLevel() * 100, s.ciLower(), s.ciUpper()) : "";
    List<String> lines = new ArrayList<>();
    lines.add(s.perfect()
        ? fmt("Feature '%s' alone separates the classes perfectly (AUC %.3f, %s): every positive row is ranked "
            + "%s every negative one.", s.feature(), s.auc(), how, s.higherMeansPositive() ? "above" : "below")
        : fmt("Feature '%s' alone ranks the rows with AUC %.3f%s, %s: at or above the %.3f limit "
            + "(backtestgate.max-feature-auc).", s.feature(), s.auc(), interval, how, maxFeatureAuc));
    if (s.missing() > 0) {
      lines.add(fmt("  - %,d rows have no value (ranked %s)", s.missing(), s.type().equals("categorical")
          ? "as a category of their own" : "below every value"));
    }
    Map<String, Object> evidence = Wording.ordered("feature", s.feature(), "type", s.type(), "auc", s.auc(),
        "rawAuc", s.rawAuc());
    if (s.hasInterval()) {
      evidence.put("ciLower", s.ciLower());
      evidence.put("ciUpper", s.ciUpper());
    }
    evidence.put("confidenceLevel", s.confidenceLevel());
    evidence.put("maxFeatureAuc", maxFeatureAuc);
    evidence.put("perfect", s.perfect());
    evidence.put("higherMeansPositive", s.higherMeansPositive());
    evidence.put("missing", s.missing());
    if (s.type().equals("categorical")) {
      evidence.put("categories", s.categories());
    }
    String headline = s.perfect()
        ? fmt("Feature '%s' alone separates the classes perfectly.", s.feature())
        : fmt("Feature '%s' alone predicts the label with AUC %.3f (limit %.3f).", s.feature(), s.auc(),
            maxFeatureAuc);
    return new Rendering(headline, lines, WHY, "Find out how '" + s.feature() + "' is computed: if it uses the "
        + "outcome, or anything recorded after the decision, remove or rebuild it; if it is genuinely this "
        + "predictive, a reviewer waives it (kind feature-label, subject '" + s.feature() + "') with the reason.",
        evidence);
  }
}
