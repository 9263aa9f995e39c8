package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;
import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.AucEstimate;
import dev.backtestgate.metrics.DeLong;
import java.io.Serializable;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apiguardian.api.API;

/**
 * The paired DeLong comparison of two models over a DataFrame, equal to the in-memory
 * {@code DeLong.compare} on the same rows (to the last bit: the same exact integers go into the same
 * floating-point formula). Per model, each distinct score's placement (see the in-memory {@code Placements}) is
 * counted by one aggregation on the score; the table (24 bytes per distinct score) is collected to the driver,
 * sorted, and broadcast with the other model's, and one scan of the rows looks up each row's two placements (a
 * binary search per score) and sums the differences exactly (a {@code long} sum and a 128-bit sum of squares per
 * class) partition by partition: besides the validating scan, two aggregations on a score and one scan of the rows,
 * no shuffle of the rows. A model with more than 5,000,000 distinct scores keeps its table on the cluster instead: the rows are grouped by (label,
 * candidate score, baseline score) and the groups joined with both tables, the same sums at several times the cost.
 *
 * <pre>{@code
 * AucComparison c = SparkDeLong.compare(scored, "defaulted", "candidate", "baseline", 0.95);
 * System.out.printf("lift %+.3f (95%% CI %+.3f..%+.3f)%n", c.lift(), c.ciLower(), c.ciUpper());
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class SparkDeLong {
  static final String NEEDS =
      "a DeLong variance (its covariances divide by positives - 1 and negatives - 1)";

  private SparkDeLong() {}

  /**
   * Paired comparison of column {@code candidate} against column {@code baseline}.
   *
   * @param confidenceLevel strictly between 0 and 1, for example 0.95
   * @throws IllegalArgumentException as {@link SparkAuc#of} does, and with fewer than 2 positives or 2
   *     negatives
   */
  public static AucComparison compare(
      Dataset<Row> data, String label, String candidate, String baseline, double confidenceLevel) {
    return compare(data, label, candidate, baseline, confidenceLevel, ScoreTable.COLLECT_BOUND);
  }

  /**
   * As {@link #compare(Dataset, String, String, String, double)}, looking the placements up when each model has at
   * most {@code maxLookupScores} distinct scores ({@link ScoreTable#COLLECT_BOUND} by default: the tables are
   * collected to the driver and broadcast, held once per executor), joining them on the cluster otherwise, slower
   * but with no table held in memory; both give the same comparison.
   */
  static AucComparison compare(Dataset<Row> data, String label, String candidate, String baseline,
      double confidenceLevel, long maxLookupScores) {
    requireConfidenceLevel(confidenceLevel);
    LabelledScores scores = LabelledScores.of(data, label, List.of(candidate, baseline), 2, NEEDS);
    Sums total = byLookup(scores.rows, lit(0), new long[] {scores.positives}, candidate, baseline, maxLookupScores)
        .map(sums -> sums[0])
        .orElseGet(() -> byJoin(scores));
    return total.comparison(scores.positives, scores.negatives, confidenceLevel);
  }

  /**
   * One model's DeLong estimate of the AUC of column {@code score}, by the same floating-point steps as the in-memory
   * {@code DeLong.estimate}: the rows grouped by score, the groups' placements summed exactly.
   *
   * @throws IllegalArgumentException as {@link SparkAuc#of} does, and with fewer than 2 positives or 2 negatives
   */
  static AucEstimate estimate(Dataset<Row> data, String label, String score, double confidenceLevel) {
    requireConfidenceLevel(confidenceLevel);
    LabelledScores scores = LabelledScores.of(data, label, List.of(score), 2, NEEDS);
    JavaRDD<Row> counts = scores.rows.groupBy(col("s0").as("score"))
        .agg(sum(when(col(LabelledScores.LABEL), 1L).otherwise(0L)).as("positives"),
            sum(when(col(LabelledScores.LABEL), 0L).otherwise(1L)).as("negatives"))
        .javaRDD().cache();
    try {
      return ScoreTable.sums(data.sparkSession(), counts, counts.count(), scores.positives, ScoreTable.COLLECT_BOUND)
          .estimate(scores.positives, scores.negatives, confidenceLevel);
    } finally {
      counts.unpersist(false);
    }
  }

  /**
   * Per group of rows, the exact sums of a comparison, each row's two placements (within its group) looked up in
   * broadcast tables: two aggregations and one scan of the rows for all groups; empty when a model has more than
   * {@code maxLookupScores} distinct (group, score) pairs. Group g's sums give the comparison {@link #compare} gives on
   * the rows of group g alone.
   *
   * @param rows validated rows ({@link LabelledScores#rows}: label, {@code s0} the candidate, {@code s1} the baseline)
   * @param group an int expression over {@code rows} in {@code [0, positives.length)}
   * @param positives each group's positives
   * @param candidate the user's name of the candidate's column, for a message
   * @param baseline the user's name of the baseline's column, for a message
   */
  static Optional<Sums[]> byLookup(Dataset<Row> rows, Column group, long[] positives, String candidate,
      String baseline, long maxLookupScores) {
    Optional<ScoreTable.Lookup[]> candidateTables =
        ScoreTable.lookups(rows, group, "s0", positives, candidate, maxLookupScores);
    if (candidateTables.isEmpty()) {
      return Optional.empty();
    }
    Optional<ScoreTable.Lookup[]> baselineTables =
        ScoreTable.lookups(rows, group, "s1", positives, baseline, maxLookupScores);
    if (baselineTables.isEmpty()) {
      return Optional.empty();
    }
    Sums[][] sums = scan(rows, group, List.of("s0", "s1"),
        new ScoreTable.Lookup[][] {candidateTables.get(), baselineTables.get()}, candidate + " or " + baseline);
    Sums[] total = new Sums[positives.length];
    for (int g = 0; g < total.length; g++) {
      total[g] = sums[g][0];
    }
    return Optional.of(total);
  }

  /**
   * Per group of rows, the exact sums of the first of {@code columns} against each of the others, every row's
   * placements looked up in {@code tables} ({@code tables[m][g]}: column m's placements in group g): one scan of the
   * rows for any number of models, each model's table broadcast once.
   *
   * @param rows validated rows with the boolean column {@value LabelledScores#LABEL} and the score columns (finite,
   *     -0.0 folded into 0.0)
   * @param group an int expression over {@code rows} in {@code [0, tables[0].length)}
   * @param names the user's names of the columns, for a message
   * @return {@code [g][m - 1]}: group g's sums of column 0 against column m
   */
  static Sums[][] scan(Dataset<Row> rows, Column group, List<String> columns, ScoreTable.Lookup[][] tables,
      String names) {
    Broadcast<ScoreTable.Lookup[][]> broadcast =
        JavaSparkContext.fromSparkContext(rows.sparkSession().sparkContext()).broadcast(tables);
    try {
      int groups = tables[0].length;
      Sums[][] total = LookUp.empty(groups, tables.length - 1);
      List<Column> selected = new ArrayList<>();
      selected.add(col(LabelledScores.LABEL));
      columns.forEach(c -> selected.add(col(c)));
      selected.add(group);
      JavaRDD<Row> scanned = rows.select(selected.toArray(Column[]::new)).javaRDD();
      for (Sums[][] partial : scanned.mapPartitions(new LookUp(broadcast)).collect()) {
        for (int g = 0; g < groups; g++) {
          for (int m = 0; m < total[g].length; m++) {
            if (partial[g][m].unknownScore) {
              throw new IllegalStateException("a row of the data has a " + names + " score that was not among the"
                  + " distinct scores counted one scan before: the data changed between two scans of the same"
                  + " frame (a non-deterministic column, or a source being written to). Cache or checkpoint the"
                  + " frame first.");
            }
            total[g][m].add(partial[g][m]);
          }
        }
      }
      return total;
    } finally {
      broadcast.destroy();
    }
  }

  /**
   * The rows grouped by (label, candidate score, baseline score), each group joined with both score tables: for
   * models with more distinct scores than a lookup holds.
   */
  private static Sums byJoin(LabelledScores scores) {
    Dataset<Row> candidateTable = ScoreTable.of(scores, "s0").select(
        col("score").as("cs"), col("placePositive").as("cp"), col("placeNegative").as("cn"));
    Dataset<Row> baselineTable = ScoreTable.of(scores, "s1").select(
        col("score").as("bs"), col("placePositive").as("bp"), col("placeNegative").as("bn"));
    Dataset<Row> groups = scores.rows.groupBy(LabelledScores.LABEL, "s0", "s1").count()
        .join(candidateTable, col("s0").equalTo(col("cs")))
        .join(baselineTable, col("s1").equalTo(col("bs")))
        .select(col(LabelledScores.LABEL), col("count"), col("cp"), col("cn"), col("bp"), col("bn"));
    Sums total = new Sums();
    for (Sums partial : groups.javaRDD().mapPartitions(new Accumulate()).collect()) {
      total.add(partial);
    }
    return total;
  }

  /** Refuses a confidence level outside (0, 1) before any Spark job runs, as the in-memory check words it. */
  static void requireConfidenceLevel(double confidenceLevel) {
    if (!(confidenceLevel > 0 && confidenceLevel < 1)) {
      throw new IllegalArgumentException(
          "confidence level must be strictly between 0 and 1, got " + confidenceLevel
              + ". Pass a fraction such as 0.95 (not 95).");
    }
  }

  /**
   * One model's exact sums from its {@code ScoreTable}: one scan of the distinct scores, no return to the rows (each
   * distinct score's positives share one placement, its negatives another).
   */
  static ModelSums sums(Dataset<Row> scoreTable) {
    ModelSums total = new ModelSums();
    for (ModelSums partial : scoreTable.javaRDD().mapPartitions(new AccumulateTable()).collect()) {
      total.twiceU += partial.twiceU;
      total.moments.add(partial.moments);
    }
    return total;
  }

  /** One model's {@code 2U} and the moments of its placements per class (0 positive, 1 negative). */
  static final class ModelSums implements Serializable {
    private static final long serialVersionUID = 1L;

    long twiceU;
    final Moments moments = new Moments();

    /**
     * The estimate, by the same floating-point steps as the in-memory {@code DeLong.estimate}.
     *
     * @throws IllegalArgumentException on an invalid confidence level
     */
    AucEstimate estimate(long positives, long negatives, double confidenceLevel) {
      return DeLong.estimateFromSums(twiceU, positives, negatives, moments.variance(positives, negatives),
          confidenceLevel);
    }
  }

  /**
   * Exact sums over groups of rows: {@code 2U} of each model, the rows summed, and per class (0 positive, 1
   * negative) the sums and 128-bit sums of squares of the placement differences and of each model's own placements
   * (for both variances and the covariance, as the in-memory {@code DeLong.compare} reports them).
   */
  static final class Sums implements Serializable {
    private static final long serialVersionUID = 1L;

    long candidateTwiceU;
    long baselineTwiceU;
    long rows;
    boolean unknownScore;
    final Moments differences = new Moments();
    final Moments candidate = new Moments();
    final Moments baseline = new Moments();

    /** Adds {@code count} rows of this class with these placements, to the pair counts and the moments. */
    void addRows(boolean positive, long count, long candidatePlace, long baselinePlace) {
      rows += count;
      if (positive) {
        candidateTwiceU += count * candidatePlace;
        baselineTwiceU += count * baselinePlace;
      }
      add(positive ? 0 : 1, count, candidatePlace, baselinePlace);
    }

    /** Adds {@code count} rows of one class with these placements. */
    void add(int kind, long count, long candidatePlace, long baselinePlace) {
      differences.add(kind, count, candidatePlace - baselinePlace);
      candidate.add(kind, count, candidatePlace);
      baseline.add(kind, count, baselinePlace);
    }

    void add(Sums other) {
      candidateTwiceU += other.candidateTwiceU;
      baselineTwiceU += other.baselineTwiceU;
      rows += other.rows;
      unknownScore |= other.unknownScore;
      differences.add(other.differences);
      candidate.add(other.candidate);
      baseline.add(other.baseline);
    }

    /** The comparison, by the same floating-point steps as the in-memory {@code DeLong.compare}. */
    AucComparison comparison(long positives, long negatives, double confidenceLevel) {
      return DeLong.fromSums(candidateTwiceU, baselineTwiceU, positives, negatives,
          differences.variance(positives, negatives), candidate.variance(positives, negatives),
          baseline.variance(positives, negatives), confidenceLevel);
    }
  }

  /** Per class, the exact sum and 128-bit sum of squares of some placement, and the DeLong variance they give. */
  static final class Moments implements Serializable {
    private static final long serialVersionUID = 1L;

    final long[] sums = new long[2];
    final long[] squaresHigh = new long[2];
    final long[] squaresLow = new long[2];

    /** Adds {@code count} rows of one class whose value is {@code value}. */
    void add(int kind, long count, long value) {
      sums[kind] += count * value;
      long magnitude = Math.abs(value);
      long scaled = magnitude * count; // < 2^63: a placement is below 2^32, a count below 2^31
      addSquare(kind, Math.multiplyHigh(scaled, magnitude), scaled * magnitude);
    }

    private void addSquare(int kind, long high, long low) {
      long sum = squaresLow[kind] + low;
      squaresHigh[kind] += high + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
      squaresLow[kind] = sum;
    }

    void add(Moments other) {
      for (int kind = 0; kind < 2; kind++) {
        sums[kind] += other.sums[kind];
        addSquare(kind, other.squaresHigh[kind], other.squaresLow[kind]);
      }
    }

    /** {@code S10 / positives + S01 / negatives}, converted from half-units as the in-memory code does. */
    double variance(long positives, long negatives) {
      double positiveUnit = 2.0 * negatives;
      double negativeUnit = 2.0 * positives;
      double s10 = sampleVariance(0, positives) / (positiveUnit * positiveUnit);
      double s01 = sampleVariance(1, negatives) / (negativeUnit * negativeUnit);
      return s10 / positives + s01 / negatives;
    }

    /** {@code (count * squares - sum^2) / (count * (count - 1))}, exact up to the final division. */
    private double sampleVariance(int kind, long count) {
      BigInteger squares = BigInteger.valueOf(squaresHigh[kind]).shiftLeft(64)
          .add(new BigInteger(Long.toUnsignedString(squaresLow[kind])));
      BigInteger centeredTimesCount = squares.multiply(BigInteger.valueOf(count))
          .subtract(BigInteger.valueOf(sums[kind]).pow(2));
      return centeredTimesCount.doubleValue() / ((double) count * (count - 1));
    }
  }

  /** Per partition of a score table: its scores' share of {@code 2U} and of the moments. */
  private static final class AccumulateTable implements FlatMapFunction<Iterator<Row>, ModelSums> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<ModelSums> call(Iterator<Row> scores) {
      ModelSums sums = new ModelSums();
      while (scores.hasNext()) {
        Row s = scores.next(); // score, positives, negatives, placePositive, placeNegative
        long positives = s.getLong(1);
        long placePositive = s.getLong(3);
        sums.twiceU += positives * placePositive;
        sums.moments.add(0, positives, placePositive);
        sums.moments.add(1, s.getLong(2), s.getLong(4));
      }
      return List.of(sums).iterator();
    }
  }

  /** Per partition: the exact sums of its groups. */
  private static final class Accumulate implements FlatMapFunction<Iterator<Row>, Sums> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<Sums> call(Iterator<Row> groups) {
      Sums sums = new Sums();
      while (groups.hasNext()) {
        Row g = groups.next();
        boolean positive = g.getBoolean(0);
        long count = g.getLong(1);
        long candidatePlace = positive ? g.getLong(2) : g.getLong(3);
        long baselinePlace = positive ? g.getLong(4) : g.getLong(5);
        sums.addRows(positive, count, candidatePlace, baselinePlace);
      }
      return List.of(sums).iterator();
    }
  }

  /**
   * Per partition of the rows: each row's placements from its group's broadcast tables, one per model, summed
   * exactly by group for the first model against each of the others.
   */
  private static final class LookUp implements FlatMapFunction<Iterator<Row>, Sums[][]> {
    private static final long serialVersionUID = 1L;

    private final Broadcast<ScoreTable.Lookup[][]> tables;

    LookUp(Broadcast<ScoreTable.Lookup[][]> tables) {
      this.tables = tables;
    }

    static Sums[][] empty(int groups, int pairs) {
      Sums[][] sums = new Sums[groups][pairs];
      for (Sums[] group : sums) {
        for (int m = 0; m < pairs; m++) {
          group[m] = new Sums();
        }
      }
      return sums;
    }

    @Override
    public Iterator<Sums[][]> call(Iterator<Row> rows) {
      ScoreTable.Lookup[][] lookups = tables.value();
      int models = lookups.length;
      Sums[][] sums = empty(lookups[0].length, models - 1);
      long[] places = new long[models];
      scan:
      while (rows.hasNext()) {
        Row r = rows.next(); // label, the models' scores, group
        boolean positive = r.getBoolean(0);
        int g = r.getInt(models + 1);
        for (int m = 0; m < models; m++) {
          places[m] = lookups[m][g].place(r.getDouble(1 + m), positive);
          if (places[m] < 0) {
            sums[g][0].unknownScore = true;
            break scan;
          }
        }
        for (int m = 1; m < models; m++) {
          sums[g][m - 1].addRows(positive, 1, places[0], places[m]);
        }
      }
      return List.<Sums[][]>of(sums).iterator();
    }
  }
}
