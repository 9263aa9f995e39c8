package dev.backtestgate;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;

/** Computes the {@link Comparison} of a run: paired DeLong, or candidate-only against a fixed AUC. */
final class LiftComparisons {
  private LiftComparisons() {}

  static Comparison compare(BacktestRun run, double confidence) {
    Baseline baseline = run.baseline();
    boolean paired = baseline instanceof Baseline.Scored;
    AucComparison c = baseline instanceof Baseline.Scored scored
        ? DeLong.compare(run.labels(), run.candidateScores(), scored.scores(), confidence)
        : DeLong.estimate(run.labels(), run.candidateScores(), confidence)
            .versusFixed(((Baseline.FixedAuc) baseline).auc());
    return Comparison.of(run.candidateName(), baseline.name(), c, confidence,
        paired ? Comparison.Interval.PAIRED_DELONG : Comparison.Interval.CANDIDATE_ONLY);
  }
}
