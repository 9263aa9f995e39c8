package dev.backtestgate.pipeline;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.Baseline;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.metrics.DeLong;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The lift attribution's arithmetic and its words, in one place for both findings.
 *
 * <p>On the test rows: A, the AUC of the refit with every feature (on the training rows alone); A<sub>-f</sub>, of
 * the refit without feature f; B, the baseline's AUC. The refit's lift is L = A - B; what f carries is d = A -
 * A<sub>-f</sub>, with a paired DeLong interval (both refits score the same rows); the lift left without f is
 * A<sub>-f</sub> - B = L - d. When L > 0, f's share of the lift is d / L clamped to [0, 1] (0: the refit does as well
 * without f; 1: without f it falls to or below the baseline), and its interval is the clamped Fieller interval of the
 * ratio d / L, from the DeLong covariances of A, A<sub>-f</sub> and B on the same rows (for a baseline known only by
 * its AUC, B has no variance). When L is not significant the Fieller set is unbounded and the interval is the whole
 * range, 0 to 100%.
 */
final class Attribution {
  /** The level of every interval of the attribution. */
  static final double CONFIDENCE = 0.95;
  private static final double Z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(
      (1 + CONFIDENCE) / 2);

  /**
   * The attribution.
   *
   * @param refit the refit's lift over the baseline
   * @param features per feature refit, largest carried first
   */
  record Result(RefitLift refit, List<FeatureLift> features) {}

  /** One drop-column refit: the feature left out, the refit's test scores, its time. */
  record Without(String feature, double[] scores, long millis) {}

  private Attribution() {}

  /**
   * The attribution of the refit {@code full} against {@code baseline}, from the refits {@code without} each feature.
   *
   * @param inBaseline the features the baseline declares it uses
   */
  static Result of(boolean[] labels, double[] full, Baseline baseline, List<Without> without, Set<String> inBaseline) {
    DeLong.Reference fullRef = DeLong.reference(labels, full, CONFIDENCE);
    double[] baselineScores = baseline.rowScores().orElse(null);
    double refitAuc;
    double baselineAuc;
    double fullVariance;
    double liftVariance;
    double fullBaselineCov;
    DeLong.Reference baselineRef = null;
    if (baselineScores != null) {
      AucComparison fb = fullRef.compare(baselineScores);   // candidate: the baseline; reference: the full refit
      refitAuc = fb.baselineAuc();
      baselineAuc = fb.candidateAuc();
      fullVariance = fb.baselineVariance();
      liftVariance = fb.standardError() * fb.standardError();
      fullBaselineCov = fb.covariance();
      baselineRef = DeLong.reference(labels, baselineScores, CONFIDENCE);
    } else {
      AucEstimate self = DeLong.estimate(labels, full, CONFIDENCE);
      refitAuc = self.auc();
      baselineAuc = baseline.fixedAuc().orElseThrow();
      fullVariance = self.variance();
      liftVariance = fullVariance;
      fullBaselineCov = 0;
    }
    double lift = refitAuc - baselineAuc;
    if (Math.abs(lift) < ROUNDING) {
      lift = 0;   // a baseline AUC given as the refit's own, up to its last digit: no lift to share out
    }
    double half = Z * Math.sqrt(Math.max(0, liftVariance));
    RefitLift refit = new RefitLift(refitAuc, baselineAuc, lift, lift - half, lift + half);
    List<FeatureLift> features = new ArrayList<>();
    for (Without w : without) {
      AucComparison c = fullRef.compare(w.scores());   // candidate: without f; reference: the full refit
      double carried = -c.lift();
      double carriedVariance = c.standardError() * c.standardError();
      double withoutBaselineCov = baselineRef == null ? 0 : baselineRef.compare(w.scores()).covariance();
      // cov(A - A_-f, A - B) = var(A) - cov(A, B) - cov(A_-f, A) + cov(A_-f, B)
      double covariance = fullVariance - fullBaselineCov - c.covariance() + withoutBaselineCov;
      double share = Double.NaN;
      double shareLower = Double.NaN;
      double shareUpper = Double.NaN;
      if (lift > 0) {
        share = clamp(carried / lift);
        double[] interval = fieller(carried, lift, carriedVariance, liftVariance, covariance);
        shareLower = Math.min(interval[0], share);
        shareUpper = Math.max(interval[1], share);
      }
      features.add(new FeatureLift(w.feature(), inBaseline.contains(w.feature()), c.candidateAuc(), carried,
          -c.ciUpper(), -c.ciLower(), c.candidateAuc() - baselineAuc, share, shareLower, shareUpper, w.millis()));
    }
    features.sort(Comparator.comparingDouble(FeatureLift::carried).reversed().thenComparing(FeatureLift::feature));
    return new Result(refit, List.copyOf(features));
  }

  /**
   * The Fieller interval of the ratio d / L of two estimates with variances {@code vd}, {@code vl} and covariance
   * {@code c}, clamped to [0, 1]: the ratios r with (d - r L)^2 at most Z^2 var(d - r L). Bounded when L is
   * significant (L^2 > Z^2 vl); otherwise the set is unbounded, and clamped it is [0, 1].
   */
  static double[] fieller(double d, double l, double vd, double vl, double c) {
    double z2 = Z * Z;
    double a = l * l - z2 * vl;
    if (!(a > 0)) {
      return new double[] {0, 1};
    }
    double b = d * l - z2 * c;
    double root = Math.sqrt(Math.max(0, b * b - a * (d * d - z2 * vd)));
    return new double[] {clamp((b - root) / a), clamp((b + root) / a)};
  }

  /**
   * Below this a difference of two AUCs is rounding: an AUC is a ratio of pair counts, at least 1e-12 apart for the
   * trillion pairs of a million rows.
   */
  private static final double ROUNDING = 1e-13;

  private static double clamp(double share) {
    return Math.max(0, Math.min(1, share));
  }

  /** The features of the attribution the candidate adds (not declared for the baseline), largest carried first. */
  static List<FeatureLift> added(List<FeatureLift> features) {
    return features.stream().filter(f -> !f.inBaseline()).toList();
  }

  /** A share as the text shows it, {@code 70%}. */
  static String percent(double share) {
    return fmt("%.0f%%", 100 * share);
  }

  /**
   * The refit's lift, signed, at 3 decimals, or at the fewest more (up to 6) that keep a lift that is not zero from
   * printing as {@code +0.000}.
   */
  static String lift(double lift) {
    for (int digits = 3; digits < 6; digits++) {
      String text = fmt("%+." + digits + "f", lift);
      if (lift == 0 || !text.matches("[+-]0\\.0+")) {
        return text;
      }
    }
    return fmt("%+.6f", lift);
  }

  /** Two AUCs at 3 decimals, or at the fewest more (up to 6) that tell them apart. */
  static String[] aucs(double a, double b) {
    for (int digits = 3; digits < 6; digits++) {
      String x = fmt("%." + digits + "f", a);
      String y = fmt("%." + digits + "f", b);
      if (!x.equals(y) || a == b) {
        return new String[] {x, y};
      }
    }
    return new String[] {fmt("%.6f", a), fmt("%.6f", b)};
  }

  /**
   * What {@code f} carries of the refit's lift, in words (no capital, no full stop), as every rendering says it.
   * With a lift above zero: the lift that disappears without it and its share; or that the refit falls below (or to)
   * the baseline without it; or that it loses none of the lift. Without one: the AUC the refit loses. A feature the
   * baseline also uses is said to be no carrier.
   */
  static String words(FeatureLift f, RefitLift refit) {
    String also = f.inBaseline() ? fmt(": '%s' is also in the baseline, so it is no carrier of the lift", f.feature())
        : "";
    if (!(refit.lift() > 0)) {
      String[] pair = aucs(f.aucWithout(), refit.refitAuc());
      return (f.carried() > 0
          ? fmt("without '%s' the refit loses %.3f AUC (%s against %s with it)", f.feature(), f.carried(), pair[0],
              pair[1])
          : fmt("without '%s' the refit loses no AUC (%s against %s with it)", f.feature(), pair[0], pair[1])) + also;
    }
    if (f.liftWithout() <= 0) {
      return fmt("without '%s' the refit %s", f.feature(), falls(f, refit)) + (f.inBaseline() ? also
          : fmt(": it carries all of the refit's %s lift (%s)", lift(refit.lift()), percent(f.share())));
    }
    if (f.carried() <= 0) {
      String[] pair = aucs(f.aucWithout(), refit.refitAuc());
      return fmt("the refit loses none of its %s lift without '%s' (AUC %s without it, %s with it)",
          lift(refit.lift()), f.feature(), pair[0], pair[1]) + also;
    }
    return fmt("%.3f of the refit's %s lift disappears without '%s' (%s)", f.carried(), lift(refit.lift()),
        f.feature(), share(f)) + also;
  }

  /** Where the refit without {@code f} ends up when it is not above the baseline: "falls below the baseline, ...". */
  static String falls(FeatureLift f, RefitLift refit) {
    String[] pair = aucs(f.aucWithout(), refit.baselineAuc());
    return fmt("%s, AUC %s against %s", f.liftWithout() < 0 ? "falls below the baseline" : "falls to the baseline",
        pair[0], pair[1]);
  }

  /** The share with its interval: "70%, 95% interval 41% to 99%". */
  static String share(FeatureLift f) {
    return fmt("%s, %.0f%% interval %s to %s", percent(f.share()), 100 * CONFIDENCE, percent(f.shareLower()),
        percent(f.shareUpper()));
  }

  /** What a rendering says when {@code fit-scope} fired in the same run. */
  static String fitScopeNote(double recordedAuc, double refitAuc) {
    return fmt("These are the honest refit's numbers (the pipeline fitted on the training rows alone), not the "
        + "recorded scores': fit-scope found that the training rows alone do not reproduce those (AUC of the recorded "
        + "scores %.3f, of the refit %.3f).", recordedAuc, refitAuc);
  }

  /** The refits without each feature that finished, in {@code features} order; the others into {@code notRefit}. */
  static List<Without> finished(List<String> features, Map<String, Refits.Done> done, List<String> notRefit) {
    List<Without> out = new ArrayList<>();
    for (String feature : features) {
      Refits.Done d = done.get(PipelineProbe.withoutName(feature));
      if (d == null) {
        notRefit.add(feature);
      } else {
        out.add(new Without(feature, d.scores(), d.nanos() / 1_000_000));
      }
    }
    return out;
  }
}
