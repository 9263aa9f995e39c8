package dev.backtestgate;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.util.Optional;

/** Computes the {@link Comparison} of a run: paired DeLong, or candidate-only against a fixed AUC. */
final class LiftComparisons {
  private LiftComparisons() {}

  static Comparison compare(BacktestRun run, double confidence) {
    return compare(run, confidence, Optional.empty());
  }

  /**
   * The comparison of {@code run}, taking the paired one from {@code allRows} when another pass over the same rows
   * (the lift trend's) already computed it, bit for bit as {@link DeLong#compare} would.
   *
   * @param allRows the paired comparison on all the run's rows at {@code confidence}, or empty to compute it
   */
  static Comparison compare(BacktestRun run, double confidence, Optional<AucComparison> allRows) {
    Baseline baseline = run.baseline();
    Optional<double[]> scores = baseline.rowScores();
    boolean paired = scores.isPresent();
    AucComparison c = paired
        ? allRows.orElseGet(() -> DeLong.compare(run.labels(), run.candidateScores(), scores.get(), confidence))
        : DeLong.estimate(run.labels(), run.candidateScores(), confidence)
            .versusFixed(baseline.fixedAuc().orElseThrow());
    return Comparison.of(run.candidateName(), baseline.name(), c, confidence,
        paired ? Comparison.Interval.PAIRED_DELONG : Comparison.Interval.CANDIDATE_ONLY);
  }
}
