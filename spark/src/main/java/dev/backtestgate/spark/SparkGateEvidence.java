package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.negate;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Comparison;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.history.HistoryEvidence;
import dev.backtestgate.pointintime.PointInTimeEvidence;
import dev.backtestgate.screen.featurelabel.FeatureScreen;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.RunSummary;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.pipeline.PipelineSettings;
import dev.backtestgate.pointintime.PointInTimeViolation;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apiguardian.api.API;

/**
 * Computes a backtest's {@link GateEvidence} on the cluster, from a DataFrame of scored rows: the paired comparison
 * ({@link SparkDeLong}), each timed feature's point-in-time result ({@link SparkPointInTimeCheck}, the same counts
 * and example rows as the in-memory check), the row and positive counts, the latest decision, and the run's
 * order-independent fingerprint ({@link SparkFingerprint}), the feature–label screen of each feature whose values
 * are given ({@link SparkFeatureLabelScreen}), and the lift per decision-time period ({@link SparkLiftTrend}). {@code BacktestGate.evaluate(evidence, ...)} then
 * judges it with the same rules, sign-offs and reports as an in-memory run; in a {@code @LeakageGated} test,
 * record it with {@code backtest.evidence(...)}.
 *
 * <pre>{@code
 * GateEvidence evidence = SparkGateEvidence.builder(scored)
 *     .gate(backtest.gateId()).policy(backtest.policy()).labels("churned")
 *     .candidate("gbm-v7", "gbmScore").baseline("prod-v3", "prodScore")
 *     .rows("rowId", "decisionTime")
 *     .feature("balance", "balance_knownAt").timelessFeature("creditLimit", "set at account opening")
 *     .compute();
 * backtest.evidence(evidence);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SparkGateEvidence {
  private SparkGateEvidence() {}

  public static Builder builder(Dataset<Row> data) {
    return new Builder(Objects.requireNonNull(data, "data must not be null"));
  }

  /** Names the columns; every setting but the lag and the confidence level is required. */
  public static final class Builder {
    private final Dataset<Row> data;
    private String gate;
    private String label;
    private String candidate;
    private String candidateColumn;
    private String baseline;
    private String baselineColumn;
    private String rowId;
    private String decisionTime;
    private final SortedMap<String, String> features = new TreeMap<>();
    private final Map<String, String> timelessReasons = new TreeMap<>();
    private final SortedMap<String, String> values = new TreeMap<>();
    private final SortedMap<String, String> categories = new TreeMap<>();
    private Duration lag = Duration.ZERO;
    private double confidenceLevel = GatePolicy.defaults().confidence();
    private LiftTrendSettings liftTrend = LiftTrendSettings.defaults();
    private final List<TableHistory> histories = new ArrayList<>();
    private SparkPipeline pipeline;
    private PipelineSettings pipelineSettings = PipelineSettings.DEFAULTS;
    private List<String> baselineFeatures = List.of();

    private Builder(Dataset<Row> data) {
      this.data = data;
    }

    /**
     * A source table's history read from its own transaction log ({@code DeltaHistory} of
     * backtest-gate-lakehouse): the evidence carries it, so the gate fails on its rewrites, undeclared late writes
     * and unreadable windows as for an in-memory run, and the fingerprint binds the table version read, so a
     * sign-off never covers a later commit. Once per table.
     */
    public Builder history(TableHistory history) {
      Objects.requireNonNull(history, "history: pass DeltaHistory's result, or do not call history");
      if (histories.stream().anyMatch(other -> other.table().equals(history.table()))) {
        throw new IllegalArgumentException("the history of table '" + history.table() + "' is given twice: read "
            + "each table's log once and pass it once.");
      }
      histories.add(history);
      return this;
    }

    public Builder gate(String id) {
      this.gate = id;
      return this;
    }

    public Builder labels(String column) {
      this.label = column;
      return this;
    }

    public Builder candidate(String name, String scoreColumn) {
      this.candidate = name;
      this.candidateColumn = scoreColumn;
      return this;
    }

    public Builder baseline(String name, String scoreColumn) {
      this.baseline = name;
      this.baselineColumn = scoreColumn;
      return this;
    }

    /**
     * The baseline, and the features of the pipeline the baseline model uses too: the lift attribution shows them,
     * marked "also in the baseline", and never names one the carrier of the lift.
     */
    public Builder baseline(String name, String scoreColumn, String... features) {
      Objects.requireNonNull(features, "features");
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (String f : features) {
        if (f == null || f.isBlank() || !seen.add(f)) {
          throw new IllegalArgumentException("the baseline's feature " + (f == null ? "null" : "'" + f + "'")
              + (f != null && !f.isBlank() ? " is named twice" : " is not a name") + " in "
              + java.util.Arrays.toString(features) + ": name each feature the baseline model uses once.");
        }
      }
      this.baselineFeatures = List.of(features);
      return baseline(name, scoreColumn);
    }

    /**
     * The backtest's Spark ML pipeline: the evidence then carries the pipeline checks' part ({@code fit-scope},
     * {@code lift-attribution}, {@code lift-carrier}, {@code duplicate-rows}, and {@code time-shifted-labels} when
     * {@link SparkPipeline#entities} names its columns), from refits on the pipeline's training rows scored on this
     * DataFrame's rows, paired with the recorded candidate scores by the {@code rows(...)} id. The budget is {@code backtestgate.pipeline-budget} ({@link #policy}).
     */
    public Builder pipeline(SparkPipeline pipeline) {
      if (this.pipeline != null) {
        throw new IllegalArgumentException("a second pipeline is given: one run refits one pipeline; give it once");
      }
      this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
      return this;
    }

    /** The row-number column (0 .. rows - 1: names the example rows) and the decision-time column. */
    public Builder rows(String rowIdColumn, String decisionTimeColumn) {
      this.rowId = rowIdColumn;
      this.decisionTime = decisionTimeColumn;
      return this;
    }

    /** A feature whose knowledge time per row is in {@code knownAtColumn} (null where it has no value). */
    public Builder feature(String name, String knownAtColumn) {
      features.put(Objects.requireNonNull(name, "feature name"), Objects.requireNonNull(knownAtColumn, "column"));
      timelessReasons.remove(name); // the last declaration of a name wins, as in timelessFeature
      return this;
    }

    /** A feature declared timeless on purpose, with the reason shown to reviewers: fingerprinted by name only. */
    public Builder timelessFeature(String name, String reason) {
      if (reason == null || reason.isBlank()) {
        throw new IllegalArgumentException("timeless feature '" + name + "' needs a reason: say why its value "
            + "cannot change after a decision (for example \"set once at account opening\")");
      }
      features.put(Objects.requireNonNull(name, "feature name"), null);
      timelessReasons.put(name, reason);
      return this;
    }

    /**
     * The numeric values of a declared feature, for the feature–label screen ({@code backtestgate.max-feature-auc}):
     * null or NaN where missing. A feature that alone separates the classes is likely derived from the label. The
     * fingerprint covers the values.
     */
    public Builder featureValues(String name, String valueColumn) {
      return screened(name, valueColumn, values);
    }

    /**
     * The categories of a declared feature (a column of any type, null where missing), for the feature–label
     * screen: each row is scored by its category's out-of-fold positive rate, the folds following {@link
     * #rows}'s row numbers. The fingerprint covers the categories.
     */
    public Builder featureCategories(String name, String categoryColumn) {
      return screened(name, categoryColumn, categories);
    }

    private Builder screened(String name, String column, SortedMap<String, String> into) {
      Objects.requireNonNull(name, "feature name");
      Objects.requireNonNull(column, "column");
      if (values.containsKey(name) || categories.containsKey(name)) {
        throw new IllegalArgumentException("the values of feature '" + name + "' are given twice: give each "
            + "feature's values once, as featureValues or as featureCategories");
      }
      into.put(name, column);
      return this;
    }

    /**
     * The availability lag, confidence level and lift-trend settings of the gate's policy (use {@code
     * backtest.policy()}).
     */
    public Builder policy(GatePolicy policy) {
      this.pipelineSettings = policy.settings(PipelineSettings.DEFAULTS);
      return availabilityLag(policy.availabilityLag()).confidenceLevel(policy.confidence())
          .liftTrend(policy.settings(LiftTrendSettings.defaults()));
    }

    /** The periods, minimum class size, alpha and minimum step of the lift trend (default: the keys' defaults). */
    public Builder liftTrend(LiftTrendSettings settings) {
      this.liftTrend = Objects.requireNonNull(settings, "lift-trend settings");
      return this;
    }

    public Builder availabilityLag(Duration lag) {
      SparkColumns.nonNegativeMillis(lag, "availability lag");
      this.lag = lag;
      return this;
    }

    public Builder confidenceLevel(double level) {
      this.confidenceLevel = level;
      return this;
    }

    /**
     * Runs the Spark jobs (the paired comparison, one aggregation and one bounded top-k query per timed feature,
     * the screen of each feature with values, the fingerprint scan, one count, and the lift trend's per-period
     * counts and comparisons) and returns the evidence for
     * {@code BacktestGate.evaluate}.
     *
     * @throws IllegalStateException when a required setting is missing (named)
     * @throws IllegalArgumentException when a column is missing or unusable, the labels are of one class, or there
     *     are more than 2^31 - 1 rows, or the lift periods would be more than {@link LiftTrendSettings#MAX_PERIODS}
     *     (each named, with its fix)
     */
    public GateEvidence compute() {
      Map<String, String> required = new LinkedHashMap<>();
      required.put("gate(...)", gate);
      required.put("labels(...)", label);
      required.put("candidate(...)", candidate);
      required.put("baseline(...)", baseline);
      required.put("rows(...)", rowId);
      required.put("rows(...)'s decision-time column", decisionTime);
      required.forEach((call, value) -> {
        if (value == null) {
          throw new IllegalStateException("evidence needs " + call + " before compute()");
        }
      });
      SortedSet<String> undeclared = new TreeSet<>(values.keySet());
      undeclared.addAll(categories.keySet());
      undeclared.removeAll(features.keySet());
      if (!undeclared.isEmpty()) {
        throw new IllegalArgumentException("values are given for " + undeclared + ", which are not declared "
            + "features " + features.keySet() + ": declare each with feature(name, knownAtColumn) or "
            + "timelessFeature(name, reason) first");
      }
      AucComparison comparison =
          SparkDeLong.compare(data, label, candidateColumn, baselineColumn, confidenceLevel);
      Map<String, Optional<PointInTimeViolation>> checks = new LinkedHashMap<>();
      features.forEach((name, column) -> {
        if (column != null) {
          checks.put(name, SparkPointInTimeCheck.check(data, rowId, decisionTime, name, column, lag));
        }
      });
      List<FeatureScore> screen = new ArrayList<>();
      values.forEach((name, column) -> screen.add(
          SparkFeatureLabelScreen.numeric(data, label, rowId, name, column, confidenceLevel)));
      categories.forEach((name, column) -> screen.add(
          SparkFeatureLabelScreen.categorical(data, label, rowId, name, column, confidenceLevel)));
      LiftTrend trend = SparkLiftTrend.measure(data, label, candidateColumn, baselineColumn, decisionTime, liftTrend,
          confidenceLevel);
      SortedSet<String> tableVersions = new TreeSet<>();
      histories.forEach(history -> tableVersions.add(history.binding()));
      String fingerprint = SparkFingerprint.compute(data, gate, candidate, baseline, label, decisionTime, features,
          values, categories, tableVersions);
      Row totals = totals();
      long rows = totals.getLong(0);
      if (rows > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("the data has " + rows + " rows, more than a gate run counts (2^31 - 1): "
            + "gate slices of it (for example one per month of decision time)");
      }
      Row latest = totals.getStruct(2);
      List<String> timeless = new ArrayList<>(timelessReasons.keySet());
      RunSummary summary = new RunSummary(candidate, baseline, (int) rows, (int) totals.getLong(1),
          new ArrayList<>(features.keySet()), timeless,
          totals.isNullAt(3) ? null : Instant.ofEpochMilli(totals.getLong(3)), Instant.ofEpochMilli(latest.getLong(0)),
          List.of());
      GateEvidence evidence = new GateEvidence(gate, summary,
          Comparison.of(candidate, baseline, comparison, confidenceLevel, Comparison.Interval.PAIRED_DELONG),
          timelessReasons, Instant.ofEpochMilli(latest.getLong(0)), -latest.getLong(1), fingerprint)
          .with(new PointInTimeEvidence(lag, checks)).with(trend);
      if (!screen.isEmpty()) {
        evidence = evidence.with(new FeatureScreen(screen));
      }
      if (!histories.isEmpty()) {
        evidence = evidence.with(new HistoryEvidence(List.of(), List.of(), histories));
      }
      if (pipeline != null) {   // last: an interrupted refit leaves the thread interrupted for the caller
        evidence = evidence.with(SparkPipelineProbe.measure(pipeline, new SparkPipelineProbe.Test(data, rowId,
            decisionTime, label, candidateColumn, baselineColumn, rows, comparison.candidateAuc()), pipelineSettings,
            baselineFeatures));
      }
      return evidence;
    }

    /** Rows, positives, the latest decision with its first row (as a struct of time and minus the row), the earliest. */
    private Row totals() {
      String owner = "the scored rows";
      Column time = SparkColumns.millis(data, decisionTime, owner);
      return data.agg(count(lit(1)), sum(col("`" + label + "`").cast(DataTypes.LongType)),
          max(struct(time, negate(SparkColumns.longId(data, rowId, owner)))), min(time)).first();
    }
  }
}
