package dev.backtestgate.examples;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.history.HistoryCheckResult;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One finished backtest, ready for the gate: the test rows' outcomes and decision times, the candidate's
 * and the production baseline's scores, for every source feature the candidate used either its knowledge
 * time per row or why it has none, and the check of the status table it read against its committed history
 * manifest.
 *
 * <pre>{@code
 * ScoredBacktest b = CreditBacktests.standard().pointInTime();
 * BacktestRun run = b.toRun("dev.backtestgate.examples.PointInTimeBacktest#challenger");
 * }</pre>
 *
 * @param candidate the candidate's name
 * @param candidateScores its score per test row
 * @param baseline the baseline's name
 * @param baselineScores its score per test row
 * @param labels whether each test row defaulted
 * @param decisionTimes each test row's decision time, epoch ms
 * @param knownAt source feature to knowledge time per row, sorted by name
 * @param timeless source feature to the reason it has no knowledge time, sorted by name
 * @param history the status table's check against its committed history manifest, or {@code null} when
 *     the backtest does not bring one
 * @param featureValues numeric feature values per test row by feature name, for the feature–label screen (often
 *     empty)
 * @param featureCodes categorical feature codes per test row by feature name (often empty)
 */
record ScoredBacktest(
    String candidate,
    double[] candidateScores,
    String baseline,
    double[] baselineScores,
    boolean[] labels,
    long[] decisionTimes,
    SortedMap<String, long[]> knownAt,
    SortedMap<String, String> timeless,
    HistoryCheckResult history,
    SortedMap<String, double[]> featureValues,
    SortedMap<String, int[]> featureCodes) {

  /** Copies the maps (the arrays are shared). */
  ScoredBacktest {
    knownAt = new TreeMap<>(knownAt);
    timeless = new TreeMap<>(timeless);
    featureValues = new TreeMap<>(featureValues);
    featureCodes = new TreeMap<>(featureCodes);
  }

  /** A backtest that records no feature values. */
  ScoredBacktest(String candidate, double[] candidateScores, String baseline, double[] baselineScores,
      boolean[] labels, long[] decisionTimes, SortedMap<String, long[]> knownAt, SortedMap<String, String> timeless,
      HistoryCheckResult history) {
    this(candidate, candidateScores, baseline, baselineScores, labels, decisionTimes, knownAt, timeless, history,
        new TreeMap<>(), new TreeMap<>());
  }

  /** This backtest with feature values recorded for the feature–label screen. */
  ScoredBacktest withFeatureValues(Map<String, double[]> values, Map<String, int[]> codes) {
    return new ScoredBacktest(candidate, candidateScores, baseline, baselineScores, labels, decisionTimes, knownAt,
        timeless, history, new TreeMap<>(values), new TreeMap<>(codes));
  }

  /** This backtest with {@code checked} as the status table's manifest check ({@code null}: none brought). */
  ScoredBacktest withHistory(HistoryCheckResult checked) {
    return new ScoredBacktest(candidate, candidateScores, baseline, baselineScores, labels, decisionTimes, knownAt,
        timeless, checked, featureValues, featureCodes);
  }

  /** The backtest of {@code model} on the test rows of {@code features}, declaring the sources of its columns. */
  static ScoredBacktest of(Model model, double[] scores, Model baseline, double[] baselineScores,
      SourceFeatures features, ModelInputs inputs, HistoryCheckResult history) {
    SortedMap<String, long[]> knownAt = new TreeMap<>();
    SortedMap<String, String> timeless = new TreeMap<>();
    for (String source : inputs.sources()) {
      if (source.equals(SourceFeatures.CREDIT_LIMIT)) {
        timeless.put(source, SourceFeatures.CREDIT_LIMIT_TIMELESS);
      } else if (features.knownAt().containsKey(source)) {
        knownAt.put(source, features.knownAt().get(source));
      } else {
        throw new IllegalArgumentException("model " + model.name() + " uses source feature '" + source + "' but the "
            + "features carry no knowledge times for it (they have " + features.knownAt().keySet() + "): read "
            + "it with its knowledge times, or declare it timeless with a reason.");
      }
    }
    return new ScoredBacktest(model.name(), scores, baseline.name(), baselineScores, features.rows().defaulted(),
        features.rows().decisionAt(), knownAt, timeless, history);
  }

  /** The gate's input for the gate {@code gateId}. */
  BacktestRun toRun(String gateId) {
    return toBuilder(gateId).build();
  }

  /** The gate's input for the gate {@code gateId}, not built yet: more may be recorded (training rows, checks). */
  BacktestRun.Builder toBuilder(String gateId) {
    BacktestRun.Builder run = BacktestRun.builder(gateId)
        .labels(labels)
        .candidate(candidate, candidateScores)
        .baseline(baseline, baselineScores)
        .decisionTimes(decisionTimes);
    for (Map.Entry<String, long[]> feature : knownAt.entrySet()) {
      run.feature(feature.getKey(), feature.getValue());
    }
    timeless.forEach(run::timelessFeature);
    if (history != null) {
      run.input(history);
    }
    featureValues.forEach(run::featureValues);
    featureCodes.forEach(run::featureCategories);
    return run;
  }
}
