package dev.backtestgate.junit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckInput;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineInput;
import dev.backtestgate.pipeline.PipelineRows;
import dev.backtestgate.screen.futureread.FutureReadProbe;
import dev.backtestgate.time.FeatureTable;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The recorder a {@link LeakageGated @LeakageGated} test receives as a parameter: record the backtest's
 * rows into it, and the gate judges them after the test method returns. The methods mirror
 * {@link BacktestRun.Builder}; the extension supplies the gate id and validates everything after the
 * test, naming every problem. Arrays are not copied: do not change them after recording.
 *
 * <pre>{@code
 * @Test
 * @LeakageGated
 * void gbm(Backtest backtest) {
 *   backtest.labels(churned)                          // boolean[] or 0/1 int[], one per row
 *       .candidate("gbm-v7", gbmScores)               // the model under test
 *       .baseline("prod-v3", prodScores)              // what it would replace, same rows
 *       .decisionTimes(decidedAtMillis)               // when each row was scored
 *       .feature("balance", balanceKnownAtMillis)     // when each feature value became known
 *       .timelessFeature("region", "set once at account opening");
 * }
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class Backtest {
  private final String gateId;
  private final BacktestRun.Builder builder;
  private final GatePolicy policy;
  private boolean rowsRecorded;
  private GateEvidence evidence;

  Backtest(String gateId, GatePolicy policy) {
    this.gateId = gateId;
    this.policy = policy;
    this.builder = BacktestRun.builder(gateId);
  }

  /** The gate id this backtest is judged under (and its leakage-review file is named after). */
  public String gateId() {
    return gateId;
  }

  /**
   * The policy this backtest is judged under (limits, availability lag, confidence level, mode), from
   * {@code @LeakageGated} and the configuration: what evidence computed elsewhere must be computed with.
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public GatePolicy policy() {
    return policy;
  }

  /** Labels, {@code true} = positive (the event the model predicts). */
  public Backtest labels(boolean[] labels) {
    return record(builder.labels(labels));
  }

  /** Labels as 0/1, one per row. */
  public Backtest labels(int[] labels) {
    return record(builder.labels(labels));
  }

  /** The candidate model: its name and one score per row (higher = more likely positive). */
  public Backtest candidate(String name, double[] scores) {
    return record(builder.candidate(name, scores));
  }

  /** The baseline model's scores on the same rows. */
  public Backtest baseline(String name, double[] scores) {
    return record(builder.baseline(name, scores));
  }

  /** A baseline known only by its AUC; the lift is then reported without a paired interval. */
  public Backtest baselineAuc(String name, double auc) {
    return record(builder.baselineAuc(name, auc));
  }

  /**
   * The baseline model's scores on the same rows, and the features it already uses: the lift attribution shows those
   * as "also in the baseline" and judges carriers of the lift among the features the candidate adds.
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public Backtest baseline(String name, double[] scores, String... features) {
    return record(builder.baseline(name, scores, features));
  }

  /** A baseline known only by its AUC, and the features it uses. */
  @API(status = EXPERIMENTAL, since = "0.2")
  public Backtest baselineAuc(String name, double auc, String... features) {
    return record(builder.baselineAuc(name, auc, features));
  }

  /** Decision time per row, epoch milliseconds: the moment the model would have scored the row. */
  public Backtest decisionTimes(long[] epochMillis) {
    return record(builder.decisionTimes(epochMillis));
  }

  /** Decision time per row. */
  public Backtest decisionTimes(Instant[] times) {
    return record(builder.decisionTimes(times));
  }

  /** Declares feature names up front: each must then get knowledge times or a timeless declaration. */
  public Backtest features(String... names) {
    return record(builder.features(names));
  }

  /** A feature with its knowledge time per row, epoch milliseconds ({@link FeatureTiming#NO_VALUE} = none). */
  public Backtest feature(String name, long[] knownAtMillis) {
    return record(builder.feature(name, knownAtMillis));
  }

  /** A feature with its knowledge time per row. */
  public Backtest feature(String name, Instant[] knownAt) {
    return record(builder.feature(name, knownAt));
  }

  /** A ready-made feature timing. */
  public Backtest feature(FeatureTiming timing) {
    return record(builder.feature(timing));
  }

  /** A feature declared timeless on purpose, with the reason shown to reviewers. */
  public Backtest timelessFeature(String name, String reason) {
    return record(builder.timelessFeature(name, reason));
  }

  /**
   * The rows the candidate was trained on: per training row its decision time and when its label became known,
   * epoch milliseconds; the label-horizon check fails when a label resolved after the earliest test decision less
   * {@code backtestgate.embargo}. See {@code BacktestRun.Builder#training(long[], long[])}.
   */
  public Backtest training(long[] decisionTimes, long[] labelKnownAt) {
    return record(builder.training(decisionTimes, labelKnownAt));
  }

  /** The training rows with numeric entities; record the test rows' with {@link #entities(long[])}. */
  public Backtest training(long[] decisionTimes, long[] labelKnownAt, long[] entities) {
    return record(builder.training(decisionTimes, labelKnownAt, entities));
  }

  /** The training rows with string entities; record the test rows' with {@link #entities(String[])}. */
  public Backtest training(long[] decisionTimes, long[] labelKnownAt, String[] entities) {
    return record(builder.training(decisionTimes, labelKnownAt, entities));
  }

  /** The training rows as instants. */
  public Backtest training(Instant[] decisionTimes, Instant[] labelKnownAt) {
    return record(builder.training(decisionTimes, labelKnownAt));
  }

  /** The training rows as instants, with numeric entities. */
  public Backtest training(Instant[] decisionTimes, Instant[] labelKnownAt, long[] entities) {
    return record(builder.training(decisionTimes, labelKnownAt, entities));
  }

  /** The training rows as instants, with string entities. */
  public Backtest training(Instant[] decisionTimes, Instant[] labelKnownAt, String[] entities) {
    return record(builder.training(decisionTimes, labelKnownAt, entities));
  }

  /** The entity (account, customer) of each test row, as numbers: what the train/test overlap matches on. */
  public Backtest entities(long[] entities) {
    return record(builder.entities(entities));
  }

  /** The entity of each test row, as strings. */
  public Backtest entities(String[] entities) {
    return record(builder.entities(entities));
  }

  /**
   * The values of a declared numeric feature, one per row, {@code NaN} where missing, for the feature–label screen;
   * see {@code BacktestRun.Builder#featureValues}.
   */
  public Backtest featureValues(String name, double[] values) {
    return record(builder.featureValues(name, values));
  }

  /**
   * The codes of a declared categorical feature, one per row, {@code -1} where missing, for the feature–label
   * screen; see {@code BacktestRun.Builder#featureCategories}.
   */
  public Backtest featureCategories(String name, int[] codes) {
    return record(builder.featureCategories(name, codes));
  }

  /**
   * Records an input for a check ({@link BacktestRun.Builder#input(CheckInput)}): any check, built-in or your own,
   * reads the inputs of its type, so a new check needs no recorder method here.
   */
  public Backtest input(CheckInput input) {
    return record(builder.input(input));
  }

  /** A check of your own, run after the built-in ones; see {@code BacktestRun.Builder#check(Check)}. */
  public Backtest check(Check check) {
    return record(builder.check(check));
  }

  /**
   * Every feature of a point-in-time join, with its knowledge times and its values (screened against the labels);
   * see {@code BacktestRun.Builder#features(FeatureTable)}.
   */
  public Backtest features(FeatureTable table) {
    return record(builder.features(table));
  }

  /** The late-write report of a table the features came from ({@code BacktestRun.Builder#input}). */
  public Backtest lateWrites(LateWriteReport report) {
    return record(builder.input(report));
  }

  /** The history check of a table against its manifest ({@code BacktestRun.Builder#input}). */
  public Backtest history(HistoryCheckResult result) {
    return record(builder.input(result));
  }

  /**
   * A table's history read from its own log ({@code DeltaHistory}); the sign-off is bound to the version read.
   * See {@code BacktestRun.Builder#input}.
   */
  public Backtest history(TableHistory history) {
    return record(builder.input(history));
  }

  /**
   * A feature function to probe for reads of the future; the gate re-runs it on history cut at sampled
   * decision times with the configured lag and sample size. See {@code BacktestRun.Builder#input}.
   */
  public Backtest futureRead(FutureReadProbe probe) {
    return record(builder.input(probe));
  }

  /**
   * The backtest's own pipeline and the rows it was trained on: the gate refits it on the training rows alone to
   * check the recorded candidate scores ({@code fit-scope}) and to attribute the lift to features. The test rows are
   * the ones recorded here: {@link #featureValues} for every feature the pipeline takes, the labels, the scores.
   *
   * <pre>{@code
   * backtest.pipeline(training -> fitGbm(training), PipelineRows.builder()
   *     .feature("balance", trainBalance).feature("status", trainStatus).labels(trainDefaulted).build());
   * }</pre>
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public Backtest pipeline(Pipeline pipeline, PipelineRows training) {
    return record(builder.input(PipelineInput.of(pipeline, training)));
  }

  /**
   * Evidence computed where the backtest's rows live (for example by {@code SparkGateEvidence} on a cluster),
   * judged instead of recorded rows: by the same rules, sign-offs and reports, with the configured policy. Its gate
   * id must be {@link #gateId()}, and nothing else may be recorded beside it (the gate would not know which to
   * believe).
   *
   * <pre>{@code
   * backtest.evidence(SparkGateEvidence.builder(scored).gate(backtest.gateId()) ... .compute());
   * }</pre>
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public Backtest evidence(GateEvidence evidence) {
    if (this.evidence != null) {
      throw new IllegalStateException("Evidence was already recorded for " + gateId + ": record it once.");
    }
    this.evidence = Objects.requireNonNull(evidence, "evidence must not be null");
    return this;
  }

  boolean recordedAnything() {
    return rowsRecorded || evidence != null;
  }

  /** The evidence recorded with {@link #evidence(GateEvidence)}, if any. */
  Optional<GateEvidence> recordedEvidence() {
    return Optional.ofNullable(evidence);
  }

  /** Whether rows (not evidence) were recorded. */
  boolean recordedRows() {
    return rowsRecorded;
  }

  /** Validates what was recorded; throws {@code InvalidBacktestRunException} naming every problem. */
  BacktestRun toRun() {
    return builder.build();
  }

  private Backtest record(BacktestRun.Builder ignored) {
    rowsRecorded = true;
    return this;
  }

  @Override
  public String toString() {
    return "Backtest[" + gateId + "]";
  }
}
