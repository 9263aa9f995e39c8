package dev.backtestgate.spark;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.time.PointInTimeViolation;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The gate's evidence for a backtest whose rows live in a DataFrame, computed on the cluster: the paired
 * comparison ({@link SparkDeLong}), each timed feature's point-in-time result ({@link SparkPointInTimeCheck},
 * the same counts and example rows as the in-memory check) and the run's order-independent fingerprint
 * ({@link SparkFingerprint}). Plain values, ready for the gate's rules once the core accepts precomputed
 * evidence.
 *
 * <pre>{@code
 * SparkGateEvidence evidence = SparkGateEvidence.builder(scored)
 *     .gate("com.acme.ChurnBacktest#gbm").labels("churned")
 *     .candidate("gbm-v7", "gbmScore").baseline("prod-v3", "prodScore")
 *     .rows("rowId", "decisionTime")
 *     .feature("balance", "balance_knownAt").timelessFeature("creditLimit")
 *     .compute();
 * }</pre>
 *
 * @param comparison the candidate against the baseline
 * @param pointInTime per timed feature (name order), its violation or empty when every value was known in time
 * @param fingerprint the run's fingerprint
 */
public record SparkGateEvidence(
    AucComparison comparison, Map<String, Optional<PointInTimeViolation>> pointInTime, String fingerprint) {

  public SparkGateEvidence {
    pointInTime = Collections.unmodifiableMap(new LinkedHashMap<>(pointInTime));
  }

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
    private Duration lag = Duration.ZERO;
    private double confidenceLevel = 0.95;

    private Builder(Dataset<Row> data) {
      this.data = data;
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

    /** The row-number column (0 .. rows - 1: names the example rows) and the decision-time column. */
    public Builder rows(String rowIdColumn, String decisionTimeColumn) {
      this.rowId = rowIdColumn;
      this.decisionTime = decisionTimeColumn;
      return this;
    }

    /** A feature whose knowledge time per row is in {@code knownAtColumn} (null where it has no value). */
    public Builder feature(String name, String knownAtColumn) {
      features.put(Objects.requireNonNull(name, "feature name"), Objects.requireNonNull(knownAtColumn, "column"));
      return this;
    }

    /** A feature declared timeless: fingerprinted by name, not checked. */
    public Builder timelessFeature(String name) {
      features.put(Objects.requireNonNull(name, "feature name"), null);
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

    /** Runs the Spark jobs. */
    public SparkGateEvidence compute() {
      Map<String, String> required = new LinkedHashMap<>();
      required.put("gate(...)", gate);
      required.put("labels(...)", label);
      required.put("candidate(...)", candidate);
      required.put("baseline(...)", baseline);
      required.put("rows(...)", rowId);
      required.forEach((call, value) -> {
        if (value == null) {
          throw new IllegalStateException("evidence needs " + call + " before compute()");
        }
      });
      AucComparison comparison =
          SparkDeLong.compare(data, label, candidateColumn, baselineColumn, confidenceLevel);
      Map<String, Optional<PointInTimeViolation>> checks = new LinkedHashMap<>();
      features.forEach((name, column) -> {
        if (column != null) {
          checks.put(name, SparkPointInTimeCheck.check(data, rowId, decisionTime, name, column, lag));
        }
      });
      String fingerprint =
          SparkFingerprint.compute(data, gate, candidate, baseline, label, decisionTime, features);
      return new SparkGateEvidence(comparison, checks, fingerprint);
    }
  }
}
