package dev.backtestgate.claim;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.GateResult;
import dev.backtestgate.HistoryDeclaration;
import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.lifttrend.LiftPeriods;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.lifttrend.PeriodLift;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.review.Fingerprint;
import dev.backtestgate.review.SignOff;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one evaluation promised: the numbers production outcomes are later held to by the tripwire.
 *
 * <pre>{@code
 * GateResult result = BacktestGate.evaluate(run, policy, reviews, clock);
 * Claim claim = Claim.of(result, run);
 * Files.writeString(file, ClaimJson.write(claim));
 * }</pre>
 *
 * @param gate the gate id
 * @param fingerprint the run's fingerprint ({@code sha256-v2:}), which a sign-off of this run carries
 * @param earliestDecision the earliest decision time of the backtest's rows
 * @param latestDecision the latest decision time of the backtest's rows: production outcomes must come after it
 * @param candidate the candidate model's name
 * @param baseline the baseline model's name
 * @param candidateAuc the candidate's AUC on the backtest's rows
 * @param baselineAuc the baseline's AUC on the same rows
 * @param variances the DeLong variances and covariance of both AUCs, or {@code null} when the evaluation did not
 *     record them (evidence computed elsewhere): the tripwire then refuses the claim
 * @param interval how the lift's interval was computed ({@link Comparison.Interval})
 * @param lift candidate AUC minus baseline AUC
 * @param liftCiLower lower end of the lift's interval
 * @param liftCiUpper upper end of the lift's interval
 * @param confidence the interval's level
 * @param rows the backtest's rows
 * @param positives its positive rows
 * @param liftPerPeriod the lift per decision-time period, or {@code null} when the lift trend did not run (a
 *     baseline given only as an AUC number)
 * @param liftCarried the lift each feature carries, when the run gave the gate its pipeline; else empty
 * @param features the feature names, sorted
 * @param dataRead per table the run declares, the version read, or {@code null} with the reason
 * @param featureValues how each recorded feature's values were distributed over the backtest's rows (the feature
 *     values the run recorded; empty when it recorded none), for the tripwire's trace
 * @param periodLength how the lift trend cut decision times into periods ({@code backtestgate.lift-periods}: month,
 *     week, quarter or a duration), so that production's lift per period is cut the same way
 * @param trials how many trials the trials ledger counted on the backtest's rows when the claim was made, and what
 *     they made of the lift; or why none were counted. The tripwire reads the live window as fresh rows when more
 *     than one trial was scored on the backtest's rows. Not bound by the fingerprint.
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Claim(String gate, String fingerprint, Instant earliestDecision, Instant latestDecision,
    String candidate, String baseline, double candidateAuc, double baselineAuc, Variances variances,
    Comparison.Interval interval, double lift, double liftCiLower, double liftCiUpper, double confidence, int rows,
    int positives, List<Period> liftPerPeriod, List<SignOff.LiftCarried> liftCarried, List<String> features,
    List<TableRead> dataRead, List<FeatureValues> featureValues, LiftPeriods periodLength, Trials trials) {

  /** The schema this version writes and reads. */
  public static final int SCHEMA = 1;

  /** Checks and copies. */
  public Claim {
    Objects.requireNonNull(gate, "gate");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(earliestDecision, "earliestDecision");
    Objects.requireNonNull(latestDecision, "latestDecision");
    Objects.requireNonNull(candidate, "candidate");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(interval, "interval");
    Objects.requireNonNull(periodLength, "periodLength");
    Objects.requireNonNull(trials, "trials");
    if (gate.isBlank()) {
      throw new IllegalArgumentException("a claim's gate id is blank: use the gate's id");
    }
    if (!Fingerprint.WELL_FORMED.matcher(fingerprint).matches()) {
      throw new IllegalArgumentException("the fingerprint '" + fingerprint + "' is not 'sha256-v2:' and 64 "
          + "lower-case hex digits");
    }
    if (latestDecision.isBefore(earliestDecision)) {
      throw new IllegalArgumentException("the latest decision " + latestDecision + " is before the earliest "
          + earliestDecision);
    }
    liftPerPeriod = liftPerPeriod == null ? null : List.copyOf(liftPerPeriod);
    liftCarried = List.copyOf(liftCarried);
    features = List.copyOf(features);
    dataRead = List.copyOf(dataRead);
    featureValues = List.copyOf(featureValues);
  }

  /** A claim made without the trials ledger's count ({@link Trials#NOT_RECORDED}). */
  public Claim(String gate, String fingerprint, Instant earliestDecision, Instant latestDecision, String candidate,
      String baseline, double candidateAuc, double baselineAuc, Variances variances, Comparison.Interval interval,
      double lift, double liftCiLower, double liftCiUpper, double confidence, int rows, int positives,
      List<Period> liftPerPeriod, List<SignOff.LiftCarried> liftCarried, List<String> features,
      List<TableRead> dataRead, List<FeatureValues> featureValues, LiftPeriods periodLength) {
    this(gate, fingerprint, earliestDecision, latestDecision, candidate, baseline, candidateAuc, baselineAuc,
        variances, interval, lift, liftCiLower, liftCiUpper, confidence, rows, positives, liftPerPeriod, liftCarried,
        features, dataRead, featureValues, periodLength, Trials.NOT_RECORDED);
  }

  /** A claim whose lift trend cut months ({@link LiftPeriods#MONTH}, the default). */
  public Claim(String gate, String fingerprint, Instant earliestDecision, Instant latestDecision, String candidate,
      String baseline, double candidateAuc, double baselineAuc, Variances variances, Comparison.Interval interval,
      double lift, double liftCiLower, double liftCiUpper, double confidence, int rows, int positives,
      List<Period> liftPerPeriod, List<SignOff.LiftCarried> liftCarried, List<String> features,
      List<TableRead> dataRead, List<FeatureValues> featureValues) {
    this(gate, fingerprint, earliestDecision, latestDecision, candidate, baseline, candidateAuc, baselineAuc,
        variances, interval, lift, liftCiLower, liftCiUpper, confidence, rows, positives, liftPerPeriod, liftCarried,
        features, dataRead, featureValues, LiftPeriods.MONTH);
  }

  /** A claim without feature summaries (the run recorded no feature values), its lift trend cutting months. */
  public Claim(String gate, String fingerprint, Instant earliestDecision, Instant latestDecision, String candidate,
      String baseline, double candidateAuc, double baselineAuc, Variances variances, Comparison.Interval interval,
      double lift, double liftCiLower, double liftCiUpper, double confidence, int rows, int positives,
      List<Period> liftPerPeriod, List<SignOff.LiftCarried> liftCarried, List<String> features,
      List<TableRead> dataRead) {
    this(gate, fingerprint, earliestDecision, latestDecision, candidate, baseline, candidateAuc, baselineAuc,
        variances, interval, lift, liftCiLower, liftCiUpper, confidence, rows, positives, liftPerPeriod, liftCarried,
        features, dataRead, List.of());
  }

  /** This claim with {@code trials} as the trials ledger counted them. */
  public Claim withTrials(Trials trials) {
    return new Claim(gate, fingerprint, earliestDecision, latestDecision, candidate, baseline, candidateAuc,
        baselineAuc, variances, interval, lift, liftCiLower, liftCiUpper, confidence, rows, positives, liftPerPeriod,
        liftCarried, features, dataRead, featureValues, periodLength, trials);
  }

  /**
   * What the trials ledger made of the claimed lift: how many trials (distinct candidates) were scored on the
   * backtest's rows, this run's included, and the deflation of its z against the best of them, as the
   * {@code many-trials} rule judged it; or, with {@code count} {@code null}, why no trials were counted.
   *
   * @param count the trials counted on the backtest's rows, this run's included; {@code null} when none were counted
   * @param freeTrials the trials that were free ({@code backtestgate.free-trials}); {@code null} with {@code count}
   * @param expectedBestZ the best z that {@code count} candidates with no real lift reach by chance; {@code null}
   *     with {@code count}
   * @param deflatedP the lift's deflated p-value by the approximation (as the sign-off's {@code reviewed.trials}
   *     records it); {@code null} with {@code count}, or when the run's z is undefined
   * @param method what decided whether the lift holds against the trials; {@code null} with {@code count}
   * @param bootstrapP the bootstrap reality check's p-value when it decided ({@link Method#BOOTSTRAP}), else
   *     {@code null}
   * @param reason why no trials were counted, when {@code count} is {@code null}; else {@code ""}
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Trials(Integer count, Integer freeTrials, Double expectedBestZ, Double deflatedP, Method method,
      Double bootstrapP, String reason) {
    /**
     * A claim made without the ledger's count (by {@link Claim#of(GateResult, BacktestRun)} alone, or written before
     * claims recorded the trials): its file has no {@code trials}, and nothing compares it.
     */
    public static final Trials NOT_RECORDED = notCounted("the claim was made without the trials ledger's count");

    /** Checks that a count has its numbers and no reason, and that no count has a reason and no numbers. */
    public Trials {
      Objects.requireNonNull(reason, "reason");
      if (count == null) {
        if (freeTrials != null || expectedBestZ != null || deflatedP != null || method != null || bootstrapP != null) {
          throw new IllegalArgumentException("no trials were counted, so there are no numbers of them");
        }
        if (reason.isBlank()) {
          throw new IllegalArgumentException("no trials were counted, so the reason is needed");
        }
      } else {
        checkCounted(count, freeTrials, expectedBestZ, deflatedP, method, bootstrapP, reason);
      }
    }

    private static void checkCounted(int count, Integer freeTrials, Double expectedBestZ, Double deflatedP,
        Method method, Double bootstrapP, String reason) {
      if (!reason.isEmpty()) {
        throw new IllegalArgumentException("trials were counted, so there is no reason");
      }
      if (count < 1) {
        throw new IllegalArgumentException("a count of trials includes the claimed run: at least 1, not " + count);
      }
      Objects.requireNonNull(freeTrials, "freeTrials");
      Objects.requireNonNull(expectedBestZ, "expectedBestZ");
      Objects.requireNonNull(method, "method");
      if (freeTrials < 1) {
        throw new IllegalArgumentException("free trials are at least 1, not " + freeTrials);
      }
      if (!(expectedBestZ >= 0) || expectedBestZ.isInfinite()) {
        throw new IllegalArgumentException(expectedBestZ + " is not an expected best z (finite, at least 0)");
      }
      if (deflatedP != null && !(deflatedP >= 0 && deflatedP <= 1)) {
        throw new IllegalArgumentException(deflatedP + " is not a p-value");
      }
      if ((method == Method.BOOTSTRAP) != (bootstrapP != null)) {
        throw new IllegalArgumentException("the bootstrap's p-value is given exactly when the bootstrap decided");
      }
      if (bootstrapP != null && !(bootstrapP >= 0 && bootstrapP <= 1)) {
        throw new IllegalArgumentException(bootstrapP + " is not a p-value");
      }
    }

    /**
     * {@code count} trials counted; {@code deflatedP} {@code NaN} when the run's z is undefined; {@code bootstrapP}
     * when the bootstrap reality check decided.
     */
    public static Trials counted(int count, int freeTrials, double expectedBestZ, double deflatedP,
        Optional<Double> bootstrapP) {
      return new Trials(count, freeTrials, expectedBestZ, Double.isFinite(deflatedP) ? deflatedP : null,
          bootstrapP.isPresent() ? Method.BOOTSTRAP : Method.APPROXIMATION, bootstrapP.orElse(null), "");
    }

    /** No trials counted, for {@code reason}. */
    public static Trials notCounted(String reason) {
      return new Trials(null, null, null, null, null, null, reason);
    }

    /** Whether the ledger was asked when the claim was made (not {@link #NOT_RECORDED}); the file then has them. */
    public boolean recorded() {
      return !equals(NOT_RECORDED);
    }

    /**
     * Whether production's outcomes are fresh rows for this claim: more than one trial was scored on the backtest's
     * rows, so its lift is the best of several tries, and decisions no trial scored can confirm it undeflated.
     */
    public boolean freshRowsConfirm() {
      return count != null && count > 1;
    }

    /** What decided whether the lift holds against the trials. */
    @API(status = EXPERIMENTAL, since = "0.3")
    public enum Method {
      /** The deflation of the lift's z against the expected best z of the trials. */
      APPROXIMATION("approximation"),
      /** The bootstrap reality check over every trial's kept scores. */
      BOOTSTRAP("bootstrap");

      private final String word;

      Method(String word) {
        this.word = word;
      }

      /** The word a claim file writes: {@code approximation} or {@code bootstrap}. */
      public String word() {
        return word;
      }
    }
  }

  /** The summary of {@code feature}'s backtest values, when the run recorded them. */
  public Optional<FeatureValues> featureValues(String feature) {
    return featureValues.stream().filter(f -> f.feature().equals(feature)).findFirst();
  }

  /**
   * The DeLong variances of both AUCs on the backtest's rows and their covariance (pROC's {@code var(roc1)},
   * {@code var(roc2)}, {@code cov(roc1, roc2)}); both 0 for a baseline given only as an AUC number.
   *
   * @param candidate the variance of the candidate's AUC
   * @param baseline the variance of the baseline's AUC
   * @param covariance the covariance of the two AUCs
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Variances(double candidate, double baseline, double covariance) {
    /** Checks that the variances are variances. */
    public Variances {
      if (!(candidate >= 0) || !(baseline >= 0) || !Double.isFinite(candidate) || !Double.isFinite(baseline)
          || !Double.isFinite(covariance)) {
        throw new IllegalArgumentException("variances must be finite and at least 0, got " + candidate + " and "
            + baseline + " (covariance " + covariance + ")");
      }
    }

    /** The variance of the lift: {@code candidate + baseline - 2 covariance}, never below 0. */
    public double lift() {
      return Math.max(0, candidate + baseline - 2 * covariance);
    }
  }

  /**
   * One decision-time period of the lift trend.
   *
   * @param period the period's name ({@code 2025-06})
   * @param start its first instant
   * @param end the first instant after it
   * @param positives positive rows decided in it
   * @param negatives negative rows decided in it
   * @param lift the paired lift of its rows, or {@code null} when too few rows of a class were decided in it
   * @param liftVariance the lift's DeLong variance, {@code null} with the lift
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Period(String period, Instant start, Instant end, long positives, long negatives, Double lift,
      Double liftVariance) {
    /** Checks. */
    public Period {
      Objects.requireNonNull(period, "period");
      Objects.requireNonNull(start, "start");
      Objects.requireNonNull(end, "end");
      if ((lift == null) != (liftVariance == null)) {
        throw new IllegalArgumentException("a period's lift and its variance are both given or both null");
      }
    }

    static Period of(PeriodLift p) {
      Optional<AucComparison> c = p.comparison();
      return new Period(p.period(), p.start(), p.end(), p.positives(), p.negatives(),
          c.map(AucComparison::lift).orElse(null),
          c.map(x -> x.standardError() * x.standardError()).orElse(null));
    }
  }

  /**
   * A table the run declares and the version of it the backtest read.
   *
   * @param table the table, as its history is declared
   * @param version the version read (a Delta version, an Iceberg snapshot id, a manifest digest), or {@code null}
   * @param reason why no version is known, when {@code version} is {@code null}; else {@code ""}
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record TableRead(String table, String version, String reason) {
    /** Checks that a missing version has its reason. */
    public TableRead {
      Objects.requireNonNull(table, "table");
      Objects.requireNonNull(reason, "reason");
      if (version == null && reason.isBlank()) {
        throw new IllegalArgumentException("table '" + table + "' has no version read and no reason why");
      }
      if (version != null && !reason.isEmpty()) {
        throw new IllegalArgumentException("table '" + table + "' has a version read, so no reason is given");
      }
    }
  }

  /** The lift's variance, when the claim records the variances. */
  public Optional<Double> liftVariance() {
    return Optional.ofNullable(variances).map(Variances::lift);
  }

  /** Whether the baseline was scored on every row (a paired comparison), not only given as an AUC number. */
  public boolean pairedBaseline() {
    return interval == Comparison.Interval.PAIRED_DELONG;
  }

  /**
   * The claim of an evaluation of evidence computed elsewhere (a Spark job): the numbers of {@code result}, but no
   * DeLong variances, no lift per period, no versions read and no feature summaries, since the evidence does not
   * carry them; the tripwire
   * refuses such a claim (make it from a run evaluated in this JVM). The lift per period is the evidence's lift trend,
   * when it carries one. Empty when the result has no comparison or no decision window.
   */
  public static Optional<Claim> withoutVariances(dev.backtestgate.GateEvidence evidence, GateResult result) {
    Comparison c = result.comparison();
    if (c == null || result.run().earliestDecision() == null || result.run().latestDecision() == null) {
      return Optional.empty();
    }
    List<SignOff.LiftCarried> carried = new ArrayList<>();
    result.findings().forEach(f -> carried.addAll(f.liftCarried()));
    List<TableRead> tables = result.run().historyTables().stream()
        .map(t -> new TableRead(t.table(), null, "the evidence records no version read")).toList();
    return Optional.of(new Claim(result.gateId(), result.fingerprint(), result.run().earliestDecision(),
        result.run().latestDecision(), c.candidate(), c.baseline(), c.candidateAuc(), c.baselineAuc(), null,
        c.interval(), c.lift(), c.ciLower(), c.ciUpper(), c.confidence(), result.run().rows(),
        result.run().positives(), evidence.part(LiftTrend.class)
            .map(t -> t.periods().stream().map(Period::of).toList()).orElse(null), carried, result.run().features(),
        tables, List.of(), result.policy().settings(LiftTrendSettings.defaults()).periods()));
  }

  /**
   * The claim of one evaluation of {@code run}: the numbers of {@code result}, the DeLong variances from the run's
   * rows at the policy's confidence and the lift per period under the policy's lift-trend settings (from the lift
   * trend's one pass when the baseline is scored, the pass the gate's check made and kept with the run), the lift the pipeline's features carry, and the tables read.
   *
   * @throws IllegalArgumentException when {@code result} is not the evaluation of {@code run} (another gate, another
   *     fingerprint) or has no comparison (the lift could not be computed)
   */
  public static Claim of(GateResult result, BacktestRun run) {
    if (!result.gateId().equals(run.gateId())) {
      throw new IllegalArgumentException("the result is of gate '" + result.gateId() + "', the run of gate '"
          + run.gateId() + "': make the claim from the run the gate evaluated");
    }
    Comparison comparison = result.comparison();
    if (comparison == null) {
      throw new IllegalArgumentException("gate '" + result.gateId() + "' could not compute the lift, so there is "
          + "nothing to claim: fix the run as its report says");
    }
    if (result.run().earliestDecision() == null || result.run().latestDecision() == null) {
      throw new IllegalArgumentException("gate '" + result.gateId() + "' has no decision window");
    }
    double confidence = result.policy().confidence();
    Optional<double[]> baselineScores = run.baseline().rowScores();
    AucComparison all;
    List<Period> periods = null;
    if (baselineScores.isPresent()) {
      // the pass the gate's lift-trend check made, kept with the run, unless the policy's settings differ
      LiftTrend.WithAllRows pass = LiftTrend.measureWithAllRows(run,
          result.policy().settings(LiftTrendSettings.defaults()), confidence).orElseThrow();
      all = pass.allRows().orElseGet(() -> DeLong.compare(run.labels(), run.candidateScores(), baselineScores.get(),
          confidence));
      periods = pass.trend().periods().stream().map(Period::of).toList();
    } else {
      all = DeLong.estimate(run.labels(), run.candidateScores(), confidence)
          .versusFixed(run.baseline().fixedAuc().orElseThrow());
    }
    List<SignOff.LiftCarried> carried = new ArrayList<>();
    result.findings().forEach(f -> carried.addAll(f.liftCarried()));
    List<TableRead> tables = new ArrayList<>();
    for (HistoryDeclaration table : run.inputs(HistoryDeclaration.class)) {
      String name = table.historyTable(result.run().earliestDecision(), result.run().latestDecision()).table();
      tables.add(table.versionBinding().or(table::versionRead).map(v -> new TableRead(name, v, ""))
          .orElseGet(() -> new TableRead(name, null, "its history is declared by a manifest or a late-write report, "
              + "which records no version read")));
    }
    return new Claim(result.gateId(), result.fingerprint(), result.run().earliestDecision(),
        result.run().latestDecision(), comparison.candidate(), comparison.baseline(), comparison.candidateAuc(),
        comparison.baselineAuc(), new Variances(all.candidateVariance(), all.baselineVariance(), all.covariance()),
        comparison.interval(), comparison.lift(), comparison.ciLower(), comparison.ciUpper(),
        comparison.confidence(), result.run().rows(), result.run().positives(), periods, carried,
        result.run().features(), tables, run.featureValues().stream().map(FeatureValues::of)
            .sorted(java.util.Comparator.comparing(FeatureValues::feature)).toList(),
        result.policy().settings(LiftTrendSettings.defaults()).periods());
  }
}
