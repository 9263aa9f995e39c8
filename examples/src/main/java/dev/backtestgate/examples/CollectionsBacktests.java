package dev.backtestgate.examples;

import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineRows;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The collections team's backtests on {@link MonthlyReviews}: an XGBoost pipeline on utilisation, last month's
 * delinquency and the 90-day payments column, against the same pipeline without the payments column. With
 * {@code shifted}, the payments column was joined one statement late and takes in the month after the review: its
 * values carry a share of the next review's outcome, and every timestamp looks honest.
 *
 * <pre>{@code
 * PipelineBacktest leaky = CollectionsBacktests.payments(true);
 * }</pre>
 */
final class CollectionsBacktests {
  static final String CHALLENGER = "xgb-payments-90d";
  static final String BASELINE = "xgb-utilisation-delinquency";

  private CollectionsBacktests() {}

  /** The backtest with the payments column read from the right statements, or from one statement later. */
  static PipelineBacktest payments(boolean shifted) {
    MonthlyReviews reviews = MonthlyReviews.standard();
    Pipeline pipeline = XgbPipelines.boosted();
    PipelineRows training = reviews.rows(true, true, shifted);
    PipelineRows test = reviews.rows(false, true, shifted);
    double[] scores = pipeline.fit(training).score(test);
    double[] baseline = pipeline.fit(reviews.rows(true, false, false)).score(reviews.rows(false, false, false));
    long[] reviewed = reviews.reviewedAt(false);
    SortedMap<String, long[]> knownAt = new TreeMap<>();
    Map<String, double[]> columns = reviews.columns(false, true, shifted);
    for (String column : columns.keySet()) {
      knownAt.put(column, reviewed);   // each value is stamped with the review it was read for
    }
    ScoredBacktest scored = new ScoredBacktest(CHALLENGER, scores, BASELINE, baseline, reviews.outcomes(false),
        reviewed, knownAt, new TreeMap<>(), null).withFeatureValues(columns, Map.of());
    return new PipelineBacktest(scored, pipeline, training, new PipelineBacktest.Entities(reviews.reviewedAt(true),
        reviews.outcomeKnownAt(true), reviews.accounts(true), reviews.accounts(false)));
  }
}
