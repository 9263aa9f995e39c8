package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.internal.Beside;
import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.RocCurve;
import dev.backtestgate.screen.featurelabel.FeatureLabelScreen;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import dev.backtestgate.screen.featurelabel.FeatureScreen;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the HTML report shows beyond the {@code GateResult}: the ROC curves, down-sampled to at most
 * {@link #MAX_CURVE_POINTS} points each (a 10-million-row run still makes a small page), and why each
 * timeless feature was declared timeless, and the feature–label screen of every feature with recorded values.
 *
 * <pre>{@code
 * ReportEvidence evidence = ReportEvidence.of(run);
 * String html = HtmlReport.render(published, evidence);
 * }</pre>
 *
 * @param candidateCurve the candidate's ROC curve, or {@code null} when it could not be computed
 * @param baselineCurve the baseline's ROC curve, or {@code null} (baseline given as an AUC number, or no curve)
 * @param curveProblem why the curves could not be computed, or {@code null}
 * @param timelessReasons reason per timeless feature, by name
 * @param featureScreen the feature–label screen of the recorded feature values, in recording order (empty when none
 *     were recorded, or when it could not be computed: the gate then already failed with a {@code CheckFailed})
 */
record ReportEvidence(
    RocCurve candidateCurve, RocCurve baselineCurve, String curveProblem, Map<String, String> timelessReasons,
    List<FeatureScore> featureScreen) {
  /** Most points drawn per curve: far more than a plot has pixels, far fewer than a big run has rows. */
  public static final int MAX_CURVE_POINTS = 2_000;

  /** Copies the map. */
  public ReportEvidence {
    timelessReasons = Map.copyOf(timelessReasons);
    featureScreen = List.copyOf(featureScreen);
  }

  /** Evidence without a feature–label screen. */
  ReportEvidence(RocCurve candidateCurve, RocCurve baselineCurve, String curveProblem,
      Map<String, String> timelessReasons) {
    this(candidateCurve, baselineCurve, curveProblem, timelessReasons, List.of());
  }

  /** The evidence of a run at the default confidence level, its AUCs computed here. */
  public static ReportEvidence of(BacktestRun run) {
    return of(run, GatePolicy.defaults().confidence(), null);
  }

  /**
   * The evidence of a run the gate judged in {@code result}: the curves carry the AUCs of its comparison, which
   * are not computed again, so drawing them costs a few passes over the rows.
   */
  static ReportEvidence of(BacktestRun run, GateResult result) {
    return of(run, result.policy().confidence(), result.comparison());
  }

  /**
   * Both curves (at most {@link #MAX_CURVE_POINTS} points each, never the full curves), taking their AUCs from
   * {@code known} when it is not null, and the timeless reasons. A curve that cannot be computed (the gate then
   * already failed with a {@code CheckFailed} finding) becomes a {@link #curveProblem()}, never an exception: the
   * report must still be written.
   */
  private static ReportEvidence of(BacktestRun run, double confidenceLevel, Comparison known) {
    List<FeatureScore> screen = screen(run, confidenceLevel);
    Map<String, String> reasons = new LinkedHashMap<>();
    for (FeatureTiming f : run.features()) {
      f.timelessReason().ifPresent(reason -> reasons.put(f.name(), reason));
    }
    try {
      // the baseline's curve is drawn beside the candidate's: two independent passes over the rows
      Beside<RocCurve> baseline = Beside.start(() -> run.baseline().rowScores()
          .map(scores -> curve(run.labels(), scores, known == null ? Double.NaN : known.baselineAuc())).orElse(null));
      RocCurve candidate =
          curve(run.labels(), run.candidateScores(), known == null ? Double.NaN : known.candidateAuc());
      return new ReportEvidence(candidate, baseline.get(), null, reasons, screen);
    } catch (RuntimeException e) {
      return new ReportEvidence(null, null, "The ROC curves could not be computed: " + e.getMessage(), reasons,
          screen);
    }
  }

  /**
   * The evidence of a gate judged on {@link GateEvidence}: no curves (the scores stayed where they were computed),
   * said so on the page, the timeless reasons and the feature–label screen it carries.
   */
  static ReportEvidence of(GateEvidence evidence) {
    return new ReportEvidence(null, null, fmt("No ROC curve is drawn: this run was judged on evidence computed where "
        + "its rows live (%,d rows), and its scores never reached this JVM. The AUCs, lift and interval above are "
        + "exact.", evidence.summary().rows()), evidence.timelessReasons(),
        evidence.part(FeatureScreen.class).map(FeatureScreen::scores).orElse(List.of()));
  }

  /** The run's feature–label screen (computed once by the gate and kept), or empty when it cannot be computed. */
  private static List<FeatureScore> screen(BacktestRun run, double confidenceLevel) {
    try {
      return FeatureLabelScreen.of(run, confidenceLevel);
    } catch (RuntimeException e) {
      return List.of();
    }
  }

  /** The drawn curve, with {@code auc} when it is known (not NaN). */
  private static RocCurve curve(boolean[] labels, double[] scores, double auc) {
    return Double.isNaN(auc) ? Auc.curve(labels, scores, MAX_CURVE_POINTS)
        : Auc.curve(labels, scores, MAX_CURVE_POINTS, auc);
  }
}
