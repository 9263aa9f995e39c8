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
 * Kind {@code lift-attribution}: where the lift comes from, on every gated run with a pipeline of two or more
 * features. The pipeline refitted without each feature on the training rows alone: the AUC it loses is the lift that
 * feature carries, with a paired DeLong interval. A warning: evidence for the reviewer, never a failure on its own.
 *
 * @param lift the run's lift (candidate against baseline), NaN when not computed
 * @param refitAuc the AUC of the refit with every feature
 * @param features the attribution, largest carried first
 * @param notRefit features whose refit did not finish within the budget (the others are a sample)
 * @param budget the budget, as configured
 * @param wallMillis the refits' wall time
 * @param threads the pool's threads
 * @param fullRefitMillis one full refit's time
 * @param refits the refits that ran (the two full ones, the time-shifted one, one per feature refit)
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftAttributionFinding(double lift, double refitAuc, List<FeatureLift> features, List<String> notRefit,
    String budget, long wallMillis, int threads, long fullRefitMillis, int refits) implements Finding {
  /** The kind. */
  public static final String KIND = "lift-attribution";

  /** Copies. */
  public LiftAttributionFinding {
    features = List.copyOf(features);
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

  @Override
  public Rendering render() {
    FeatureLift top = features.isEmpty() ? null : features.get(0);
    String headline = top == null ? "No feature's refit finished within the pipeline budget, so the lift is not "
        + "attributed."
        : Double.isNaN(top.share()) ? fmt("Without '%s' the refit loses %.3f AUC, the most of any feature.",
            top.feature(), top.carried())
        : fmt("%.3f of the %+.3f lift disappears without '%s' (%.0f%%).", top.carried(), lift, top.feature(),
            100 * top.share());
    List<String> lines = new ArrayList<>();
    lines.add(headline);
    if (!notRefit.isEmpty()) {
      lines.add(fmt("  The budget (%s) ran out: %d of %d features refit, a sample; not refit: %s.", budget,
          features.size(), features.size() + notRefit.size(), PipelineRows.list(notRefit)));
    }
    lines.add(fmt("  Refits: %d, %,d ms wall on %d thread(s); one refit with every feature %,d ms.", refits,
        wallMillis, threads, fullRefitMillis));
    String caption = fmt("Lift carried per feature (refit without it on the training rows alone, paired DeLong 95%% "
        + "interval)%s", Double.isNaN(lift) ? "" : fmt(", of the %+.3f lift", lift));
    lines.add("  " + caption + ":");
    int width = features.stream().mapToInt(f -> f.feature().length()).max().orElse(0);
    List<Map<String, Object>> rows = new ArrayList<>();
    List<List<String>> cells = new ArrayList<>();
    for (FeatureLift f : features) {
      String share = Double.isNaN(f.share()) ? "" : fmt("%.0f%%", shown(100 * f.share(), 1));
      lines.add(fmt("    %-" + Math.max(1, width) + "s  %+.3f  [%+.3f, %+.3f]%s  refit %,d ms", f.feature(),
          shown(f.carried(), 0.001), shown(f.ciLower(), 0.001), shown(f.ciUpper(), 0.001),
          share.isEmpty() ? "" : fmt("  %5s", share), f.refitMillis()));
      cells.add(List.of(f.feature(), fmt("%+.3f", shown(f.carried(), 0.001)), fmt("%+.3f to %+.3f",
          shown(f.ciLower(), 0.001), shown(f.ciUpper(), 0.001)), share, fmt("%,d ms", f.refitMillis())));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("feature", f.feature());
      row.put("aucWithout", f.aucWithout());
      row.put("carried", f.carried());
      row.put("ciLower", f.ciLower());
      row.put("ciUpper", f.ciUpper());
      row.put("share", Double.isNaN(f.share()) ? null : f.share());
      row.put("refitMillis", f.refitMillis());
      rows.add(row);
    }
    Table table = new Table(caption, List.of("Feature", "Lift carried", "95% interval", "Share", "Refit"), cells,
        -1, features.size() + 1);
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("lift", Double.isNaN(lift) ? null : lift);
    evidence.put("refitAuc", refitAuc);
    evidence.put("features", rows);
    evidence.put("notRefit", notRefit);
    evidence.put("sampled", !notRefit.isEmpty());
    evidence.put("budget", budget);
    evidence.put("wallMillis", wallMillis);
    evidence.put("threads", threads);
    evidence.put("refits", refits);
    return new Rendering(headline, lines, "A lift that one feature carries is a question for that feature: was it "
        + "known at decision time, and does it mean today what it meant then?", "", evidence)
        .figure(AttributionPlot.svg(features, lift)).table(table);
  }

  /** {@code value}, or 0 when it rounds to zero at {@code unit}: no "-0.000" in a table. */
  static double shown(double value, double unit) {
    return Math.abs(value) < unit / 2 ? 0.0 : value;
  }
}
