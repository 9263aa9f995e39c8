package dev.backtestgate.report;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Baseline;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.RocCurve;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the HTML report shows beyond the {@code GateResult}: the ROC curves, down-sampled to at most
 * {@link #MAX_CURVE_POINTS} points each (a 10-million-row run still makes a small page), and why each
 * timeless feature was declared timeless.
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
 */
record ReportEvidence(
    RocCurve candidateCurve, RocCurve baselineCurve, String curveProblem, Map<String, String> timelessReasons) {
  /** Most points drawn per curve: far more than a plot has pixels, far fewer than a big run has rows. */
  public static final int MAX_CURVE_POINTS = 2_000;

  /** Copies the map. */
  public ReportEvidence {
    timelessReasons = Map.copyOf(timelessReasons);
  }

  /**
   * The evidence of a run: both curves (one sort per model) and the timeless reasons. A curve that cannot
   * be computed (the gate then already failed with a {@code CheckFailed} finding) becomes a
   * {@link #curveProblem()}, never an exception: the report must still be written.
   */
  public static ReportEvidence of(BacktestRun run) {
    Map<String, String> reasons = new LinkedHashMap<>();
    for (FeatureTiming f : run.features()) {
      if (f instanceof FeatureTiming.Timeless timeless) {
        reasons.put(timeless.name(), timeless.reason());
      }
    }
    try {
      RocCurve candidate = curve(run.labels(), run.candidateScores());
      RocCurve baseline = run.baseline() instanceof Baseline.Scored scored ? curve(run.labels(), scored.scores()) : null;
      return new ReportEvidence(candidate, baseline, null, reasons);
    } catch (RuntimeException e) {
      return new ReportEvidence(null, null, "The ROC curves could not be computed: " + e.getMessage(), reasons);
    }
  }

  private static RocCurve curve(boolean[] labels, double[] scores) {
    return Auc.curve(labels, scores).downsample(MAX_CURVE_POINTS);
  }
}
