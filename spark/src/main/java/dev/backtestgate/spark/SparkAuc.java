package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.sum;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apiguardian.api.API;

/**
 * Exact ROC AUC over a DataFrame, equal to the in-memory {@code Auc.of} on the same rows: the probability
 * that a random positive scores above a random negative, ties counted one half, from the exact pair count
 * {@code 2U} (a {@code long}), not from binned scores. Two aggregations and one sorted scan over the
 * distinct scores; a score shared by many rows is one group, so ties cost nothing extra.
 *
 * <pre>{@code
 * double auc = SparkAuc.of(scored, "defaulted", "score");
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class SparkAuc {
  private SparkAuc() {}

  /**
   * AUC of column {@code score} against column {@code label} (boolean, or integral 0/1 with 1 positive).
   *
   * @throws IllegalArgumentException on null, NaN or infinite scores, labels other than 0/1 or null, a
   *     missing column, or labels without at least one positive and one negative
   */
  public static double of(Dataset<Row> data, String label, String score) {
    LabelledScores scores = LabelledScores.of(data, label, List.of(score), 1, "AUC");
    return fromTwiceU(twiceU(ScoreTable.of(scores, "s0")), scores.positives, scores.negatives);
  }

  /** Twice the Mann-Whitney U of a score table: the positives' placements summed. */
  static long twiceU(Dataset<Row> table) {
    Row total = table.agg(sum(col("positives").multiply(col("placePositive")))).first();
    return total.isNullAt(0) ? 0 : total.getLong(0);
  }

  /** The AUC from the exact pair count, computed as the in-memory {@code Auc} does. */
  static double fromTwiceU(long twiceU, long positives, long negatives) {
    return twiceU / (2.0 * positives * negatives);
  }
}
