package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.ml.Estimator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apiguardian.api.API;

/**
 * The backtest's Spark ML pipeline, for the pipeline checks on Spark ({@code fit-scope}, {@code lift-attribution},
 * {@code lift-carrier}, {@code duplicate-rows}, and {@code time-shifted-labels} with {@link #entities}): the unfitted estimator (a {@link org.apache.spark.ml.Pipeline} in
 * practice), the training DataFrame with its label column and row id column, and the feature columns, declared once
 * by name. Give it to {@link SparkGateEvidence.Builder#pipeline}; the test rows are the evidence's own DataFrame
 * (its {@code rows(...)} id pairs each refit's scores with the recorded candidate score).
 *
 * <p>The gate refits the estimator on the training DataFrame alone (two full refits, then one without each feature),
 * scores the test DataFrame with each fitted model's {@code transform}, and reads the score from the column the
 * model adds: {@code probability} element 1 by default ({@link #score(String, int)}, {@link #score(String)}).
 * To refit without a feature, it copies the pipeline and sets its {@code VectorAssembler}'s input columns without
 * the columns derived from that feature (the feature itself, or a stage's output read from it, such as a
 * {@code StringIndexer}'s); {@link #of} refuses a pipeline where it cannot find where to drop one.
 *
 * <pre>{@code
 * SparkPipeline pipeline = SparkPipeline.of(estimator, training, "defaulted", "rowId", "balance", "status");
 * GateEvidence evidence = SparkGateEvidence.builder(test) ... .pipeline(pipeline).compute();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class SparkPipeline {
  /** The score column read by default: {@code probability}, element 1 (the positive class). */
  public static final String DEFAULT_SCORE = "probability";

  final Estimator<?> estimator;
  final Dataset<Row> training;
  final String label;
  final String rowId;
  final List<String> features;
  final AssemblerDrop drop;
  final String scoreColumn;
  final int scoreElement;
  /** The time-shift test's columns, or null when not named ({@link #entities}). */
  final Entities entities;

  /**
   * The columns the time-shift test reads.
   *
   * @param training the training rows' entity column
   * @param trainingTime the training rows' decision-time column
   * @param test the test rows' entity column
   */
  record Entities(String training, String trainingTime, String test) {}

  private SparkPipeline(Estimator<?> estimator, Dataset<Row> training, String label, String rowId,
      List<String> features, AssemblerDrop drop, String scoreColumn, int scoreElement, Entities entities) {
    this.estimator = estimator;
    this.training = training;
    this.label = label;
    this.rowId = rowId;
    this.features = features;
    this.drop = drop;
    this.scoreColumn = scoreColumn;
    this.scoreElement = scoreElement;
    this.entities = entities;
  }

  /**
   * The pipeline, its training rows and its features.
   *
   * @param estimator the unfitted estimator, as the backtest fitted it (a {@code Pipeline}); with two or more
   *     features, a {@code Pipeline} with one {@code VectorAssembler}
   * @param training the training rows, every feature column, the label and the row id among them
   * @param trainingLabelColumn the training rows' label (boolean, or numeric 0/1), the one the estimator fits on
   * @param trainingRowIdColumn an integral id per training row, unique (names the training row a test row copies)
   * @param features the columns the pipeline takes, each once
   * @throws IllegalArgumentException naming the problem and the fix: a column the training rows lack, a feature
   *     named twice, or a pipeline where the refits without each feature cannot find where to drop it
   */
  public static SparkPipeline of(Estimator<?> estimator, Dataset<Row> training, String trainingLabelColumn,
      String trainingRowIdColumn, String... features) {
    Objects.requireNonNull(estimator, "estimator: pass the unfitted Spark ML estimator (a Pipeline)");
    Objects.requireNonNull(training, "training: pass the training rows the estimator was fitted on");
    Objects.requireNonNull(trainingLabelColumn, "trainingLabelColumn");
    Objects.requireNonNull(trainingRowIdColumn, "trainingRowIdColumn");
    Objects.requireNonNull(features, "features");
    if (features.length == 0) {
      throw new IllegalArgumentException("the pipeline is given no features: name the columns it takes, e.g. "
          + "SparkPipeline.of(estimator, training, \"label\", \"rowId\", \"balance\", \"status\")");
    }
    Set<String> seen = new LinkedHashSet<>();
    for (String f : features) {
      if (f == null || f.isBlank()) {
        throw new IllegalArgumentException("a feature of the pipeline is " + (f == null ? "null" : "blank") + " in "
            + Arrays.toString(features) + ": name each column the pipeline takes");
      }
      if (!seen.add(f)) {
        throw new IllegalArgumentException("the pipeline's feature '" + f + "' is named twice in "
            + Arrays.toString(features) + ": name each column once");
      }
    }
    List<String> declared = List.copyOf(seen);
    List<String> columns = new ArrayList<>(declared);
    columns.add(trainingLabelColumn);
    columns.add(trainingRowIdColumn);
    SparkColumns.requireColumns(training, "the pipeline's training rows", columns.toArray(String[]::new));
    AssemblerDrop drop = declared.size() > 1 ? AssemblerDrop.plan(estimator, declared) : null;
    return new SparkPipeline(estimator, training, trainingLabelColumn, trainingRowIdColumn, declared, drop,
        DEFAULT_SCORE, 1, null);
  }

  /**
   * Reads each refit's score from element {@code element} of the vector column {@code column} the fitted model adds
   * (e.g. {@code ("rawPrediction", 1)}); the default is {@code ("probability", 1)}.
   */
  public SparkPipeline score(String column, int element) {
    Objects.requireNonNull(column, "column");
    if (element < 0) {
      throw new IllegalArgumentException("score element " + element + " of column '" + column + "' is negative: "
          + "give the vector's index of the positive class, e.g. 1");
    }
    return new SparkPipeline(estimator, training, label, rowId, features, drop, column, element, entities);
  }

  /** Reads each refit's score from the numeric column {@code column} the fitted model adds. */
  public SparkPipeline score(String column) {
    Objects.requireNonNull(column, "column");
    return new SparkPipeline(estimator, training, label, rowId, features, drop, column, -1, entities);
  }

  /**
   * Names the entity and decision-time columns, so the {@code time-shifted-labels} test runs: each training row's
   * label is replaced by the label of its entity's next decision (found by a window function, {@code lead} over the
   * entity's decision times), the estimator is refitted on the training rows that have one, and it scores the test
   * rows whose next label differs from their own. Without them the evidence carries a {@code time-shift-unchecked}
   * warning. The test rows' decision times are the evidence's {@code rows(...)} column.
   *
   * <pre>{@code
   * pipeline = SparkPipeline.of(estimator, training, "defaulted", "rowId", "balance", "status")
   *     .entities("account", "decidedAt", "account");
   * }</pre>
   *
   * @param trainingEntityColumn the training rows' entity (an integral id or a string), never null
   * @param trainingDecisionTimeColumn the training rows' decision time (a timestamp, or epoch milliseconds), never
   *     null
   * @param testEntityColumn the test rows' entity, of the same kind as the training rows'
   * @throws IllegalArgumentException when the training rows lack a column, naming it and how to rename one
   */
  public SparkPipeline entities(String trainingEntityColumn, String trainingDecisionTimeColumn,
      String testEntityColumn) {
    Objects.requireNonNull(trainingEntityColumn, "trainingEntityColumn");
    Objects.requireNonNull(trainingDecisionTimeColumn, "trainingDecisionTimeColumn");
    Objects.requireNonNull(testEntityColumn, "testEntityColumn");
    SparkColumns.requireColumns(training, "the pipeline's training rows (entities(...))", trainingEntityColumn,
        trainingDecisionTimeColumn);
    SparkColumns.entity(training, trainingEntityColumn, "the pipeline's training rows (entities(...))");
    SparkColumns.millis(training, trainingDecisionTimeColumn, "the pipeline's training rows (entities(...))");
    return new SparkPipeline(estimator, training, label, rowId, features, drop, scoreColumn, scoreElement,
        new Entities(trainingEntityColumn, trainingDecisionTimeColumn, testEntityColumn));
  }

  /** The features, in the order declared. */
  public List<String> features() {
    return features;
  }

  /** The score column in words, for messages. */
  String scoreName() {
    return scoreElement < 0 ? "column '" + scoreColumn + "'" : "element " + scoreElement + " of column '"
        + scoreColumn + "'";
  }
}
