package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import dev.backtestgate.EvidencePart;
import dev.backtestgate.Finding;
import dev.backtestgate.metrics.AucComparison;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The pipeline checks' part of the gate evidence: what the refits of the backtest's pipeline measured, wherever they
 * ran (in this JVM on a run's {@link PipelineRows}, or on Spark from a Spark ML estimator). {@link PipelineChecks}
 * judges it by the same rules on both paths, so the findings and their texts are the same. An engine computes the
 * numbers with the rules written here once: {@link #tolerance}, {@link #unreproducible} and {@link #lifts}.
 *
 * @param settings the pipeline settings the refits ran under
 * @param baselineFeatures the features the baseline declares it uses (never a carrier)
 * @param outcome what the refits measured, or why they could not
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record PipelineEvidence(PipelineSettings settings, List<String> baselineFeatures, Outcome outcome)
    implements EvidencePart<PipelineEvidence> {
  /** The confidence level of every interval of the lift attribution, and of the comparisons {@link #lifts} takes. */
  public static final double CONFIDENCE = Attribution.CONFIDENCE;

  /** Copies; every component is required. */
  public PipelineEvidence {
    Objects.requireNonNull(settings, "settings");
    baselineFeatures = List.copyOf(baselineFeatures);
    Objects.requireNonNull(outcome, "outcome");
  }

  /** What the refits measured ({@link Measured}), or why they could not ({@link Failed}). */
  public sealed interface Outcome permits Failed, Measured {}

  /**
   * The refits could not run, or cannot be compared: judged as {@code check-failed} ("pipeline refit") with this
   * reason, as an in-memory run's check fails.
   *
   * @param reason what went wrong and the fix
   */
  public record Failed(String reason) implements Outcome {
    /** Requires a reason. */
    public Failed {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * What the refits measured.
   *
   * @param fitScope the first full refit's scores against the recorded ones
   * @param lifts the attribution of the refits without each feature; empty with fewer than two features
   * @param copies the test rows that copy a training row
   * @param timeShift the time-shift test's findings, judged where it ran (a warning when it could not run)
   */
  public record Measured(FitScope fitScope, Optional<Lifts> lifts, Copies copies, List<Finding> timeShift)
      implements Outcome {
    /** Copies. */
    public Measured {
      Objects.requireNonNull(fitScope, "fitScope");
      Objects.requireNonNull(lifts, "lifts");
      Objects.requireNonNull(copies, "copies");
      timeShift = List.copyOf(timeShift);
    }
  }

  /**
   * The refit probe: the recorded candidate scores against the first refit on the training rows alone.
   *
   * @param rows the test rows
   * @param recordedAuc the AUC of the recorded candidate scores
   * @param refitAuc the AUC of the first refit
   * @param outside the rows whose recorded score differs from the refit's by more than the tolerance
   * @param tolerance the largest difference taken for noise ({@link #tolerance})
   * @param largest the rows with the largest differences beyond it, largest first (ties: lower row first): row,
   *     recorded, refit; at most {@value PipelineProbe#EXAMPLES}
   */
  public record FitScope(int rows, double recordedAuc, double refitAuc, int outside, double tolerance,
      List<double[]> largest) {
    /** Copies. */
    public FitScope {
      largest = List.copyOf(largest);
    }

    /** More than 0.1% of the test rows (at least one row) outside the tolerance. */
    public boolean fails() {
      return outside > Math.max(0, (int) (PipelineProbe.ROW_SHARE * rows));
    }
  }

  /**
   * The lift attribution.
   *
   * @param refit the refit's lift over the baseline
   * @param features per feature refit, largest carried first
   * @param notRefit the features whose refit did not finish within the budget
   * @param wallMillis the refits' wall time
   * @param threads the threads (or concurrent jobs) the refits ran on
   * @param fullRefitMillis the first full refit's time
   * @param refits the refits that finished within the budget
   */
  public record Lifts(RefitLift refit, List<FeatureLift> features, List<String> notRefit, long wallMillis,
      int threads, long fullRefitMillis, int refits) {
    /** Copies. */
    public Lifts {
      Objects.requireNonNull(refit, "refit");
      features = List.copyOf(features);
      notRefit = List.copyOf(notRefit);
    }
  }

  /**
   * The test rows that copy a training row, every feature value (to float precision) and the label.
   *
   * @param testRows the test rows
   * @param duplicates the test rows that copy one
   * @param examples the first pairs: test row, training row
   */
  public record Copies(int testRows, int duplicates, List<int[]> examples) {
    /** Copies. */
    public Copies {
      examples = List.copyOf(examples);
    }
  }

  /**
   * One refit without a feature, compared on the test rows.
   *
   * @param feature the feature left out
   * @param againstFull the paired DeLong comparison (at {@link #CONFIDENCE}) of the refit without it
   *     (candidate) against the full refit (baseline)
   * @param baselineCovariance the DeLong covariance of the refit without it and the baseline's scores; 0 for a
   *     baseline known only by its AUC
   * @param millis the refit's time
   */
  public record Dropped(String feature, AucComparison againstFull, double baselineCovariance, long millis) {}

  /** A pipeline's evidence is given once. */
  @Override
  public PipelineEvidence plus(PipelineEvidence later) {
    throw new IllegalArgumentException("the pipeline evidence is given twice: one run refits one pipeline; give it "
        + "once");
  }

  @Override
  public List<CheckSettings> computedUnder() {
    return List.of(settings);
  }

  /**
   * The largest score difference taken for noise: three times the largest difference between two refits on the same
   * rows, plus 1e-9 of the scores' scale for rounding.
   *
   * @param largestRefitDifference the largest absolute difference between the two full refits' scores of a row
   * @param scale the largest absolute score of the first refit, at least 1
   */
  public static double tolerance(double largestRefitDifference, double scale) {
    return PipelineProbe.NOISE_FACTOR * largestRefitDifference + PipelineProbe.ROUNDING * Math.max(1, scale);
  }

  /**
   * Why two refits on the same rows show the pipeline is not reproducible with itself (AUCs more than 0.01 apart, or
   * scores correlated below 0.9), or empty when it is.
   *
   * @param correlation Pearson's correlation of the two refits' scores (1 when both are constant and equal)
   */
  public static Optional<String> unreproducible(double aucA, double aucB, double correlation) {
    return PipelineProbe.unreproducible(aucA, aucB, correlation);
  }

  /**
   * The lift attribution from the comparisons of the refits on the test rows.
   *
   * @param fullAgainstBaseline the paired DeLong comparison (at {@link #CONFIDENCE}) of the baseline's
   *     scores (candidate) against the first full refit (baseline)
   * @param dropped each refit without a feature that finished, in any order
   * @param inBaseline the features the baseline declares it uses
   */
  public static Lifts lifts(AucComparison fullAgainstBaseline, List<Dropped> dropped, Set<String> inBaseline,
      List<String> notRefit, long wallMillis, int threads, long fullRefitMillis, int refits) {
    Attribution.Result r = Attribution.of(fullAgainstBaseline.baselineAuc(), fullAgainstBaseline.candidateAuc(),
        fullAgainstBaseline.baselineVariance(),
        fullAgainstBaseline.standardError() * fullAgainstBaseline.standardError(), fullAgainstBaseline.covariance(),
        dropped, inBaseline);
    return new Lifts(r.refit(), r.features(), notRefit, wallMillis, threads, fullRefitMillis, refits);
  }

  /** The name of the refit on the next decision's labels (the time-shift test's), as the in-memory probe's. */
  public static final String TIME_SHIFT_REFIT = TimeShift.REFIT;

  /** How many example rows a {@code time-shifted-labels} finding shows. */
  public static final int TIME_SHIFT_EXAMPLES = TimeShift.EXAMPLES;

  /**
   * Why the time-shift test cannot run on these counts (a {@code time-shift-unchecked} reason, with the fix), or empty
   * when it can: the in-memory rules, for an engine that finds each row's next decision itself.
   *
   * @param trainingWithNext training rows that have a later decision of their entity
   * @param positives those whose next label is positive
   * @param testWithNext test rows that have a later decision of their entity
   * @param toNext test rows whose own label is 0 and next 1
   * @param toOwn test rows whose own label is 1 and next 0
   */
  public static Optional<String> timeShiftSkipped(long trainingWithNext, long positives, long testWithNext,
      long toNext, long toOwn) {
    return TimeShift.skipped(trainingWithNext, positives, testWithNext, toNext, toOwn);
  }

  /**
   * The time-shift test's findings (a {@code time-shifted-labels} finding, or none), by the in-memory rules.
   *
   * @param shifted the DeLong estimate (95%) of the refit on the next labels, scored on the test rows whose next label
   *     differs from their own, against the next label
   * @param toNext test rows whose own label is 0 and next 1
   * @param toOwn test rows whose own label is 1 and next 0
   * @param trainingRows the training rows the shifted refit was fitted on
   * @param examples the rows with own label 0 and next 1 that it scores highest, at most
   *     {@link #TIME_SHIFT_EXAMPLES}, each as {@link #timeShiftExample} words them
   */
  public static List<Finding> timeShift(dev.backtestgate.metrics.AucEstimate shifted, int toNext, int toOwn,
      int trainingRows, PipelineSettings settings, List<String> examples) {
    double p = TimeShift.pValue(shifted);
    TimeShift.Tested t = new TimeShift.Tested(toNext, toOwn, shifted.auc(), shifted.ciLower(), shifted.ciUpper(), p,
        settings.timeShiftAlpha(), settings.timeShiftMinStep(), trainingRows, List.of());
    return t.fails() ? List.of(new TimeShiftedLabelsFinding(toNext, toOwn, t.auc(), t.ciLower(), t.ciUpper(), p,
        t.alpha(), t.minStep(), trainingRows, examples)) : List.of();
  }

  /** A time-shift example row in words: its row, entity, decision time and the shifted refit's score. */
  public static String timeShiftExample(long row, String entity, long decidedAtMillis, double score) {
    return dev.backtestgate.internal.Wording.fmt("row %d, entity %s, decided %s: shifted refit's score %.3f", row,
        entity, java.time.Instant.ofEpochMilli(decidedAtMillis), score);
  }
}
