package dev.backtestgate.pipeline;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Kind {@code lift-carrier}: one feature carries more than the configured share
 * ({@code backtestgate.max-feature-lift-share}, default 0.5) of a lift above the limit. The subject is the feature;
 * an approved sign-off resolves it, and the review should be of that feature.
 *
 * @param feature the feature's attribution
 * @param lift the run's lift
 * @param maxLift the limit
 * @param share the configured share
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftCarrierFinding(FeatureLift feature, double lift, double maxLift, double share) implements Finding {
  /** The kind. */
  public static final String KIND = "lift-carrier";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String subject() {
    return feature.feature();
  }

  @Override
  public Resolution resolution() {
    return Resolution.SIGN_OFF;
  }

  @Override
  public Rendering render() {
    String headline = fmt("Feature '%s' carries %.0f%% of the %+.3f lift: %.3f of it disappears without it.",
        feature.feature(), 100 * feature.share(), lift, feature.carried());
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("feature", feature.feature());
    evidence.put("carried", feature.carried());
    evidence.put("ciLower", feature.ciLower());
    evidence.put("ciUpper", feature.ciUpper());
    evidence.put("share", feature.share());
    evidence.put("lift", lift);
    evidence.put("maxLift", maxLift);
    evidence.put("maxFeatureLiftShare", share);
    return new Rendering(headline, List.of(headline, fmt("  refit without it: AUC lower by %.3f (95%% interval "
        + "%+.3f to %+.3f); the lift %+.3f is above the %.3f limit, and one feature may carry at most %.0f%% of it "
        + "before the review is asked to look at that feature", feature.carried(), feature.ciLower(),
        feature.ciUpper(), lift, maxLift, 100 * share)), "A lift above the limit that one feature carries is the "
        + "shape of a leak through that feature: a column rewritten after the outcome, a proxy of the target.",
        "Review '" + feature.feature() + "': when it became known, and whether its history was rewritten; sign the "
        + "run off only if its values were known at decision time.", evidence);
  }
}
