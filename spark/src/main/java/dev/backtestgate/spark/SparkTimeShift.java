package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lead;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min_by;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.backtestgate.Finding;
import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.pipeline.PipelineEvidence;
import dev.backtestgate.pipeline.PipelineSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * The {@code time-shifted-labels} test on Spark, as the in-memory one: each row's next decision is the earliest
 * strictly later decision of its entity, the first in row id order among rows at that time. It is found by a window
 * function: the rows grouped by entity and decision time (the first row's label kept), then {@code lead} over each
 * entity's times, joined back to the rows. The refit on the next labels runs with the others ({@link SparkRefits});
 * its scores of the test rows whose next label differs from their own are tested by {@link SparkDeLong#estimate}
 * and judged by {@link PipelineEvidence#timeShift}. Nothing is collected but counts and the example rows.
 */
final class SparkTimeShift {
  private static final String ENTITY = "__bg_entity";
  private static final String TIME = "__bg_time";
  private static final String ID = "__bg_id";
  private static final String OWN = "__bg_own";
  private static final String NEXT = "__bg_next";

  private SparkTimeShift() {}

  /** What {@link #plan} gives. */
  sealed interface Prepared permits Plan, Skipped {}

  /**
   * The shifted refit's training rows, and the test rows whose next label differs from their own.
   *
   * @param training the training rows that have a next decision, their label that decision's
   * @param changed the changed test rows: row id, entity as text, decision time (epoch ms), next label (boolean)
   * @param trainingRows the count of {@code training}
   * @param toNext test rows whose own label is 0 and next 1
   * @param toOwn test rows whose own label is 1 and next 0
   */
  record Plan(Dataset<Row> training, Dataset<Row> changed, long trainingRows, long toNext, long toOwn)
      implements Prepared {}

  /** Why the test does not run, with the fix. */
  record Skipped(String reason) implements Prepared {}

  /**
   * The plan, or why there is none.
   *
   * @throws IllegalArgumentException when a column the test reads is missing, of the wrong type or holds nulls,
   *     naming it and the fix
   */
  static Prepared plan(SparkPipeline pipeline, SparkPipelineProbe.Test test) {
    SparkPipeline.Entities entities = pipeline.entities;
    if (entities == null) {
      return new Skipped("the Spark pipeline names no entity and decision-time columns, so no row has a next "
          + "decision. Name them with SparkPipeline.entities(trainingEntity, trainingDecisionTime, testEntity) to "
          + "have the pipeline tested for reading the next period");
    }
    String trainingOwner = "the pipeline's training rows (entities(...))";
    String testOwner = "the test rows (the evidence's DataFrame, entities(...))";
    SparkColumns.requireColumns(test.data(), testOwner, entities.test());
    Dataset<Row> training = pipeline.training;
    Column trainingEntity = SparkColumns.entity(training, entities.training(), trainingOwner);
    Column testEntity = SparkColumns.entity(test.data(), entities.test(), testOwner);
    Dataset<Row> trainingRows = training.select(
        SparkColumns.longId(training, pipeline.rowId, trainingOwner).as(ID), trainingEntity.as(ENTITY),
        SparkColumns.millis(training, entities.trainingTime(), trainingOwner).as(TIME),
        col("`" + pipeline.label + "`").cast(DataTypes.DoubleType).equalTo(1.0).as(OWN));
    requireNoNulls(trainingRows, trainingOwner, entities.training(), entities.trainingTime());
    Dataset<Row> testRows = test.data().select(col("`" + test.rowId() + "`").cast(DataTypes.LongType).as(ID),
        testEntity.cast(DataTypes.StringType).as(ENTITY),
        SparkColumns.millis(test.data(), test.decisionTime(), testOwner).as(TIME),
        LabelledScores.labelColumn(test.data(), test.label()).as(OWN));
    requireNoNulls(testRows, testOwner, entities.test(), test.decisionTime());

    Dataset<Row> trainingNext = next(trainingRows);
    Dataset<Row> testNext = next(testRows);
    Row t = trainingNext.agg(sum(when(col(NEXT).isNotNull(), 1L).otherwise(0L)),
        sum(when(col(NEXT), 1L).otherwise(0L))).first();
    Row s = testNext.agg(sum(when(col(NEXT).isNotNull(), 1L).otherwise(0L)),
        sum(when(col(NEXT).and(not(col(OWN))), 1L).otherwise(0L)),
        sum(when(not(col(NEXT)).and(col(OWN)), 1L).otherwise(0L))).first();
    long kept = t.isNullAt(0) ? 0 : t.getLong(0);
    long positives = t.isNullAt(1) ? 0 : t.getLong(1);
    long testWithNext = s.isNullAt(0) ? 0 : s.getLong(0);
    long toNext = s.isNullAt(1) ? 0 : s.getLong(1);
    long toOwn = s.isNullAt(2) ? 0 : s.getLong(2);
    Optional<String> skipped = PipelineEvidence.timeShiftSkipped(kept, positives, testWithNext, toNext, toOwn);
    if (skipped.isPresent()) {
      return new Skipped(skipped.get());
    }
    DataType labelType = SparkColumns.type(training, pipeline.label);
    Column next = labelType instanceof org.apache.spark.sql.types.BooleanType ? col(NEXT)
        : when(col(NEXT), lit(1)).otherwise(lit(0)).cast(labelType);
    Dataset<Row> shifted = training.join(trainingNext.filter(col(NEXT).isNotNull()).select(col(ID), col(NEXT)),
            training.col("`" + pipeline.rowId + "`").cast(DataTypes.LongType).equalTo(col(ID)))
        .withColumn(pipeline.label, next).drop(ID, NEXT)
        .orderBy(col("`" + pipeline.rowId + "`"));   // row order, as the in-memory test fits them
    Dataset<Row> changed = testNext.filter(col(NEXT).isNotNull().and(col(NEXT).notEqual(col(OWN))))
        .select(col(ID), col(ENTITY), col(TIME), col(NEXT));
    return new Plan(shifted, changed, kept, toNext, toOwn);
  }

  /**
   * The test of the shifted refit's scores ({@code rowId} and {@link SparkRefits#SCORE}): its findings.
   *
   * @param rowId the test rows' row id column, the name of the scores' id column too
   */
  static List<Finding> test(Plan plan, Dataset<Row> scores, String rowId, PipelineSettings settings) {
    Dataset<Row> scored = plan.changed().join(scores.withColumnRenamed(rowId, ID), ID);
    AucEstimate e = SparkDeLong.estimate(scored, NEXT, SparkRefits.SCORE, 0.95);
    List<String> examples = new ArrayList<>();
    for (Row r : scored.filter(col(NEXT)).orderBy(col(SparkRefits.SCORE).desc(), col(ID).asc())
        .limit(PipelineEvidence.TIME_SHIFT_EXAMPLES).collectAsList()) {
      examples.add(PipelineEvidence.timeShiftExample(r.getLong(0), r.getString(1), r.getLong(2),
          r.getDouble(r.fieldIndex(SparkRefits.SCORE))));
    }
    return PipelineEvidence.timeShift(e, (int) plan.toNext(), (int) plan.toOwn(), (int) plan.trainingRows(),
        settings, examples);
  }

  /** Each row (id, entity, time, own) with the label of its entity's next decision, null when it has none. */
  private static Dataset<Row> next(Dataset<Row> rows) {
    Dataset<Row> firsts = rows.groupBy(col(ENTITY), col(TIME)).agg(min_by(col(OWN), col(ID)).as("first"));
    Dataset<Row> nexts = firsts.withColumn(NEXT, lead(col("first"), 1).over(Window.partitionBy(col(ENTITY))
        .orderBy(col(TIME)))).drop("first");
    return rows.join(nexts, new String[] {ENTITY, TIME}, "inner");
  }

  private static void requireNoNulls(Dataset<Row> rows, String owner, String entity, String time) {
    Row r = rows.agg(count(lit(1)), sum(when(col(ENTITY).isNull(), 1L).otherwise(0L)),
        sum(when(col(TIME).isNull(), 1L).otherwise(0L))).first();
    long n = r.getLong(0);
    long entities = r.isNullAt(1) ? 0 : r.getLong(1);
    long times = r.isNullAt(2) ? 0 : r.getLong(2);
    if (entities > 0 || times > 0) {
      String column = entities > 0 ? entity : time;
      throw new IllegalArgumentException(owner + ": column '" + column + "' holds " + String.format(java.util.Locale.ROOT, "%,d",
          entities > 0 ? entities : times) + " null(s) among " + String.format(java.util.Locale.ROOT, "%,d", n) + " rows: the time-shift test "
          + "finds each row's next decision of its entity, so every row needs its entity and decision time; fill "
          + "them or drop those rows first, or leave out SparkPipeline.entities(...) to skip the test");
    }
  }
}
