package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;

import dev.backtestgate.pipeline.PipelineEvidence;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;

/**
 * The test rows that copy a training row, as the in-memory {@code duplicate-rows} defines them: the label and every
 * feature value alike, a number compared as a float (to about 7 significant digits; a missing value as NaN, NaN equal
 * to NaN, -0.0 to 0.0, as Spark's join keys compare them), any other value as it is (null equal to null). One
 * equi-join of the two sides on those values (Spark hashes the keys); each copy names the lowest training row id it
 * copies, the examples are the lowest test row ids.
 */
final class SparkCopies {
  private static final int EXAMPLES = 5;

  private SparkCopies() {}

  static PipelineEvidence.Copies find(SparkPipeline pipeline, SparkPipelineProbe.Test test) {
    Dataset<Row> training = pipeline.training;
    Dataset<Row> data = test.data();
    List<Column> left = new ArrayList<>();
    List<Column> right = new ArrayList<>();
    left.add(SparkColumns.longId(training, pipeline.rowId, "the pipeline's training rows").as("tid"));
    left.add(col("`" + pipeline.label + "`").cast(DataTypes.DoubleType).equalTo(1.0).as("tl"));
    right.add(col("`" + test.rowId() + "`").cast(DataTypes.LongType).as("qid"));
    right.add(LabelledScores.labelColumn(data, test.label()).as("ql"));
    Column on = col("tl").equalTo(col("ql"));
    for (int k = 0; k < pipeline.features.size(); k++) {
      String f = pipeline.features.get(k);
      left.add(value(training, f).as("t" + k));
      right.add(value(data, f).as("q" + k));
      on = on.and(col("t" + k).eqNullSafe(col("q" + k)));
    }
    Dataset<Row> copies = training.select(left.toArray(Column[]::new))
        .join(data.select(right.toArray(Column[]::new)), on).groupBy(col("qid")).agg(min(col("tid")).as("tid"));
    long duplicates = copies.count();
    List<int[]> examples = new ArrayList<>();
    for (Row r : copies.orderBy(col("qid")).limit(EXAMPLES).collectAsList()) {
      examples.add(new int[] {(int) r.getLong(0), (int) r.getLong(1)});
    }
    return new PipelineEvidence.Copies((int) test.rows(), (int) duplicates, examples);
  }

  /** A number as a float, a missing one as NaN; any other value as it is. */
  private static Column value(Dataset<Row> frame, String column) {
    Column c = col("`" + column + "`");
    return SparkColumns.type(frame, column) instanceof NumericType
        ? coalesce(c.cast(DataTypes.FloatType), lit(Float.NaN)) : c;
  }
}
