package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.lifttrend.PeriodLift;
import dev.backtestgate.pointintime.PointInTimeCheck;
import dev.backtestgate.pointintime.PointInTimeViolation;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import dev.backtestgate.screen.futureread.FutureReadProbe;
import dev.backtestgate.review.Fingerprint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * What the gate's rules read from a backtest, computed where its rows live: for a backtest whose rows never reach
 * this JVM (a Spark DataFrame, a warehouse table), the engine that holds them computes this evidence and
 * {@link BacktestGate#evaluate(GateEvidence, GatePolicy, dev.backtestgate.review.ReviewStore, java.time.Clock)} judges it with the same
 * rules, sign-offs and reports as a {@link BacktestRun}: the lift limit and a perfect candidate (from the
 * comparison), decision times after now (from the latest one), each timed feature's point-in-time result, and the
 * late-write and history checks of the source tables, the feature–label screen of each feature whose values
 * were screened, and the lift per decision-time period ({@code lift-trend}). The sign-off must carry {@link
 * #fingerprint()}.
 *
 * <p>Evidence covers those checks only. The screens that need training rows or code (label horizon, train/test
 * overlap, future reads) and checks of your own need a {@link BacktestRun}; {@link #of} refuses a run that records
 * them rather than drop them silently.
 *
 * <p>The evidence names the availability lag and the confidence level it was computed with; a gate whose policy
 * asks for others fails with a {@code check-failed} finding naming both, instead of judging numbers computed under
 * other rules.
 *
 * <pre>{@code
 * GateEvidence evidence = SparkGateEvidence.builder(scored)   // backtest-gate-spark
 *     .gate(backtest.gateId()).labels("churned")
 *     .candidate("gbm-v7", "gbmScore").baseline("prod-v3", "prodScore")
 *     .rows("rowId", "decidedAt").feature("balance", "balance_knownAt")
 *     .compute();
 * GateResult result = BacktestGate.evaluate(evidence, policy, reviews, clock);
 * }</pre>
 *
 * @param gateId the gate
 * @param summary model names, row and positive counts, feature names and which are timeless
 * @param comparison the candidate against the baseline, at the confidence level the gate's policy uses
 * @param availabilityLag the lag the point-in-time results were computed with
 * @param pointInTime per timed feature (every feature of the summary that is not timeless), its violation, or empty
 *     when every value was known in time
 * @param timelessReasons per timeless feature, why it was declared timeless (shown to reviewers)
 * @param latestDecision the latest decision time of any row
 * @param latestDecisionRow the row holding it (0-based; the first such row)
 * @param fingerprint the run's fingerprint ({@code sha256-v2:} and 64 hex digits, the same for the same rows on every
 *     engine), which a sign-off must carry
 * @param lateWrites late-write reports of the tables the features came from
 * @param historyChecks history-manifest checks of those tables
 * @param featureScreen the feature–label screen of each screened feature (at most one score per feature of the
 *     summary, at the comparison's confidence level), in the order they were screened
 * @param liftTrend the lift per decision-time period and its test ({@code LiftTrend.measure}, or an engine's
 *     equal, e.g. {@code SparkLiftTrend.measure}) over the same rows, under the gate's lift-trend settings and
 *     confidence level; empty when it was not measured, and then the gate warns that the trend went unchecked
 * @param tableHistories the histories read from the source tables' own logs (Delta Lake, Iceberg): their rewrites,
 *     late writes and unreadable windows are judged as for a run; the engine that computes the evidence binds each
 *     table's version ({@link TableHistory#binding()}) into {@code fingerprint}, as a run's fingerprint does
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record GateEvidence(
    String gateId,
    RunSummary summary,
    Comparison comparison,
    Duration availabilityLag,
    Map<String, Optional<PointInTimeViolation>> pointInTime,
    Map<String, String> timelessReasons,
    Instant latestDecision,
    long latestDecisionRow,
    String fingerprint,
    List<LateWriteReport> lateWrites,
    List<HistoryCheckResult> historyChecks,
    List<FeatureScore> featureScreen,
    Optional<LiftTrend> liftTrend,
    List<TableHistory> tableHistories) {

  /**
   * Evidence without a lift trend: the gate judges everything else and warns ({@code lift-trend}, a warning) that
   * the lift per period went unchecked. Add it with {@link #withLiftTrend}.
   */
  public GateEvidence(String gateId, RunSummary summary, Comparison comparison, Duration availabilityLag,
      Map<String, Optional<PointInTimeViolation>> pointInTime, Map<String, String> timelessReasons,
      Instant latestDecision, long latestDecisionRow, String fingerprint, List<LateWriteReport> lateWrites,
      List<HistoryCheckResult> historyChecks, List<FeatureScore> featureScreen) {
    this(gateId, summary, comparison, availabilityLag, pointInTime, timelessReasons, latestDecision,
        latestDecisionRow, fingerprint, lateWrites, historyChecks, featureScreen, Optional.empty());
  }

  /** Evidence that read no table's own log. */
  public GateEvidence(String gateId, RunSummary summary, Comparison comparison, Duration availabilityLag,
      Map<String, Optional<PointInTimeViolation>> pointInTime, Map<String, String> timelessReasons,
      Instant latestDecision, long latestDecisionRow, String fingerprint, List<LateWriteReport> lateWrites,
      List<HistoryCheckResult> historyChecks, List<FeatureScore> featureScreen, Optional<LiftTrend> liftTrend) {
    this(gateId, summary, comparison, availabilityLag, pointInTime, timelessReasons, latestDecision,
        latestDecisionRow, fingerprint, lateWrites, historyChecks, featureScreen, liftTrend, List.of());
  }


  /**
   * Copies the collections and checks that the parts fit together.
   *
   * @throws IllegalArgumentException naming every part that is missing or does not fit (a timed feature without a
   *     point-in-time result, a count out of range, a malformed fingerprint, ...)
   */
  public GateEvidence {
    List<String> problems = new ArrayList<>();
    if (gateId == null || gateId.isBlank()) {
      problems.add("the gate id is blank: use the id the test runs under (Backtest.gateId())");
    }
    require(summary, "summary", problems);
    require(comparison, "comparison", problems);
    require(availabilityLag, "availabilityLag", problems);
    require(pointInTime, "pointInTime", problems);
    require(timelessReasons, "timelessReasons", problems);
    require(latestDecision, "latestDecision", problems);
    require(lateWrites, "lateWrites", problems);
    require(historyChecks, "historyChecks", problems);
    require(featureScreen, "featureScreen", problems);
    require(liftTrend, "liftTrend", problems);
    require(tableHistories, "tableHistories", problems);
    if (fingerprint == null || !Fingerprint.WELL_FORMED.matcher(fingerprint).matches()) {
      problems.add("the fingerprint '" + fingerprint + "' is not 'sha256-v2:' and 64 lower-case hex digits");
    }
    if (problems.isEmpty()) {
      checkParts(summary, comparison, availabilityLag, pointInTime, timelessReasons, latestDecisionRow, problems);
      checkScreen(summary, featureScreen, problems);
      liftTrend.ifPresent(trend -> checkTrend(summary, trend, problems));
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("The gate evidence" + (gateId == null ? "" : " of " + gateId)
          + " cannot be judged: " + String.join("; ", problems) + ". The gate never judges evidence it cannot "
          + "trust: fix how it is computed.");
    }
    pointInTime = Collections.unmodifiableMap(new LinkedHashMap<>(pointInTime));
    timelessReasons = Collections.unmodifiableMap(new LinkedHashMap<>(timelessReasons));
    lateWrites = List.copyOf(lateWrites);
    historyChecks = List.copyOf(historyChecks);
    featureScreen = List.copyOf(featureScreen);
    tableHistories = List.copyOf(tableHistories);
  }

  /**
   * The evidence of an in-memory run under {@code policy}'s confidence level and lag: what an engine holding the
   * same rows must compute. The fingerprint is the run's own ({@link BacktestGate#fingerprint(BacktestRun)}), so
   * {@code evaluate(of(run, policy), ...)} and {@code evaluate(run, ...)} decide alike.
   *
   * @throws IllegalArgumentException when the run records what evidence does not carry (training rows,
   *     future-read probes, checks of its own), or its comparison, feature–label screen or lift trend (more periods
   *     than {@code LiftTrendSettings.MAX_PERIODS}) cannot be computed
   */
  public static GateEvidence of(BacktestRun run, GatePolicy policy) {
    List<String> uncarried = new ArrayList<>();
    if (run.training().isPresent()) {
      uncarried.add("training rows (label horizon, train/test overlap)");
    }
    if (!run.inputs(FutureReadProbe.class).isEmpty()) {
      uncarried.add("future-read probes");
    }
    if (!run.checks().isEmpty()) {
      uncarried.add("checks of its own");
    }
    if (!uncarried.isEmpty()) {
      throw new IllegalArgumentException("Run " + run.gateId() + " records " + String.join(", ", uncarried)
          + ", which gate evidence does not carry: evaluate the run itself with BacktestGate.evaluate(run, ...).");
    }
    Map<String, Optional<PointInTimeViolation>> pointInTime = new LinkedHashMap<>();
    Map<String, String> reasons = new LinkedHashMap<>();
    for (FeatureTiming feature : run.features()) {
      if (feature instanceof FeatureTiming.KnownAt known) {
        pointInTime.put(known.name(), PointInTimeCheck.check(known.name(), run.decisionTimes(), known.knownAt(),
            policy.availabilityLag()));
      } else {
        reasons.put(feature.name(), ((FeatureTiming.Timeless) feature).reason());
      }
    }
    long[] times = run.decisionTimes();
    int latest = 0;
    for (int i = 1; i < times.length; i++) {
      if (times[i] > times[latest]) {
        latest = i;
      }
    }
    Optional<LiftTrend.WithAllRows> measured = run.baseline() instanceof Baseline.Scored scored
        ? Optional.of(LiftTrend.measureWithAllRows(run.labels(), run.candidateScores(), scored.scores(), times,
            policy.settings(LiftTrendSettings.defaults()), policy.confidence()))
        : Optional.empty();
    Optional<LiftTrend> trend = measured.map(LiftTrend.WithAllRows::trend);
    Comparison comparison = LiftComparisons.compare(run, policy.confidence(),
        measured.flatMap(LiftTrend.WithAllRows::allRows));
    return new GateEvidence(run.gateId(), RunSummary.of(run), comparison,
        policy.availabilityLag(), pointInTime, reasons, Instant.ofEpochMilli(times[latest]), latest,
        BacktestGate.fingerprint(run), run.inputs(LateWriteReport.class), run.inputs(HistoryCheckResult.class),
        run.featureLabelScreen(policy.confidence()), trend, run.inputs(TableHistory.class));
  }

  /** This evidence with the late-write report of one more source table. */
  public GateEvidence withLateWrites(LateWriteReport report) {
    List<LateWriteReport> reports = new ArrayList<>(lateWrites);
    reports.add(Objects.requireNonNull(report, "late-write report"));
    return new GateEvidence(gateId, summary, comparison, availabilityLag, pointInTime, timelessReasons,
        latestDecision, latestDecisionRow, fingerprint, reports, historyChecks, featureScreen, liftTrend,
        tableHistories);
  }

  /** This evidence with the history check of one more source table. */
  public GateEvidence withHistory(HistoryCheckResult result) {
    List<HistoryCheckResult> results = new ArrayList<>(historyChecks);
    results.add(Objects.requireNonNull(result, "history check"));
    return new GateEvidence(gateId, summary, comparison, availabilityLag, pointInTime, timelessReasons,
        latestDecision, latestDecisionRow, fingerprint, lateWrites, results, featureScreen, liftTrend,
        tableHistories);
  }

  /**
   * This evidence with the feature–label screen of one more feature (for example {@code
   * SparkFeatureLabelScreen.numeric(...)}): a feature that alone separates the classes at or above {@code
   * backtestgate.max-feature-auc}, or perfectly, fails the gate unless the sign-off waives it.
   */
  public GateEvidence withFeatureScore(FeatureScore score) {
    List<FeatureScore> scores = new ArrayList<>(featureScreen);
    scores.add(Objects.requireNonNull(score, "feature score"));
    return new GateEvidence(gateId, summary, comparison, availabilityLag, pointInTime, timelessReasons,
        latestDecision, latestDecisionRow, fingerprint, lateWrites, historyChecks, scores, liftTrend,
        tableHistories);
  }

  /**
   * This evidence with the lift per decision-time period of its rows (for example {@code SparkLiftTrend.measure(...)}
   * under the gate's {@code LiftTrendSettings} and confidence level): a lift that falls toward the present fails the
   * gate ({@code lift-trend}) unless the sign-off covers it.
   */
  public GateEvidence withLiftTrend(LiftTrend trend) {
    return new GateEvidence(gateId, summary, comparison, availabilityLag, pointInTime, timelessReasons,
        latestDecision, latestDecisionRow, fingerprint, lateWrites, historyChecks, featureScreen,
        Optional.of(Objects.requireNonNull(trend, "lift trend")), tableHistories);
  }

  /** What makes this evidence unfit for {@code policy}: computed under another confidence level or lag. */
  List<String> mismatches(GatePolicy policy) {
    List<String> found = new ArrayList<>();
    if (Double.compare(comparison.confidence(), policy.confidence()) != 0) {
      found.add("the evidence's interval was computed at confidence " + comparison.confidence() + " but the gate's "
          + "policy uses " + policy.confidence() + " (backtestgate.confidence): compute the evidence at "
          + policy.confidence());
    }
    if (!availabilityLag.equals(policy.availabilityLag())) {
      found.add("the evidence's point-in-time results were computed with an availability lag of " + availabilityLag
          + " but the gate's policy uses " + policy.availabilityLag() + " (backtestgate.availability-lag): compute "
          + "the evidence with a lag of " + policy.availabilityLag());
    }
    for (FeatureScore score : featureScreen) {
      if (Double.compare(score.confidenceLevel(), policy.confidence()) != 0) {
        found.add("the feature-label screen of '" + score.feature() + "' was computed at confidence "
            + score.confidenceLevel() + " but the gate's policy uses " + policy.confidence()
            + " (backtestgate.confidence): screen it at " + policy.confidence());
      }
    }
    liftTrend.ifPresent(trend -> {
      LiftTrendSettings wanted = policy.settings(LiftTrendSettings.defaults());
      if (!trend.settings().equals(wanted)) {
        found.add("the evidence's lift trend was measured with " + trend.settings() + " but the gate's policy uses "
            + wanted + " (backtestgate.lift-periods, lift-period-min-class, lift-trend-alpha, lift-trend-min-step): "
            + "measure it with the policy's LiftTrendSettings");
      }
      trend.periods().stream().flatMap(p -> p.comparison().stream()).findFirst().ifPresent(c -> {
        if (Double.compare(c.confidenceLevel(), policy.confidence()) != 0) {
          found.add("the evidence's lift per period was computed at confidence " + c.confidenceLevel() + " but the "
              + "gate's policy uses " + policy.confidence() + " (backtestgate.confidence): measure it at "
              + policy.confidence());
        }
      });
    });
    return found;
  }

  /** The trend's periods must hold exactly the summary's rows and positives: a trend of other rows is refused. */
  private static void checkTrend(RunSummary summary, LiftTrend trend, List<String> problems) {
    long rows = 0;
    long positives = 0;
    for (PeriodLift p : trend.periods()) {
      rows += p.rows();
      positives += p.positives();
    }
    if (rows != summary.rows() || positives != summary.positives()) {
      problems.add("the lift trend's periods hold " + rows + " rows and " + positives + " positives but the summary "
          + "has " + summary.rows() + " and " + summary.positives() + ": measure the trend over the same rows");
    }
  }

  private static void require(Object part, String name, List<String> problems) {
    if (part == null) {
      problems.add(name + " is missing (null)");
    }
  }

  private static void checkParts(RunSummary summary, Comparison comparison, Duration lag,
      Map<String, Optional<PointInTimeViolation>> pointInTime, Map<String, String> reasons, long latestRow,
      List<String> problems) {
    if (summary.rows() < 2 || summary.positives() < 1 || summary.positives() >= summary.rows()) {
      problems.add("the summary has " + summary.rows() + " rows and " + summary.positives() + " positives; an AUC "
          + "needs at least one positive and one negative row");
    }
    if (!summary.candidate().equals(comparison.candidate()) || !summary.baseline().equals(comparison.baseline())) {
      problems.add("the comparison is of " + comparison.candidate() + " vs " + comparison.baseline()
          + " but the summary names " + summary.candidate() + " vs " + summary.baseline());
    }
    if (!(comparison.candidateAuc() >= 0 && comparison.candidateAuc() <= 1 && comparison.baselineAuc() >= 0
        && comparison.baselineAuc() <= 1 && Double.isFinite(comparison.lift())
        && Double.isFinite(comparison.standardError()))) {
      problems.add("the comparison holds a value out of range (AUCs " + comparison.candidateAuc() + " and "
          + comparison.baselineAuc() + ", lift " + comparison.lift() + ", standard error "
          + comparison.standardError() + ")");
    }
    if (lag.isNegative()) {
      problems.add("the availability lag " + lag + " is negative");
    }
    if (latestRow < 0 || latestRow >= summary.rows()) {
      problems.add("the latest decision's row " + latestRow + " is not a row (0.." + (summary.rows() - 1) + ")");
    }
    Set<String> timeless = new TreeSet<>(summary.timelessFeatures());
    Set<String> timed = new TreeSet<>(summary.features());
    if (!timed.containsAll(timeless)) {
      problems.add("the summary's timeless features " + timeless + " are not all among its features " + timed);
    }
    timed.removeAll(timeless);
    if (!timed.equals(new TreeSet<>(pointInTime.keySet()))) {
      problems.add("point-in-time results are given for " + new TreeSet<>(pointInTime.keySet()) + " but the timed "
          + "features are " + timed + "; every timed feature needs its result (an unchecked feature is not a pass)");
    }
    if (!timeless.equals(new TreeSet<>(reasons.keySet()))) {
      problems.add("reasons are given for " + new TreeSet<>(reasons.keySet()) + " but the timeless features are "
          + timeless);
    }
    pointInTime.forEach((feature, result) -> {
      if (result == null) {
        problems.add("the point-in-time result of '" + feature + "' is null (use Optional.empty() for a pass)");
      } else if (result.isPresent()) {
        PointInTimeViolation v = result.get();
        if (!v.feature().equals(feature) || !v.availabilityLag().equals(lag) || v.rows() != summary.rows()) {
          problems.add("the point-in-time result filed under '" + feature + "' is of '" + v.feature() + "' over "
              + v.rows() + " rows with a lag of " + v.availabilityLag() + ", not of '" + feature + "' over "
              + summary.rows() + " rows with a lag of " + lag);
        }
      }
    });
  }

  private static void checkScreen(RunSummary summary, List<FeatureScore> screen, List<String> problems) {
    Set<String> seen = new TreeSet<>();
    for (FeatureScore score : screen) {
      if (score == null) {
        problems.add("the feature screen holds null: add one score per screened feature");
        continue;
      }
      if (!summary.features().contains(score.feature())) {
        problems.add("the feature screen scores '" + score.feature() + "', which is not among the features "
            + summary.features());
      } else if (!seen.add(score.feature())) {
        problems.add("the feature screen scores '" + score.feature() + "' twice: screen each feature once");
      }
      if (!(score.auc() >= 0.5 && score.auc() <= 1 && score.rawAuc() >= 0 && score.rawAuc() <= 1
          && score.missing() >= 0 && score.missing() <= summary.rows() && score.categories() >= 0)) {
        problems.add("the feature screen of '" + score.feature() + "' holds a value out of range (AUC "
            + score.auc() + ", raw AUC " + score.rawAuc() + ", " + score.missing() + " missing of "
            + summary.rows() + " rows, " + score.categories() + " categories)");
      }
    }
  }
}
