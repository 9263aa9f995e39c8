package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;

/**
 * The rows grouped by one score in a single aggregating scan, with the checks folded into the same aggregation:
 * each row carries flags (bits the caller defines: a bad label, a bad score, a missing value...) and a key (its
 * score, or null). The group-by on (flags, key) counts rows and positives; the rows without flags make one group
 * per distinct score, the flagged ones a few groups per combination of flags (one per key where the caller keeps
 * one). One small job then sums the groups per flags (rows, positives, the smallest key) and counts the clean
 * groups; the exact sums read the same aggregated groups again from the shuffle, not the rows.
 */
final class ScoreGroups {
  private static final String FLAGS = "__flags";
  private static final String KEY = "__key";
  private static final String POSITIVE = "__positive";

  private final SparkSession session;
  /** Columns: flags (int), key (double, nullable), rows (bigint), positives (bigint). */
  private final JavaRDD<Row> groups;
  private final Summary summary;

  private ScoreGroups(SparkSession session, JavaRDD<Row> groups, Summary summary) {
    this.session = session;
    this.groups = groups;
    this.summary = summary;
  }

  /**
   * Groups the rows of {@code data} by ({@code flags}, {@code key}); {@code positive} is the label (true positive,
   * false or null not). Runs the aggregation and the summary job.
   *
   * @param flags an int expression, 0 for a clean row
   * @param key the row's score (finite, -0.0 folded into 0.0) where it has one, else null; not null when clean
   */
  static ScoreGroups of(Dataset<Row> data, Column flags, Column key, Column positive) {
    Dataset<Row> grouped = data.select(flags.as(FLAGS), key.as(KEY), positive.as(POSITIVE))
        .groupBy(col(FLAGS), col(KEY))
        .agg(count(lit(1)).as("rows"), sum(when(col(POSITIVE), 1L).otherwise(0L)).as("positives"));
    JavaRDD<Row> groups = grouped.javaRDD();
    Summary summary = new Summary();
    for (Summary partial : groups.mapPartitions(new Summarise()).collect()) {
      summary.add(partial);
    }
    return new ScoreGroups(data.sparkSession(), groups, summary);
  }

  /** The rows whose flags include any of {@code bits}. */
  long rowsFlagged(int bits) {
    long rows = 0;
    for (Map.Entry<Integer, long[]> entry : summary.byFlags.entrySet()) {
      if ((entry.getKey() & bits) != 0) {
        rows += entry.getValue()[0];
      }
    }
    return rows;
  }

  /** The rows whose flags are exactly {@code flags}. */
  long rows(int flags) {
    long[] counts = summary.byFlags.get(flags);
    return counts == null ? 0 : counts[0];
  }

  /** The positives among the rows whose flags are exactly {@code flags}. */
  long positives(int flags) {
    long[] counts = summary.byFlags.get(flags);
    return counts == null ? 0 : counts[1];
  }

  /** Whether any row, flagged or not, has a key. */
  boolean anyKey() {
    return summary.anyKey;
  }

  /** The smallest key of any row, flagged or not; only with {@link #anyKey}. */
  double smallestKey() {
    return summary.smallestKey;
  }

  /**
   * The exact sums of the clean groups' scores, with {@code extra} groups (scores distinct from theirs) beside
   * them; {@code positives} counts the positives of both. Collected to the driver when there are at most {@code
   * collectBound} distinct scores, else through the distributed table.
   */
  SparkDeLong.ModelSums sums(List<ScoreCount> extra, long positives, long collectBound) {
    JavaRDD<Row> counts = groups.filter(group -> group.getInt(0) == 0)
        .map(group -> RowFactory.create(group.getDouble(1), group.getLong(3), group.getLong(2) - group.getLong(3)));
    if (!extra.isEmpty()) {
      List<Row> rows = new ArrayList<>();
      for (ScoreCount count : extra) {
        rows.add(RowFactory.create(count.score(), count.positives(), count.negatives()));
      }
      counts = counts.union(JavaSparkContext.fromSparkContext(groups.context()).parallelize(rows, 1));
    }
    return ScoreTable.sums(session, counts, summary.cleanGroups + extra.size(), positives, collectBound);
  }

  /** A group of rows sharing one score, outside the clean groups. */
  record ScoreCount(double score, long positives, long negatives) {}

  /** Per flags, {rows, positives}; the clean groups; the smallest key. */
  private static final class Summary implements Serializable {
    private static final long serialVersionUID = 1L;

    final Map<Integer, long[]> byFlags = new HashMap<>();
    long cleanGroups;
    boolean anyKey;
    double smallestKey = Double.POSITIVE_INFINITY;

    void add(int flags, long rows, long positives) {
      long[] counts = byFlags.computeIfAbsent(flags, f -> new long[2]);
      counts[0] += rows;
      counts[1] += positives;
    }

    void key(double key) {
      anyKey = true;
      smallestKey = Math.min(smallestKey, key);
    }

    void add(Summary other) {
      other.byFlags.forEach((flags, counts) -> add(flags, counts[0], counts[1]));
      cleanGroups += other.cleanGroups;
      if (other.anyKey) {
        key(other.smallestKey);
      }
    }
  }

  /** Per partition of the groups: its summary. */
  private static final class Summarise implements FlatMapFunction<Iterator<Row>, Summary> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<Summary> call(Iterator<Row> groups) {
      Summary summary = new Summary();
      while (groups.hasNext()) {
        Row group = groups.next();
        int flags = group.getInt(0);
        summary.add(flags, group.getLong(2), group.getLong(3));
        if (flags == 0) {
          summary.cleanGroups++;
        }
        if (!group.isNullAt(1)) {
          summary.key(group.getDouble(1));
        }
      }
      return List.of(summary).iterator();
    }
  }
}
