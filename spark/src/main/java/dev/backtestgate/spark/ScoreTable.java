package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * One model's DeLong placements per distinct score, in half-units so they stay integers (as the in-memory
 * {@code Placements}): a positive scoring s places at {@code 2 * (negatives below s) + (negatives at s)},
 * a negative at {@code 2 * (positives above s) + (positives at s)}. Built from the scores grouped by value
 * and sorted (range-partitioned), then one scan per partition that starts from the counts of all earlier
 * partitions: two passes over the same sorted RDD, exact for any number of tied rows.
 *
 * <p>Columns: {@code score, positives, negatives, placePositive, placeNegative}.
 */
final class ScoreTable {
  static final StructType SCHEMA = new StructType()
      .add("score", DataTypes.DoubleType, false)
      .add("positives", DataTypes.LongType, false)
      .add("negatives", DataTypes.LongType, false)
      .add("placePositive", DataTypes.LongType, false)
      .add("placeNegative", DataTypes.LongType, false);

  private ScoreTable() {}

  /** The table of score column {@code score} of {@code scores}. */
  static Dataset<Row> of(LabelledScores scores, String score) {
    Dataset<Row> counts = scores.rows
        .groupBy(col(score).as("score"))
        .agg(sum(when(col(LabelledScores.LABEL), 1L).otherwise(0L)).as("positives"),
            sum(when(col(LabelledScores.LABEL), 0L).otherwise(1L)).as("negatives"));
    return fromCounts(counts, scores.positives);
  }

  /**
   * The table from counts already grouped by distinct score: columns {@code score} (double, not null, -0.0 folded
   * into 0.0), {@code positives} and {@code negatives} (bigint), one row per distinct score; {@code positives} is
   * their total.
   */
  static Dataset<Row> fromCounts(Dataset<Row> counts, long positives) {
    JavaRDD<Row> sorted = counts.select("score", "positives", "negatives").orderBy("score").javaRDD();
    List<long[]> totals = sorted.mapPartitionsWithIndex(new Totals(), false).collect();
    int partitions = sorted.getNumPartitions();
    long[] positivesBefore = new long[partitions];
    long[] negativesBefore = new long[partitions];
    long[][] byPartition = new long[partitions][];
    for (long[] total : totals) {
      byPartition[(int) total[0]] = total;
    }
    long positivesSoFar = 0;
    long negativesSoFar = 0;
    for (int p = 0; p < partitions; p++) {
      positivesBefore[p] = positivesSoFar;
      negativesBefore[p] = negativesSoFar;
      positivesSoFar += byPartition[p][1];
      negativesSoFar += byPartition[p][2];
    }
    JavaRDD<Row> placed = sorted.mapPartitionsWithIndex(
        new Place(positivesBefore, negativesBefore, positives), true);
    return counts.sparkSession().createDataFrame(placed, SCHEMA);
  }

  /** Pass 1: {partition, positives, negatives} of each partition. */
  private static final class Totals implements Function2<Integer, Iterator<Row>, Iterator<long[]>> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<long[]> call(Integer partition, Iterator<Row> rows) {
      long positives = 0;
      long negatives = 0;
      while (rows.hasNext()) {
        Row row = rows.next();
        positives += row.getLong(1);
        negatives += row.getLong(2);
      }
      return List.of(new long[] {partition, positives, negatives}).iterator();
    }
  }

  /** Pass 2: each score's placements, from the counts of the earlier partitions. */
  private static final class Place implements Function2<Integer, Iterator<Row>, Iterator<Row>> {
    private static final long serialVersionUID = 1L;

    private final long[] positivesBefore;
    private final long[] negativesBefore;
    private final long positives;

    Place(long[] positivesBefore, long[] negativesBefore, long positives) {
      this.positivesBefore = positivesBefore;
      this.negativesBefore = negativesBefore;
      this.positives = positives;
    }

    @Override
    public Iterator<Row> call(Integer partition, Iterator<Row> rows) {
      return new Iterator<>() {
        private long positivesBelow = positivesBefore[partition];
        private long negativesBelow = negativesBefore[partition];

        @Override
        public boolean hasNext() {
          return rows.hasNext();
        }

        @Override
        public Row next() {
          Row row = rows.next();
          long pos = row.getLong(1);
          long neg = row.getLong(2);
          long positivesAbove = positives - positivesBelow - pos;
          Row out = RowFactory.create(
              row.getDouble(0), pos, neg, 2 * negativesBelow + neg, 2 * positivesAbove + pos);
          positivesBelow += pos;
          negativesBelow += neg;
          return out;
        }
      };
    }
  }
}
