package dev.backtestgate;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.metrics.DeLong;
import org.apache.commons.math3.distribution.NormalDistribution;

/** Computes the {@link Comparison} of a run: paired DeLong, or candidate-only against a fixed AUC. */
final class LiftComparisons {
  private static final NormalDistribution NORMAL = new NormalDistribution();

  private LiftComparisons() {}

  static Comparison compare(BacktestRun run, double confidence) {
    Baseline baseline = run.baseline();
    if (baseline instanceof Baseline.Scored scored) {
      AucComparison c = DeLong.compare(run.labels(), run.candidateScores(), scored.scores(), confidence);
      return new Comparison(run.candidateName(), baseline.name(), c.candidateAuc(), c.baselineAuc(), c.lift(),
          c.standardError(), confidence, c.ciLower(), c.ciUpper(), c.pValue(), Comparison.Interval.PAIRED_DELONG);
    }
    double baselineAuc = ((Baseline.FixedAuc) baseline).auc();
    AucEstimate e = DeLong.estimate(run.labels(), run.candidateScores(), confidence);
    double lift = e.auc() - baselineAuc;
    double p = e.standardError() > 0 ? 2 * NORMAL.cumulativeProbability(-Math.abs(lift / e.standardError())) : 1;
    return new Comparison(run.candidateName(), baseline.name(), e.auc(), baselineAuc, lift, e.standardError(),
        confidence, e.ciLower() - baselineAuc, e.ciUpper() - baselineAuc, p, Comparison.Interval.CANDIDATE_ONLY);
  }
}
