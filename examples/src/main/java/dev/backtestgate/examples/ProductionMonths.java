package dev.backtestgate.examples;

import dev.backtestgate.tripwire.Outcomes;
import java.time.Duration;

/**
 * The months after the backtest, simulated from the world as it really was: a second draw of the same world
 * ({@link WorldGenerator}, seed {@value #SEED}, 50,000 accounts), whose credit-line reviews of October 2024 to March
 * 2025 stand for the production decisions of April to September 2025 (each decision and its label time moved
 * {@value #SHIFT_DAYS} days later; the world's calendar ends with the backtest's). Every feature is served as of its
 * decision from the append-only status log, the statuses as the source systems wrote them: the cleanup of 2025-08-15
 * is recorded after every decision, as a rewrite in production would be. Built once per JVM (about as long as the
 * standard world: a few seconds).
 *
 * <pre>{@code
 * Outcomes outcomes = CreditBacktests.standard().production(shipped);
 * }</pre>
 */
final class ProductionMonths {
  static final long SEED = WorldSpec.STANDARD_SEED + 1;
  static final int SHIFT_DAYS = 182;
  private static final long SHIFT = Duration.ofDays(SHIFT_DAYS).toMillis();
  static final ProductionMonths INSTANCE = new ProductionMonths();

  private final CreditWorld world;
  private final DecisionRows rows;
  private final SourceFeatures served;

  private ProductionMonths() {
    world = WorldGenerator.generate(new WorldSpec(WorldSpec.STANDARD_ACCOUNTS, SEED));
    rows = DecisionRows.test(world);
    StatusLog log = StatusLog.load(world);
    NormalizeStatusBackfill.record(log, world);
    served = PointInTimeFeatures.of(world, log).read(rows, true);
  }

  /** The model inputs of the production decisions. */
  ModelInputs inputs(ModelInputs.Columns columns) {
    return ModelInputs.of(served, world, columns);
  }

  /** The decisions, both models' scores, the outcomes and the served features. */
  Outcomes outcomes(double[] candidate, double[] baseline) {
    long[] decided = rows.decisionAt().clone();
    long[] known = rows.labelKnownAt();
    for (int i = 0; i < decided.length; i++) {
      decided[i] += SHIFT;
      known[i] += SHIFT;
    }
    return Outcomes.builder().decidedAt(decided).labelKnownAt(known).labels(rows.defaulted())
        .candidateScores(candidate).baselineScores(baseline)
        .servedFeature(SourceFeatures.WORST_STATUS, text(served.worstStatus12m()))
        .servedFeature(SourceFeatures.BALANCE, text(served.balance()))
        .servedFeature(SourceFeatures.STATUS, codes(served.statusCode()))
        .build();
  }

  /** How many production decisions there are, and how many defaulted. */
  int size() {
    return rows.size();
  }

  int positives() {
    return rows.positives();
  }

  private static String[] text(double[] values) {
    String[] text = new String[values.length];
    for (int i = 0; i < values.length; i++) {
      text[i] = Double.isNaN(values[i]) ? "" : Double.toString(values[i]);
    }
    return text;
  }

  private static String[] codes(int[] codes) {
    String[] text = new String[codes.length];
    for (int i = 0; i < codes.length; i++) {
      text[i] = codes[i] < 0 ? "" : Integer.toString(codes[i]);
    }
    return text;
  }
}
