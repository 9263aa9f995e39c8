package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apiguardian.api.API;

/**
 * Exact ROC AUC over a DataFrame, equal to the in-memory {@code Auc.of} on the same rows: the probability
 * that a random positive scores above a random negative, ties counted one half, from the exact pair count
 * {@code 2U} (a {@code long}), not from binned scores. One aggregating scan of the rows groups them by score and
 * counts the refusals (null or bad labels, null, NaN or infinite scores) in the same aggregation; the counts per
 * distinct score (a score shared by many rows is one group, so ties cost nothing extra) are then summed on the
 * driver, or, above 5 million distinct scores, through a sorted table on the cluster.
 *
 * <pre>{@code
 * double auc = SparkAuc.of(scored, "defaulted", "score");
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class SparkAuc {
  private static final int LABEL_NULL = 1;
  private static final int LABEL_BAD = 2;
  private static final int SCORE_BAD = 4;

  private SparkAuc() {}

  /**
   * AUC of column {@code score} against column {@code label} (boolean, or integral 0/1 with 1 positive).
   *
   * @throws IllegalArgumentException on null, NaN or infinite scores, labels other than 0/1 or null, a
   *     missing column, or labels without at least one positive and one negative
   */
  public static double of(Dataset<Row> data, String label, String score) {
    return of(data, label, score, ScoreTable.COLLECT_BOUND);
  }

  /** As {@link #of(Dataset, String, String)}, collecting at most {@code collectBound} distinct scores. */
  static double of(Dataset<Row> data, String label, String score, long collectBound) {
    Objects.requireNonNull(data, "data must not be null");
    SparkColumns.requireColumns(data, "the data", label, score);
    Column positive = LabelledScores.labelColumn(data, label);
    Column value = LabelledScores.scoreColumn(data, score);
    Column badScore = LabelledScores.badScore(value);
    Column flags = when(positive.isNull(), lit(LABEL_NULL))
        .when(LabelledScores.badLabel(data, label), lit(LABEL_BAD)).otherwise(lit(0))
        .plus(when(badScore, lit(SCORE_BAD)).otherwise(lit(0)));
    Column key = when(flags.equalTo(0), value);
    ScoreGroups groups = ScoreGroups.of(data, flags, key, positive);
    LabelledScores.requireLabels(data, label, groups.rowsFlagged(LABEL_NULL), groups.rowsFlagged(LABEL_BAD));
    LabelledScores.requireScores(data, label, score, groups.rowsFlagged(SCORE_BAD));
    long positives = groups.positives(0);
    long negatives = groups.rows(0) - positives;
    LabelledScores.requireClasses(positives, negatives, 1, "AUC");
    return fromTwiceU(groups.sums(List.of(), positives, collectBound).twiceU, positives, negatives);
  }

  /** The AUC from the exact pair count, computed as the in-memory {@code Auc} does. */
  static double fromTwiceU(long twiceU, long positives, long negatives) {
    return twiceU / (2.0 * positives * negatives);
  }
}
