package com.acme.stalescores;

import dev.backtestgate.CheckSettings;
import dev.backtestgate.EvidencePart;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import java.time.Duration;
import java.util.List;

/**
 * The stale-scores check's part of the gate evidence: the counts its rule reads, computed in memory
 * ({@link #of}) or on Spark ({@link SparkStaleScores#count}) alike, and judged by one rule ({@link #findings()}).
 *
 * @param maxAge the limit the rows were counted under
 * @param rows the rows counted
 * @param stale the rows whose score is older than {@code maxAge} at decision time
 * @param firstRow the index of the first stale row, or -1
 * @param oldestMillis the largest age of any score, milliseconds
 */
// tag::part[]
public record StaleScoreCount(Duration maxAge, long rows, long stale, long firstRow, long oldestMillis)
    implements EvidencePart<StaleScoreCount> {

  /** Counts the rows of a run held in memory. */
  static StaleScoreCount of(long[] decidedAt, long[] scoredAt, Duration maxAge) {
    long limit = maxAge.toMillis();
    long stale = 0;
    long first = -1;
    long oldest = Long.MIN_VALUE;
    for (int i = 0; i < decidedAt.length; i++) {
      long age = decidedAt[i] - scoredAt[i];
      oldest = Math.max(oldest, age);
      if (age > limit) {
        stale++;
        first = first < 0 ? i : first;
      }
    }
    return new StaleScoreCount(maxAge, decidedAt.length, stale, first, oldest);
  }

  /** The one rule, for a run and for evidence alike. */
  List<Finding> findings() {
    return stale == 0 ? List.of()
        : List.of(new StaleScores(rows, stale, maxAge, firstRow, Duration.ofMillis(oldestMillis)));
  }

  @Override
  public StaleScoreCount plus(StaleScoreCount later) {
    throw new IllegalArgumentException("the evidence has stale-score counts already: add them once");
  }

  @Override
  public List<String> problems(GateEvidence evidence) {                // counts of other rows are refused
    return rows == evidence.summary().rows() ? List.of()
        : List.of("the stale-score counts are of " + rows + " rows, the evidence of " + evidence.summary().rows());
  }

  @Override
  public List<CheckSettings> computedUnder() {                         // never judged under another limit
    return List.of(new ScoreAge(maxAge));
  }
}
// end::part[]
