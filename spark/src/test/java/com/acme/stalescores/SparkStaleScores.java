package com.acme.stalescores;

import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.spark.SparkColumns;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;

/** The stale-scores part computed where the rows live: one aggregation, the same counts as in memory. */
// tag::spark[]
public final class SparkStaleScores {
  private SparkStaleScores() {}

  /** The counts over {@code scored}, whose {@code rowId} column numbers the rows 0, 1, 2, ... as in memory. */
  public static StaleScoreCount count(Dataset<Row> scored, String rowId, String decidedAt, String scoredAt,
      GatePolicy policy) {
    SparkColumns.requireColumns(scored, "stale scores", rowId, decidedAt, scoredAt);
    ScoreAge limit = policy.settings(ScoreAge.DEFAULTS);
    Column age = SparkColumns.millis(scored, decidedAt, "stale scores")          // bigint, TIMESTAMP or
        .minus(SparkColumns.millis(scored, scoredAt, "stale scores"));           // TIMESTAMP_NTZ, as the gate reads them
    Column stale = age.gt(lit(limit.maxAge().toMillis()));
    Row counts = scored.agg(functions.count(lit(1)), sum(when(stale, 1L).otherwise(0L)),
        min(when(stale, SparkColumns.longId(scored, rowId, "stale scores"))), max(age)).first();
    return new StaleScoreCount(limit.maxAge(), counts.getLong(0), counts.getLong(1),
        counts.isNullAt(2) ? -1 : counts.getLong(2), counts.getLong(3));
  }
}
// end::spark[]
