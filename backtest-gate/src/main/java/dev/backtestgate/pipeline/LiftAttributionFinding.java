package dev.backtestgate.pipeline;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Kind {@code lift-attribution}: where the lift comes from, on every gated run with a pipeline of two or more
 * features. The pipeline refitted on the training rows alone, with every feature and without each: the AUC lost
 * without a feature is what it carries of the refit's lift over the baseline ({@link RefitLift}), with a paired
 * DeLong interval, and as a share of that lift in [0, 1] with its interval ({@link FeatureLift}). Features the
 * baseline declares it uses are shown and marked, never carriers. A warning: evidence for the reviewer, never a
 * failure on its own.
 *
 * @param lift the run's lift (the recorded candidate against the baseline), NaN when not computed
 * @param refit the refit's lift, which the shares are of
 * @param features the attribution, largest carried first
 * @param baselineFeatures the features the baseline declares it uses, as declared
 * @param fitScope whether {@code fit-scope} fired in the same run: the refit is then not what made the recorded scores
 * @param recordedAuc the AUC of the recorded candidate scores
 * @param notRefit features whose refit did not finish within the budget (the others are a sample)
 * @param budget the budget, as configured
 * @param wallMillis the refits' wall time
 * @param threads the pool's threads
 * @param fullRefitMillis one full refit's time
 * @param refits the refits that ran (the two full ones, the time-shifted one, one per feature refit)
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftAttributionFinding(double lift, RefitLift refit, List<FeatureLift> features,
    List<String> baselineFeatures, boolean fitScope, double recordedAuc, List<String> notRefit, String budget,
    long wallMillis, int threads, long fullRefitMillis, int refits) implements Finding {
  /** The kind. */
  public static final String KIND = "lift-attribution";

  /** Copies. */
  public LiftAttributionFinding {
    features = List.copyOf(features);
    baselineFeatures = List.copyOf(baselineFeatures);
    notRefit = List.copyOf(notRefit);
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public List<dev.backtestgate.review.SignOff.LiftCarried> liftCarried() {
    return features.stream().map(f -> new dev.backtestgate.review.SignOff.LiftCarried(f.feature(), f.carried(),
        List.of(f.ciLower(), f.ciUpper()))).toList();
  }

  @Override
  public Resolution resolution() {
    return Resolution.WARNING;
  }

  /**
   * The {@code lift-carrier} finding this attribution asks for: when the refit's lift is above {@code maxLift}, the
   * feature the candidate adds (not one the baseline declares) that carries the most of it, if its share is above
   * {@code maxShare}.
   */
  public Optional<LiftCarrierFinding> carrier(double maxLift, double maxShare) {
    if (!(refit.lift() > maxLift)) {
      return Optional.empty();
    }
    return Attribution.added(features).stream().filter(f -> f.share() > maxShare).findFirst()
        .map(f -> new LiftCarrierFinding(f, refit, lift, maxLift, maxShare, fitScope, recordedAuc));
  }

  @Override
  public Rendering render() {
    List<FeatureLift> added = Attribution.added(features);
    FeatureLift top = added.isEmpty() ? null : added.get(0);   // the feature the headline speaks of
    boolean shares = refit.lift() > 0;
    String headline;
    if (features.isEmpty()) {
      headline = "No feature's refit finished within the pipeline budget, so the lift is not attributed.";
    } else if (top == null) {
      headline = fmt("Every feature refit is also in the baseline, so none is a carrier of the refit's %s lift.",
          Attribution.lift(refit.lift()));
    } else if (!shares) {
      String[] pair = Attribution.aucs(refit.refitAuc(), refit.baselineAuc());
      headline = fmt("The refit is not above the baseline (AUC %s against %s), so there is no lift to share out; %s.",
          pair[0], pair[1], Attribution.words(top, refit));
    } else if (top.carried() > 0) {
      headline = capital(Attribution.words(top, refit)) + (added.size() > 1 ? ", the most of "
          + (baselineFeatures.isEmpty() ? "any feature" : "the features the candidate adds") : "") + ".";
    } else {
      headline = fmt("%s carries any of the refit's %s lift: the refit does as well without each.",
          baselineFeatures.isEmpty() ? "No feature" : "No feature the candidate adds", Attribution.lift(refit.lift()));
    }
    List<String> lines = new ArrayList<>();
    lines.add(headline);
    if (fitScope) {
      lines.add("  " + Attribution.fitScopeNote(recordedAuc, refit.refitAuc()));
    }
    String[] aucs = Attribution.aucs(refit.refitAuc(), refit.baselineAuc());
    lines.add(fmt("  The refit's AUC %s against the baseline's %s: a lift of %s (95%% interval %+.3f to %+.3f)%s.",
        aucs[0], aucs[1], Attribution.lift(refit.lift()), refit.ciLower(), refit.ciUpper(),
        Double.isNaN(lift) ? "" : "; the recorded scores' lift is " + Attribution.lift(lift)));
    if (shares && refit.ciLower() <= 0 && !features.isEmpty()
        && features.stream().allMatch(f -> f.shareLower() == 0 && f.shareUpper() == 1)) {
      lines.add("  The lift's interval reaches 0, so no share is pinned down: every share's interval is 0 to 100%.");
    }
    for (FeatureLift f : features) {
      if (f != top && (f.inBaseline() || shares && f.liftWithout() <= 0)) {
        lines.add("  " + capital(Attribution.words(f, refit)) + ".");
      }
    }
    List<String> pipelineFeatures = new ArrayList<>(notRefit);
    features.forEach(f -> pipelineFeatures.add(f.feature()));
    List<String> elsewhere = baselineFeatures.stream().filter(f -> !pipelineFeatures.contains(f)).toList();
    if (!elsewhere.isEmpty()) {
      lines.add(fmt("  Declared for the baseline and none of the pipeline's features: %s.",
          PipelineRows.list(elsewhere)));
    }
    if (!notRefit.isEmpty()) {
      lines.add(fmt("  The budget (%s) ran out: %d of %d features refit, a sample; not refit: %s.", budget,
          features.size(), features.size() + notRefit.size(), PipelineRows.list(notRefit)));
    }
    lines.add(fmt("  Refits: %d, %,d ms wall on %d thread(s); one refit with every feature %,d ms.", refits,
        wallMillis, threads, fullRefitMillis));
    String caption = fmt("Lift carried per feature (refit without it on the training rows alone: the AUC lost, paired "
        + "DeLong 95%% interval%s)", shares ? fmt("; its share of the refit's %s lift, 0 to 100%%, Fieller 95%% "
        + "interval", Attribution.lift(refit.lift())) : "");
    lines.add("  " + caption + ":");
    int width = features.stream().mapToInt(f -> f.feature().length()).max().orElse(0);
    List<Map<String, Object>> rows = new ArrayList<>();
    List<List<String>> cells = new ArrayList<>();
    for (FeatureLift f : features) {
      String share = shares ? Attribution.percent(f.share()) : "";
      String interval = shares ? Attribution.percent(f.shareLower()) + " to " + Attribution.percent(f.shareUpper())
          : "";
      lines.add(fmt("    %-" + Math.max(1, width) + "s  AUC %.3f  %+.3f  [%+.3f, %+.3f]%s  refit %,d ms%s",
          f.feature(), f.aucWithout(), shown(f.carried(), 0.001), shown(f.ciLower(), 0.001),
          shown(f.ciUpper(), 0.001), shares ? fmt("  %4s [%s]", share, interval) : "", f.refitMillis(),
          f.inBaseline() ? "  also in the baseline" : ""));
      cells.add(List.of(f.feature() + (f.inBaseline() ? " (also in the baseline)" : ""), fmt("%.3f", f.aucWithout()),
          fmt("%+.3f", shown(f.carried(), 0.001)), fmt("%+.3f to %+.3f", shown(f.ciLower(), 0.001),
              shown(f.ciUpper(), 0.001)), share, interval, fmt("%,d ms", f.refitMillis())));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("feature", f.feature());
      row.put("inBaseline", f.inBaseline());
      row.put("aucWithout", f.aucWithout());
      row.put("carried", f.carried());
      row.put("ciLower", f.ciLower());
      row.put("ciUpper", f.ciUpper());
      row.put("liftWithout", f.liftWithout());
      row.put("share", shares ? f.share() : null);
      row.put("shareLower", shares ? f.shareLower() : null);
      row.put("shareUpper", shares ? f.shareUpper() : null);
      row.put("refitMillis", f.refitMillis());
      rows.add(row);
    }
    Table table = new Table(caption, List.of("Feature", "AUC without it", "Lift carried", "95% interval", "Share",
        "Share interval", "Refit"), cells, -1, features.size() + 1);
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("lift", Double.isNaN(lift) ? null : lift);
    evidence.put("recordedAuc", recordedAuc);
    evidence.put("refitAuc", refit.refitAuc());
    evidence.put("baselineAuc", refit.baselineAuc());
    evidence.put("refitLift", refit.lift());
    evidence.put("refitLiftCi", List.of(refit.ciLower(), refit.ciUpper()));
    evidence.put("describes", "refit");
    evidence.put("fitScope", fitScope);
    evidence.put("baselineFeatures", baselineFeatures);
    evidence.put("features", rows);
    evidence.put("notRefit", notRefit);
    evidence.put("sampled", !notRefit.isEmpty());
    evidence.put("budget", budget);
    evidence.put("wallMillis", wallMillis);
    evidence.put("threads", threads);
    evidence.put("refits", refits);
    return new Rendering(headline, lines, "A lift that one feature carries is a question for that feature: was it "
        + "known at decision time, and does it mean today what it meant then?", "", evidence)
        .figure(AttributionPlot.svg(features, refit.lift())).table(table);
  }

  /** {@code value}, or 0 when it rounds to zero at {@code unit}: no "-0.000" in a table. */
  static double shown(double value, double unit) {
    return Math.abs(value) < unit / 2 ? 0.0 : value;
  }

  /** {@code text} with its first letter in capitals. */
  static String capital(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}
