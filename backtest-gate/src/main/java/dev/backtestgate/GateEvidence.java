package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Beside;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.review.Fingerprint;
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
 * {@link BacktestGate#evaluate(GateEvidence, GatePolicy, dev.backtestgate.review.ReviewStore, java.time.Clock)}
 * judges it with the same rules, sign-offs and reports as a {@link BacktestRun}.
 *
 * <p>The evidence is a base every check reads (the comparison, the summary, the latest decision, the fingerprint)
 * and a typed map of parts, one per check that judges evidence ({@link EvidencePart}): each check's package defines
 * its part, computes it from a run ({@link CheckProvider#evidence}) and judges it ({@link CheckProvider#judge}), and
 * an engine computes the same part from its rows. {@code part(PointInTimeEvidence.class)} reads one;
 * {@link #with(EvidencePart)} adds one (a list part, such as the feature–label screen, appends).
 *
 * <p>The screens that need training rows or code (label horizon, train/test overlap, future reads) and checks of
 * your own need a {@link BacktestRun}; {@link #of} refuses a run that records them rather than drop them silently.
 * A check whose part is missing says so when it judges: a timed feature without a point-in-time result fails
 * ({@code check-failed}), a missing lift trend warns.
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
 * @param timelessReasons per timeless feature, why it was declared timeless (shown to reviewers)
 * @param latestDecision the latest decision time of any row
 * @param latestDecisionRow the row holding it (0-based; the first such row)
 * @param fingerprint the run's fingerprint ({@code sha256-v2:} and 64 hex digits, the same for the same rows on every
 *     engine), which a sign-off must carry; an engine that reads tables' own logs binds each table's version into it
 * @param parts each check's part, keyed by its class
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GateEvidence(String gateId, RunSummary summary, Comparison comparison,
    Map<String, String> timelessReasons, Instant latestDecision, long latestDecisionRow, String fingerprint,
    Map<Class<?>, EvidencePart<?>> parts) {

  /**
   * Copies the map of parts and checks that the base and every part fit together.
   *
   * @throws IllegalArgumentException naming every part that is missing or does not fit (a count out of range, a
   *     malformed fingerprint, a timed feature without a point-in-time result, a part filed under another class...)
   */
  public GateEvidence {
    List<String> problems = new ArrayList<>();
    if (gateId == null || gateId.isBlank()) {
      problems.add("the gate id is blank: use the id the test runs under (Backtest.gateId())");
    }
    require(summary, "summary", problems);
    require(comparison, "comparison", problems);
    require(timelessReasons, "timelessReasons", problems);
    require(latestDecision, "latestDecision", problems);
    require(parts, "parts", problems);
    if (fingerprint == null || !Fingerprint.WELL_FORMED.matcher(fingerprint).matches()) {
      problems.add("the fingerprint '" + fingerprint + "' is not 'sha256-v2:' and 64 lower-case hex digits");
    }
    if (problems.isEmpty()) {
      checkBase(summary, comparison, timelessReasons, latestDecisionRow, problems);
      parts.forEach((type, part) -> {
        if (part == null || type != part.getClass()) {
          problems.add("the part filed under " + type.getSimpleName() + " is "
              + (part == null ? "null" : "a " + part.getClass().getSimpleName()) + ": add parts with with(part)");
        }
      });
    }
    if (problems.isEmpty() && !parts.isEmpty()) {
      GateEvidence base = new GateEvidence(gateId, summary, comparison, timelessReasons, latestDecision,
          latestDecisionRow, fingerprint);
      parts.values().forEach(part -> problems.addAll(part.problems(base)));
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("The gate evidence" + (gateId == null ? "" : " of " + gateId)
          + " cannot be judged: " + String.join("; ", problems) + ". The gate never judges evidence it cannot "
          + "trust: fix how it is computed.");
    }
    timelessReasons = Collections.unmodifiableMap(new LinkedHashMap<>(timelessReasons));
    parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
  }

  /** Evidence with no check's part yet: add each with {@link #with(EvidencePart)}. */
  public GateEvidence(String gateId, RunSummary summary, Comparison comparison, Map<String, String> timelessReasons,
      Instant latestDecision, long latestDecisionRow, String fingerprint) {
    this(gateId, summary, comparison, timelessReasons, latestDecision, latestDecisionRow, fingerprint, Map.of());
  }

  /**
   * The evidence of an in-memory run under {@code policy}: the base, and each check provider's part of it
   * ({@link CheckProvider#evidence}). The fingerprint is the run's own ({@link BacktestGate#fingerprint(BacktestRun)}),
   * so {@code evaluate(of(run, policy), ...)} and {@code evaluate(run, ...)} decide alike.
   *
   * @throws IllegalArgumentException when the run records what evidence does not carry (training rows, inputs no
   *     check turns into evidence, checks of its own), or its comparison or a part cannot be computed
   */
  public static GateEvidence of(BacktestRun run, GatePolicy policy) {
    List<String> uncarried = new ArrayList<>();
    if (run.training().isPresent()) {
      uncarried.add("training rows (label horizon, train/test overlap)");
    }
    for (CheckProvider provider : CheckProvider.installed()) {
      provider.uncarried(run).ifPresent(uncarried::add);
    }
    if (!run.checks().isEmpty()) {
      uncarried.add("checks of its own");
    }
    if (!uncarried.isEmpty()) {
      throw new IllegalArgumentException("Run " + run.gateId() + " records " + String.join(", ", uncarried)
          + ", which gate evidence does not carry: evaluate the run itself with BacktestGate.evaluate(run, ...).");
    }
    Map<String, String> reasons = new LinkedHashMap<>();
    for (FeatureTiming feature : run.features()) {
      feature.timelessReason().ifPresent(reason -> reasons.put(feature.name(), reason));
    }
    long[] times = run.decisionTimes();
    int latest = 0;
    for (int i = 1; i < times.length; i++) {
      if (times[i] > times[latest]) {
        latest = i;
      }
    }
    Beside<String> fingerprint = Beside.start(() -> BacktestGate.fingerprint(run)); // beside the comparison
    Comparison comparison = LiftComparisons.compare(run, policy.confidence(), Optional.empty());
    GateEvidence evidence = new GateEvidence(run.gateId(), RunSummary.of(run), comparison, reasons,
        Instant.ofEpochMilli(times[latest]), latest, fingerprint.get());
    CheckContext context = new CheckContext(run, policy, Optional.of(comparison), Instant.MAX);
    for (CheckProvider provider : CheckProvider.installed()) {
      for (EvidencePart<?> part : provider.evidence(context)) {
        evidence = evidence.withPart(part);
      }
    }
    return evidence;
  }

  /** The part of {@code type}, if the evidence carries one. */
  public <P extends EvidencePart<P>> Optional<P> part(Class<P> type) {
    return Optional.ofNullable(type.cast(parts.get(type)));
  }

  /**
   * This evidence with {@code part} added: a part of a class the evidence has no part of yet is added; one of a
   * class it has is combined with it ({@link EvidencePart#plus}).
   *
   * @throws IllegalArgumentException when the part does not fit the evidence, or cannot be combined
   */
  public <P extends EvidencePart<P>> GateEvidence with(P part) {
    Objects.requireNonNull(part, "evidence part");
    @SuppressWarnings("unchecked")
    Class<P> type = (Class<P>) part.getClass();
    Map<Class<?>, EvidencePart<?>> changed = new LinkedHashMap<>(parts);
    changed.put(type, part(type).map(existing -> existing.plus(part)).orElse(part));
    return new GateEvidence(gateId, summary, comparison, timelessReasons, latestDecision, latestDecisionRow,
        fingerprint, changed);
  }

  /** This evidence without the part of {@code type} (the same evidence when it has none). */
  public GateEvidence without(Class<? extends EvidencePart<?>> type) {
    Map<Class<?>, EvidencePart<?>> changed = new LinkedHashMap<>(parts);
    changed.remove(type);
    return new GateEvidence(gateId, summary, comparison, timelessReasons, latestDecision, latestDecisionRow,
        fingerprint, changed);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private GateEvidence withPart(EvidencePart<?> part) {
    return with((EvidencePart) part);
  }

  /** The summary completed with the latest decision and the tables the parts declare. */
  RunSummary fullSummary() {
    List<RunSummary.HistoryTable> tables = new ArrayList<>();
    Instant latest = summary.latestDecision() != null ? summary.latestDecision() : latestDecision;
    parts.values().forEach(part -> tables.addAll(part.tables(summary.earliestDecision(), latest)));
    return summary.withData(latest, tables);
  }

  /**
   * What makes this evidence unfit for {@code policy}: a comparison at another confidence, and each part computed under
   * check settings the policy does not hold ({@link EvidencePart#computedUnder()}), by the part's class.
   */
  Map<Class<?>, List<String>> mismatches(GatePolicy policy) {
    Map<Class<?>, List<String>> found = new LinkedHashMap<>();
    parts.forEach((type, part) -> {
      for (CheckSettings computed : part.computedUnder()) {
        CheckSettings held = policy.settings(computed);
        if (!held.equals(computed)) {
          List<String> keys = BuiltInChecks.keysOf(GatePolicy.typeOf(computed));
          found.computeIfAbsent(type, t -> new ArrayList<>()).add("the evidence's " + type.getSimpleName()
              + " was computed under " + computed + " but the gate's policy uses " + held
              + (keys.isEmpty() ? "" : " (" + String.join(", ", keys) + ")") + ": compute it under the policy's "
              + "settings, or configure the gate as the part was computed");
        }
      }
    });
    List<String> interval = new ArrayList<>();
    if (Double.compare(comparison.confidence(), policy.confidence()) != 0) {
      interval.add("the evidence's interval was computed at confidence " + comparison.confidence() + " but the "
          + "gate's policy uses " + policy.confidence() + " (backtestgate.confidence): compute the evidence at "
          + policy.confidence());
    }
    if (!interval.isEmpty()) {
      found.put(Comparison.class, interval);
    }
    return found;
  }

  private static void require(Object part, String name, List<String> problems) {
    if (part == null) {
      problems.add(name + " is missing (null)");
    }
  }

  private static void checkBase(RunSummary summary, Comparison comparison, Map<String, String> reasons,
      long latestRow, List<String> problems) {
    if (summary.rows() < 2 || summary.positives() < 1 || summary.positives() >= summary.rows()) {
      problems.add("the summary has " + Wording.count(summary.rows()) + " rows and "
          + Wording.count(summary.positives()) + " positives; an AUC "
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
    if (latestRow < 0 || latestRow >= summary.rows()) {
      problems.add("the latest decision's row " + latestRow + " is not a row (0.." + (summary.rows() - 1) + ")");
    }
    Set<String> timeless = new TreeSet<>(summary.timelessFeatures());
    if (!new TreeSet<>(summary.features()).containsAll(timeless)) {
      problems.add("the summary's timeless features " + timeless + " are not all among its features "
          + new TreeSet<>(summary.features()));
    }
    if (!timeless.equals(new TreeSet<>(reasons.keySet()))) {
      problems.add("reasons are given for " + new TreeSet<>(reasons.keySet()) + " but the timeless features are "
          + timeless);
    }
  }
}
