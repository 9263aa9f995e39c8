package dev.backtestgate.pipeline;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Kind {@code lift-carrier}: one feature the candidate adds (not one the baseline declares it uses) carries more than
 * the configured share ({@code backtestgate.max-feature-lift-share}, default 0.5) of the refit's lift, and that lift
 * is above the limit. The subject is the feature; an approved sign-off resolves it, and the review should be of that
 * feature.
 *
 * @param feature the feature's attribution
 * @param refit the refit's lift, which the share is of
 * @param lift the run's lift (the recorded candidate against the baseline), NaN when not computed
 * @param maxLift the limit
 * @param maxShare the configured share
 * @param fitScope whether {@code fit-scope} fired in the same run
 * @param recordedAuc the AUC of the recorded candidate scores
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftCarrierFinding(FeatureLift feature, RefitLift refit, double lift, double maxLift, double maxShare,
    boolean fitScope, double recordedAuc) implements Finding {
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
    FeatureLift f = feature;
    String headline = f.liftWithout() <= 0
        ? fmt("Feature '%s' carries all of the refit's %s lift: without it the refit %s.", f.feature(),
            Attribution.lift(refit.lift()), Attribution.falls(f, refit))
        : fmt("Feature '%s' carries %s of the refit's %s lift (%.0f%% interval %s to %s): %.3f of it disappears "
            + "without it.", f.feature(), Attribution.percent(f.share()), Attribution.lift(refit.lift()),
            100 * Attribution.CONFIDENCE,
            Attribution.percent(f.shareLower()), Attribution.percent(f.shareUpper()), f.carried());
    List<String> lines = new ArrayList<>();
    lines.add(headline);
    if (fitScope) {
      lines.add("  " + Attribution.fitScopeNote(recordedAuc, refit.refitAuc()));
    }
    lines.add(fmt("  refit without it: AUC %.3f, lower by %.3f (95%% interval %+.3f to %+.3f), against the full "
        + "refit's %.3f and the baseline's %.3f", f.aucWithout(), f.carried(), f.ciLower(), f.ciUpper(),
        refit.refitAuc(), refit.baselineAuc()));
    lines.add(fmt("  the refit's lift %s is above the %.3f limit, and one feature the candidate adds may carry at "
        + "most %s of it before the review is asked to look at that feature", Attribution.lift(refit.lift()), maxLift,
        Attribution.percent(maxShare)));
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("feature", f.feature());
    evidence.put("aucWithout", f.aucWithout());
    evidence.put("carried", f.carried());
    evidence.put("ciLower", f.ciLower());
    evidence.put("ciUpper", f.ciUpper());
    evidence.put("liftWithout", f.liftWithout());
    evidence.put("share", f.share());
    evidence.put("shareLower", f.shareLower());
    evidence.put("shareUpper", f.shareUpper());
    evidence.put("refitAuc", refit.refitAuc());
    evidence.put("baselineAuc", refit.baselineAuc());
    evidence.put("refitLift", refit.lift());
    evidence.put("lift", Double.isNaN(lift) ? null : lift);
    evidence.put("maxLift", maxLift);
    evidence.put("maxFeatureLiftShare", maxShare);
    evidence.put("fitScope", fitScope);
    return new Rendering(headline, lines, "A lift above the limit that one feature carries is the shape of a leak "
        + "through that feature: a column rewritten after the outcome, a proxy of the target.", "Review '"
        + f.feature() + "': when it became known, and whether its history was rewritten; sign the run off only if "
        + "its values were known at decision time.", evidence);
  }
}
