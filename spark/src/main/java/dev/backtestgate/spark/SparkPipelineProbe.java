package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.corr;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.pipeline.PipelineEvidence;
import dev.backtestgate.pipeline.PipelineSettings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.storage.StorageLevel;

/**
 * The pipeline checks' part of the evidence, computed on Spark: the refits ({@link SparkRefits}), then the same
 * numbers as the in-memory probe from the rules core writes once ({@link PipelineEvidence#tolerance},
 * {@link PipelineEvidence#unreproducible}, {@link PipelineEvidence#lifts}): the fit-scope counts and example rows
 * by aggregation and a bounded top-k query, every AUC and paired DeLong comparison by {@link SparkDeLong}'s exact sums
 * (each model's placements counted once, {@link PlacedModels}: a dropped feature's refit is compared against refit A
 * and the baseline in one scan), the copies by a join on the rows' values. Nothing is collected to the driver beyond counts and example rows.
 */
final class SparkPipelineProbe {
  /** The refit names, as the in-memory probe's. */
  static final String FULL_A = "on the training rows alone (1 of 2)";
  static final String FULL_B = "on the training rows alone (2 of 2)";
  private static final int EXAMPLES = 5;
  /** The models of the canonical test rows ({@code s0, s1, s2}) and the row id's name there. */
  private static final int A = 0;
  private static final int B = 1;
  private static final int BASELINE = 2;
  private static final String ID = "__id";

  /**
   * The test rows as the builder names them.
   *
   * @param data the test rows (the evidence's DataFrame)
   * @param rowId the row number column (0 .. rows - 1), unique
   * @param decisionTime the decision-time column
   * @param label the test label (boolean or 0/1)
   * @param recorded the recorded candidate scores
   * @param baseline the baseline's scores
   * @param rows the test rows' count
   * @param recordedAuc the recorded candidate's AUC
   */
  record Test(Dataset<Row> data, String rowId, String decisionTime, String label, String recorded, String baseline, long rows,
      double recordedAuc) {}

  private SparkPipelineProbe() {}

  static PipelineEvidence measure(SparkPipeline pipeline, Test test, PipelineSettings settings,
      List<String> baselineFeatures) {
    requireInput(pipeline, test);
    List<String> features = pipeline.features;
    List<String> order = new ArrayList<>(features);
    Collections.shuffle(order, new Random(features.hashCode()));   // as in memory: a budget cut leaves a sample
    List<SparkRefits.Task> tasks = new ArrayList<>();
    tasks.add(new SparkRefits.Task(FULL_A, pipeline.estimator));
    tasks.add(new SparkRefits.Task(FULL_B, pipeline.estimator));
    SparkTimeShift.Prepared shift = SparkTimeShift.plan(pipeline, test);
    if (shift instanceof SparkTimeShift.Plan plan) {   // third, as in memory: required, before the drops
      tasks.add(new SparkRefits.Task(PipelineEvidence.TIME_SHIFT_REFIT, pipeline.estimator, plan.training()));
    }
    if (features.size() > 1) {
      for (String f : order) {
        tasks.add(new SparkRefits.Task(withoutName(f), pipeline.drop.without(f)));
      }
    }
    SparkRefits.Outcome outcome;
    try {
      outcome = SparkRefits.run(pipeline, tasks, shift instanceof SparkTimeShift.Plan ? 3 : 2, settings.budget(),
          test.data(), test.rowId(), test.rows());
    } catch (SparkRefits.Failed failed) {
      return new PipelineEvidence(settings, baselineFeatures, new PipelineEvidence.Failed(failed.getMessage()));
    }
    try {
      return measured(pipeline, test, settings, baselineFeatures, outcome, shift);
    } catch (SparkRefits.Failed failed) {
      return new PipelineEvidence(settings, baselineFeatures, new PipelineEvidence.Failed(failed.getMessage()));
    } finally {
      outcome.release();
    }
  }

  private static PipelineEvidence measured(SparkPipeline pipeline, Test test, PipelineSettings settings,
      List<String> baselineFeatures, SparkRefits.Outcome outcome, SparkTimeShift.Prepared shift) {
    String id = test.rowId();
    Dataset<Row> base = test.data().select(col("`" + id + "`").cast(DataTypes.LongType).as(id),
        col("`" + test.label() + "`").as(test.label()), col("`" + test.recorded() + "`").cast(DataTypes.DoubleType)
            .as("r"), col("`" + test.baseline() + "`").as("b0"));
    // Every pass below scans this join: materialised once, not recomputed per scan.
    Dataset<Row> full = base.join(scores(outcome, FULL_A, "a"), id).join(scores(outcome, FULL_B, "b"), id)
        .persist(StorageLevel.MEMORY_AND_DISK());
    try {
      return measuredOn(full, pipeline, test, settings, baselineFeatures, outcome, shift);
    } finally {
      full.unpersist(false);
    }
  }

  private static PipelineEvidence measuredOn(Dataset<Row> full, SparkPipeline pipeline, Test test,
      PipelineSettings settings, List<String> baselineFeatures, SparkRefits.Outcome outcome,
      SparkTimeShift.Prepared shift) {
    String id = test.rowId();
    Row spread = full.agg(max(abs(col("a").minus(col("b")))), max(abs(col("a"))), corr(col("a"), col("b")))
        .first();
    double noise = spread.getDouble(0);
    double scale = spread.getDouble(1);
    // One validating aggregation for every AUC and comparison on these rows; each model's placements counted once.
    boolean lifted = pipeline.features.size() > 1;
    LabelledScores scored = LabelledScores.of(full, test.label(),
        lifted ? List.of("a", "b", "b0") : List.of("a", "b"), List.of(col(id).as(ID)), 1, "AUC");
    PlacedModels placed = PlacedModels.of(scored,
        lifted ? List.of(FULL_A, FULL_B, test.baseline()) : List.of(FULL_A, FULL_B), ScoreTable.COLLECT_BOUND);
    double aucA = placed.auc(A);
    double aucB = placed.auc(B);
    double agreement = spread.isNullAt(2) || Double.isNaN(spread.getDouble(2))
        ? constantAgreement(noise) : spread.getDouble(2);
    Optional<String> unreproducible = PipelineEvidence.unreproducible(aucA, aucB, agreement);
    if (unreproducible.isPresent()) {
      throw new SparkRefits.Failed(unreproducible.get());
    }
    double tolerance = PipelineEvidence.tolerance(noise, scale);
    Column difference = abs(col("r").minus(col("a")));
    Dataset<Row> outsideRows = full.filter(difference.gt(tolerance));
    long outside = outsideRows.count();
    List<double[]> largest = new ArrayList<>();
    for (Row r : outsideRows.select(col(id), col("r"), col("a"), difference.as("d"))
        .orderBy(col("d").desc(), col(id).asc()).limit(EXAMPLES).collectAsList()) {
      largest.add(new double[] {r.getLong(0), r.getDouble(1), r.getDouble(2)});
    }
    PipelineEvidence.FitScope fitScope = new PipelineEvidence.FitScope((int) test.rows(), test.recordedAuc(), aucA,
        (int) outside, tolerance, largest);

    Optional<PipelineEvidence.Lifts> lifts = Optional.empty();
    if (lifted) {
      // the canonical rows: label l, s0 refit A, s1 refit B, s2 the baseline's scores
      AucComparison fb = placed.compare(BASELINE, A, PipelineEvidence.CONFIDENCE);
      List<PipelineEvidence.Dropped> dropped = new ArrayList<>();
      List<String> notRefit = new ArrayList<>();
      for (String f : pipeline.features) {
        SparkRefits.Done d = outcome.done().get(withoutName(f));
        if (d == null) {
          notRefit.add(f);
          continue;
        }
        Dataset<Row> pair = scored.rows.join(d.scores().select(col("`" + id + "`").as(ID),
                LabelledScores.scoreColumn(d.scores(), SparkRefits.SCORE).as("w")), ID)
            .persist(StorageLevel.MEMORY_AND_DISK());   // its placements and the comparisons' scan read it: joined once
        List<AucComparison> against;
        try {   // the drop's refit against refit A and the baseline, from one scan
          against = placed.against(pair, "w", withoutName(f), new int[] {A, BASELINE}, PipelineEvidence.CONFIDENCE);
        } finally {
          pair.unpersist(false);
        }
        dropped.add(new PipelineEvidence.Dropped(f, against.get(0), against.get(1).covariance(),
            d.nanos() / 1_000_000));
      }
      lifts = Optional.of(PipelineEvidence.lifts(fb, dropped, new HashSet<>(baselineFeatures), notRefit,
          outcome.wallNanos() / 1_000_000, 1, outcome.done().get(FULL_A).nanos() / 1_000_000,
          outcome.done().size()));
    }
    PipelineEvidence.Copies copies = SparkCopies.find(pipeline, test);
    List<dev.backtestgate.Finding> timeShift = shift instanceof SparkTimeShift.Plan plan
        ? SparkTimeShift.test(plan, outcome.done().get(PipelineEvidence.TIME_SHIFT_REFIT).scores(), id, settings)
        : List.of(new dev.backtestgate.pipeline.TimeShiftUncheckedFinding(((SparkTimeShift.Skipped) shift).reason()));
    return new PipelineEvidence(settings, baselineFeatures, new PipelineEvidence.Measured(fitScope, lifts, copies,
        timeShift));
  }

  /** The refit's scores as column {@code as}, beside the row id. */
  private static Dataset<Row> scores(SparkRefits.Outcome outcome, String refit, String as) {
    return outcome.done().get(refit).scores().withColumnRenamed(SparkRefits.SCORE, as);
  }

  /** As in memory: 1 when both refits are constant and equal, 0 when they differ anywhere. */
  private static double constantAgreement(double noise) {
    return noise == 0 ? 1 : 0;
  }

  /** The name of the refit without {@code feature}, as in memory. */
  static String withoutName(String feature) {
    return "without '" + feature + "'";
  }

  /**
   * Refuses what the refits cannot pair or fit: test row ids that repeat or are null, a training label with nulls or
   * values other than 0 and 1 or of one class, training row ids that repeat, a feature the test rows lack.
   */
  private static void requireInput(SparkPipeline pipeline, Test test) {
    SparkColumns.requireColumns(test.data(), "the test rows (the evidence's DataFrame)",
        pipeline.features.toArray(String[]::new));
    String id = test.rowId();
    Row ids = test.data().agg(count(col("`" + id + "`")), countDistinct(col("`" + id + "`"))).first();
    if (ids.getLong(0) != test.rows() || ids.getLong(1) != test.rows()) {
      throw new IllegalArgumentException("the test rows' row id column '" + id + "' holds " + ids.getLong(1)
          + " distinct ids (" + (test.rows() - ids.getLong(0)) + " null) for " + test.rows() + " rows: the "
          + "refits' scores are paired with the recorded ones by row id, so each test row needs its own; number "
          + "the rows 0 .. rows - 1 (e.g. with zipWithIndex)");
    }
    Dataset<Row> training = pipeline.training;
    DataType type = SparkColumns.type(training, pipeline.label);
    if (!(type instanceof BooleanType) && !(type instanceof NumericType)) {
      throw new IllegalArgumentException("the training label column '" + pipeline.label + "' has type "
          + type.simpleString() + "; labels must be boolean or 0/1: map the classes first");
    }
    Column label = col("`" + pipeline.label + "`").cast(DataTypes.DoubleType);
    Column trainingId = SparkColumns.longId(training, pipeline.rowId, "the pipeline's training rows");
    Row r = training.agg(count(lit(1)), sum(when(label.isNull(), 1).otherwise(0)),
        sum(when(label.isNotNull().and(label.isin(0.0, 1.0).equalTo(false)), 1).otherwise(0)),
        sum(when(label.equalTo(1.0), 1).otherwise(0)), sum(when(label.equalTo(0.0), 1).otherwise(0)),
        countDistinct(trainingId), count(trainingId)).first();
    long rows = r.getLong(0);
    long nulls = r.isNullAt(1) ? 0 : r.getLong(1);
    long bad = r.isNullAt(2) ? 0 : r.getLong(2);
    if (nulls > 0 || bad > 0) {
      throw new IllegalArgumentException("the training label column '" + pipeline.label + "' has " + nulls
          + " null label(s) and " + bad + " label(s) other than 0 and 1 among " + rows + " training rows: the "
          + "refits fit on every training row, so drop the unlabelled rows (and map the classes to 1/0) before "
          + "handing the training DataFrame to SparkPipeline.of");
    }
    if ((r.isNullAt(3) ? 0 : r.getLong(3)) == 0 || (r.isNullAt(4) ? 0 : r.getLong(4)) == 0) {
      throw new IllegalArgumentException("the training labels '" + pipeline.label + "' are of one class in "
          + rows + " training rows: a pipeline fitted on them cannot rank; give the training rows of both classes");
    }
    if (r.getLong(5) != rows || r.getLong(6) != rows) {
      throw new IllegalArgumentException("the training rows' row id column '" + pipeline.rowId + "' holds "
          + r.getLong(5) + " distinct ids (" + (rows - r.getLong(6)) + " null) for " + rows + " rows: number the "
          + "training rows, each its own id (it names the training row a test row copies)");
    }
  }
}
