package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
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
 *
 * <p>When the distinct scores are few enough ({@link #COLLECT_BOUND} by default: 5 million, about 120 MB of
 * primitive arrays on the driver), {@link #sums} skips the table: it collects the counts per distinct score as
 * primitive arrays and sums the placements on the driver, by the same integer steps.
 */
final class ScoreTable {
  /** The most distinct scores whose counts {@link #sums} collects to the driver; above it the table is built. */
  static final long COLLECT_BOUND = 5_000_000L;

  /** Columns {@code score, positives, negatives} of counts per distinct score. */
  static final StructType COUNTS = new StructType()
      .add("score", DataTypes.DoubleType, false)
      .add("positives", DataTypes.LongType, false)
      .add("negatives", DataTypes.LongType, false);

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

  /**
   * One model's exact sums from its counts per distinct score ({@link #COUNTS}: each score once, not null, finite,
   * -0.0 folded into 0.0): collected to the driver when there are at most {@code collectBound} of them
   * ({@code distinct} says how many), else through the distributed table. Both give the same sums.
   *
   * @param positives the positives over all scores
   */
  static SparkDeLong.ModelSums sums(
      SparkSession session, JavaRDD<Row> counts, long distinct, long positives, long collectBound) {
    if (distinct > collectBound) {
      return SparkDeLong.sums(fromCounts(session.createDataFrame(counts, COUNTS), positives));
    }
    List<Packed> parts = counts.mapPartitions(new Pack()).collect();
    int total = 0;
    for (Packed part : parts) {
      total += part.size;
    }
    double[] scores = new double[total];
    long[] positivesAt = new long[total];
    long[] negativesAt = new long[total];
    int at = 0;
    for (Packed part : parts) {
      System.arraycopy(part.scores, 0, scores, at, part.size);
      System.arraycopy(part.positives, 0, positivesAt, at, part.size);
      System.arraycopy(part.negatives, 0, negativesAt, at, part.size);
      at += part.size;
    }
    return sums(scores, positivesAt, negativesAt, positives);
  }

  /**
   * The sums of {@code scores} (distinct, finite, in any order) with their counts, on the driver: the scores
   * sorted once, each score's counts placed at its rank, then one ascending scan with the placements of
   * {@link Place} and the accumulation of {@code SparkDeLong}'s table scan.
   */
  static SparkDeLong.ModelSums sums(double[] scores, long[] positivesAt, long[] negativesAt, long positives) {
    SparkDeLong.ModelSums sums = new SparkDeLong.ModelSums();
    Ranked.of(scores, positivesAt, negativesAt).walk(positives, (rank, pos, neg, placePositive, placeNegative) -> {
      sums.twiceU += pos * placePositive;
      sums.moments.add(0, pos, placePositive);
      sums.moments.add(1, neg, placeNegative);
    });
    return sums;
  }

  /** What {@link Ranked#walk} gives for each distinct score, in ascending order. */
  @FunctionalInterface
  private interface Placed {
    void at(int rank, long positives, long negatives, long placePositive, long placeNegative);
  }

  /** Distinct scores sorted ascending, with each score's counts at its rank. */
  private record Ranked(double[] scores, long[] positives, long[] negatives) {
    /** From distinct, finite scores in any order (-0.0 folded into 0.0) and their counts. */
    static Ranked of(double[] scores, long[] positivesAt, long[] negativesAt) {
      double[] sorted = scores.clone();
      Arrays.sort(sorted);
      long[] pos = new long[sorted.length];
      long[] neg = new long[sorted.length];
      for (int i = 0; i < scores.length; i++) {
        int rank = Arrays.binarySearch(sorted, scores[i]);
        if (rank < 0 || pos[rank] + neg[rank] != 0) {
          throw new IllegalStateException("score " + scores[i] + " is not one distinct finite score of the table");
        }
        pos[rank] = positivesAt[i];
        neg[rank] = negativesAt[i];
      }
      return new Ranked(sorted, pos, neg);
    }

    /**
     * One ascending scan giving each score's placements, the rule of {@link Place}: a positive scoring it is above
     * every negative below it and half of the tied ones (twice: {@code 2 * negativesBelow + tied}); a negative is
     * below every positive above it and half of the tied ones.
     *
     * @param positives the positives over all scores
     */
    void walk(long positives, Placed placed) {
      long positivesBelow = 0;
      long negativesBelow = 0;
      for (int rank = 0; rank < scores.length; rank++) {
        long pos = this.positives[rank];
        long neg = this.negatives[rank];
        placed.at(rank, pos, neg, 2 * negativesBelow + neg, 2 * (positives - positivesBelow - pos) + pos);
        positivesBelow += pos;
        negativesBelow += neg;
      }
    }
  }

  /** One partition's counts as primitive arrays. */
  private static final class Packed implements Serializable {
    private static final long serialVersionUID = 1L;

    int size;
    double[] scores = new double[16];
    long[] positives = new long[16];
    long[] negatives = new long[16];

    void add(double score, long pos, long neg) {
      if (size == scores.length) {
        int grown = size * 2;
        scores = Arrays.copyOf(scores, grown);
        positives = Arrays.copyOf(positives, grown);
        negatives = Arrays.copyOf(negatives, grown);
      }
      scores[size] = score;
      positives[size] = pos;
      negatives[size] = neg;
      size++;
    }
  }

  /** Packs a partition of {@link #COUNTS} rows. */
  private static final class Pack implements FlatMapFunction<Iterator<Row>, Packed> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<Packed> call(Iterator<Row> rows) {
      Packed packed = new Packed();
      while (rows.hasNext()) {
        Row row = rows.next();
        packed.add(row.getDouble(0), row.getLong(1), row.getLong(2));
      }
      packed.scores = Arrays.copyOf(packed.scores, packed.size);
      packed.positives = Arrays.copyOf(packed.positives, packed.size);
      packed.negatives = Arrays.copyOf(packed.negatives, packed.size);
      return List.of(packed).iterator();
    }
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

  /**
   * Per group of rows, the table of score column {@code score} collected to the driver as a {@link Lookup}, or empty
   * when there are more than {@code maxScores} distinct (group, score) pairs (then the caller keeps the tables on the
   * cluster). One aggregation on (group, score), combined map-side, a count of its groups and one collect of them as
   * primitive arrays; the sort and the placements are done on the driver.
   *
   * @param rows the boolean column {@value LabelledScores#LABEL} and {@code score}
   * @param group an int expression over {@code rows} in {@code [0, positives.length)}
   * @param positives each group's positives
   * @param column the user's name of the score column, for the message
   */
  static Optional<Lookup[]> lookups(
      Dataset<Row> rows, Column group, String score, long[] positives, String column, long maxScores) {
    JavaRDD<Row> counts = rows
        .groupBy(group.as("group"), col(score).as("score"))
        .agg(sum(when(col(LabelledScores.LABEL), 1L).otherwise(0L)).as("positives"),
            sum(when(col(LabelledScores.LABEL), 0L).otherwise(1L)).as("negatives"))
        .javaRDD();
    long distinct = counts.count(); // the aggregation's shuffle is kept and read again by the collect below
    if (distinct > maxScores) {
      return Optional.empty();
    }
    List<Counts> parts = counts.mapPartitions(new ToCounts()).collect();
    int[] sizes = new int[positives.length];
    long collected = 0;
    for (Counts part : parts) {
      for (int g : part.groups) {
        sizes[g]++;
      }
      collected += part.groups.length;
    }
    if (collected != distinct) {
      throw new IllegalStateException("score column '" + column + "' had " + distinct + " distinct scores in one"
          + " scan and " + collected + " in the next: the data changed between two scans of the same frame (a"
          + " non-deterministic column, or a source being written to). Cache or checkpoint the frame first.");
    }
    double[][] scores = new double[sizes.length][];
    long[][] positivesAt = new long[sizes.length][];
    long[][] negativesAt = new long[sizes.length][];
    for (int g = 0; g < sizes.length; g++) {
      scores[g] = new double[sizes[g]];
      positivesAt[g] = new long[sizes[g]];
      negativesAt[g] = new long[sizes[g]];
    }
    int[] filled = new int[sizes.length];
    long[] counted = new long[sizes.length];
    for (Counts part : parts) {
      for (int i = 0; i < part.groups.length; i++) {
        int g = part.groups[i];
        int at = filled[g]++;
        scores[g][at] = part.scores[i];
        positivesAt[g][at] = part.positives[i];
        negativesAt[g][at] = part.negatives[i];
        counted[g] += part.positives[i];
      }
    }
    Lookup[] lookups = new Lookup[sizes.length];
    for (int g = 0; g < sizes.length; g++) {
      if (counted[g] != positives[g]) {   // placements from another count of positives would be silently wrong
        throw new IllegalStateException("score column '" + column + "' was counted over " + counted[g] + " positive"
            + " row(s) where the rows validated one scan before have " + positives[g] + ": the rows changed between"
            + " two scans (a join that lost or repeated rows, or a source being written to). Cache or checkpoint"
            + " the frame first.");
      }
      lookups[g] = Lookup.of(scores[g], positivesAt[g], negativesAt[g], positives[g]);
    }
    return Optional.of(lookups);
  }

  /**
   * One model's placements by distinct score, sorted by score: {@code placePositive[i]} and {@code placeNegative[i]}
   * are the placements of a positive and a negative row scoring {@code scores[i]} (the rule of {@link Place}).
   * Small enough to broadcast: 24 bytes per distinct score.
   */
  static final class Lookup implements Serializable {
    private static final long serialVersionUID = 1L;

    private final double[] scores;
    private final long[] placePositive;
    private final long[] placeNegative;
    private final long twiceU;

    private Lookup(double[] scores, long[] placePositive, long[] placeNegative, long twiceU) {
      this.scores = scores;
      this.placePositive = placePositive;
      this.placeNegative = placeNegative;
      this.twiceU = twiceU;
    }

    /**
     * The lookup from each distinct score's counts, in any order; {@code positives} is their total. The scores are
     * distinct, finite and -0.0 is folded into 0.0.
     */
    static Lookup of(double[] distinctScores, long[] positivesAt, long[] negativesAt, long positives) {
      Ranked ranked = Ranked.of(distinctScores, positivesAt, negativesAt);
      long[] placePositive = new long[ranked.scores.length];
      long[] placeNegative = new long[ranked.scores.length];
      long[] twiceU = new long[1];
      ranked.walk(positives, (rank, pos, neg, positive, negative) -> {
        placePositive[rank] = positive;
        placeNegative[rank] = negative;
        twiceU[0] += pos * positive;
      });
      return new Lookup(ranked.scores, placePositive, placeNegative, twiceU[0]);
    }

    /**
     * The model's exact pair count {@code 2U} over the rows counted: the sum of the positives' placements, the
     * integer {@link #sums} and {@code SparkAuc} compute.
     */
    long twiceU() {
      return twiceU;
    }

    /** How many distinct scores the table has. */
    int size() {
      return scores.length;
    }

    /**
     * The placement of a row of this class scoring {@code score}, or -1 when {@code score} is not one of the
     * table's (the rows changed since the table was counted).
     */
    long place(double score, boolean positive) {
      int at = Arrays.binarySearch(scores, score);
      if (at < 0) {
        return -1;
      }
      return positive ? placePositive[at] : placeNegative[at];
    }
  }

  /** One partition's distinct (group, score) pairs and their counts, as primitive arrays. */
  private record Counts(int[] groups, double[] scores, long[] positives, long[] negatives) implements Serializable {}

  /** Per partition of the grouped counts: its rows as {@link Counts}. */
  private static final class ToCounts implements FlatMapFunction<Iterator<Row>, Counts> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<Counts> call(Iterator<Row> rows) {
      int[] groups = new int[64];
      double[] scores = new double[64];
      long[] positives = new long[64];
      long[] negatives = new long[64];
      int n = 0;
      while (rows.hasNext()) {
        Row row = rows.next(); // group, score, positives, negatives
        if (n == scores.length) {
          groups = Arrays.copyOf(groups, 2 * n);
          scores = Arrays.copyOf(scores, 2 * n);
          positives = Arrays.copyOf(positives, 2 * n);
          negatives = Arrays.copyOf(negatives, 2 * n);
        }
        groups[n] = row.getInt(0);
        scores[n] = row.getDouble(1);
        positives[n] = row.getLong(2);
        negatives[n] = row.getLong(3);
        n++;
      }
      return List.of(new Counts(Arrays.copyOf(groups, n), Arrays.copyOf(scores, n), Arrays.copyOf(positives, n),
          Arrays.copyOf(negatives, n))).iterator();
    }
  }
}
