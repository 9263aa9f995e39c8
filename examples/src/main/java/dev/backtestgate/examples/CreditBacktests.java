package dev.backtestgate.examples;

import dev.backtestgate.time.HistoryCheckResult;

/**
 * The three backtests of the story, in plain Java (the gated JUnit tests only record their results).
 * All three score the same test rows (credit-line reviews from October 2024 to March 2025) against the
 * same production baseline, a logistic scorecard on honest, point-in-time features.
 *
 * <ul>
 *   <li>{@link #leakyBackfill}: the challenger trained and tested on the statement table after the
 *       in-place "normalize status codes" backfill, read with a statement-date filter that looks honest.
 *   <li>{@link #pointInTime}: the same challenger on features joined as of each decision from the
 *       append-only logs, where the cleanup is a correction recorded in August 2025.
 *   <li>{@link #reviewedLift}: the challenger plus the payments feed, a real and point-in-time-correct
 *       signal the scorecard lacks; its lift is above the limit and needs a reviewer's sign-off.
 * </ul>
 *
 * <pre>{@code
 * CreditBacktests backtests = CreditBacktests.standard();
 * ScoredBacktest leaky = backtests.leakyBackfill(StatementTable.Stamping.SILENT);
 * }</pre>
 */
final class CreditBacktests {
  static final String BASELINE = "prod-scorecard-v3";
  static final String CHALLENGER = "gbm-status-history";
  static final String CHALLENGER_WITH_PAYMENTS = "gbm-status-history-payments";

  private final CreditWorld world;
  private final DecisionRows train;
  private final DecisionRows test;
  private final SourceFeatures honestTrain;
  private final SourceFeatures honestTest;
  private final HistoryCheckResult logHistory;
  private final Scorecard baseline;
  private final double[] baselineScores;

  /**
   * Prepares the honest features and fits the baseline on {@code world}, which must be the standard world:
   * the committed history manifest ({@link StatementHistory}) is its statement table's.
   */
  private CreditBacktests(CreditWorld world, PointInTimeFeatures.Join join) {
    this.world = world;
    this.train = DecisionRows.training(world);
    this.test = DecisionRows.test(world);
    StatusLog log = StatusLog.load(world);
    NormalizeStatusBackfill.record(log, world);
    this.logHistory = StatementHistory.check(log.toEventLog(StatementHistory.TABLE));
    PointInTimeFeatures logs = PointInTimeFeatures.of(world, log);
    this.honestTrain = logs.read(train, true, join);
    this.honestTest = logs.read(test, true, join);
    this.baseline = Scorecard.fit(BASELINE, ModelInputs.of(honestTrain, world, ModelInputs.Columns.SCORECARD),
        train.defaulted());
    this.baselineScores = baseline.score(ModelInputs.of(honestTest, world, ModelInputs.Columns.SCORECARD));
  }

  /** The backtests on the standard world, built once per JVM (every gated test shares them). */
  static CreditBacktests standard() {
    return Standard.INSTANCE;
  }

  /**
   * The backtests on the standard world with the point-in-time features joined by {@code join} (another
   * engine) instead of in memory; built anew on each call.
   */
  static CreditBacktests joinedBy(PointInTimeFeatures.Join join) {
    return new CreditBacktests(standard().world(), join);
  }

  /** The world the backtests run on. */
  CreditWorld world() {
    return world;
  }

  /**
   * The challenger trained and tested on the statement table after the in-place backfill. The silent
   * variant also brings the table's check against its committed history manifest: its knowledge times
   * look innocent, which is the case the manifest exists for. (The stamped variant is caught by its
   * knowledge times already; its history check would list the same 53 rewritten months again.)
   */
  ScoredBacktest leakyBackfill(StatementTable.Stamping stamping) {
    StatementTable table = StatementTable.load(world);
    NormalizeStatusBackfill.rewrite(table, world, stamping);
    return challenge(CHALLENGER, InPlaceFeatures.read(table, world, train), InPlaceFeatures.read(table, world, test),
        ModelInputs.Columns.CHALLENGER, stamping == StatementTable.Stamping.SILENT
            ? StatementHistory.check(table.toEventLog(StatementHistory.TABLE)) : null);
  }

  /** The same challenger on point-in-time features from the append-only logs. */
  ScoredBacktest pointInTime() {
    return challenge(CHALLENGER, honestTrain, honestTest, ModelInputs.Columns.CHALLENGER, logHistory);
  }

  /** The challenger with the payments feed, on point-in-time features. */
  ScoredBacktest reviewedLift() {
    return challenge(CHALLENGER_WITH_PAYMENTS, honestTrain, honestTest, ModelInputs.Columns.CHALLENGER_WITH_PAYMENTS,
        logHistory);
  }

  private ScoredBacktest challenge(String name, SourceFeatures trainFeatures, SourceFeatures testFeatures,
      ModelInputs.Columns columns, HistoryCheckResult history) {
    ModelInputs x = ModelInputs.of(trainFeatures, world, columns);
    ModelInputs y = ModelInputs.of(testFeatures, world, columns);
    BoostedTrees model = BoostedTrees.fit(name, x, train.defaulted());
    return ScoredBacktest.of(model, model.score(y), baseline, baselineScores, testFeatures, y, history);
  }

  /** Lazy holder: the standard world is generated on first use only. */
  private static final class Standard {
    static final CreditBacktests INSTANCE =
        new CreditBacktests(WorldGenerator.generate(WorldSpec.standard()), PointInTimeFeatures.IN_MEMORY);
  }
}
