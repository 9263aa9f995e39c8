package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;


import java.util.List;
import org.apiguardian.api.API;

/**
 * One feature column of a {@link FeatureTable}: per spine row the joined value, the {@code recordedAt} of the
 * event it came from ({@link #knownAt()}) and that event's position in its log ({@link #sourceIndex()}).
 * Where the value is missing, {@code knownAt} is {@link #NO_KNOWN_AT}: there is no value whose knowledge
 * time could be checked. Arrays are not copied.
 *
 * <pre>{@code
 * JoinedFeature.Numeric balance = table.numeric("balance");
 * double v = balance.values()[row];          // NaN when missing
 * long known = balance.knownAt()[row];       // recordedAt of the source event, or NO_KNOWN_AT
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public sealed interface JoinedFeature permits JoinedFeature.Numeric, JoinedFeature.Categorical {
  /**
   * The knowledge time of a missing value: Long.MIN_VALUE. A point-in-time check treats it as "no value,
   * nothing to check" (knownAt + any non-negative lag is still at or before every decision time).
   */
  long NO_KNOWN_AT = Long.MIN_VALUE;

  /** The feature name (the event log's name). */
  String name();

  /** Per row, the recordedAt of the chosen event, or {@link #NO_KNOWN_AT} where the value is missing. */
  long[] knownAt();

  /**
   * Per row, the chosen event's index in its {@link EventLog}, or -1 when no event qualified (none known
   * yet, or the newest one is older than the time-to-live). An event that records a missing value
   * ({@link MissingValues#KEEP}) has an index but a missing value.
   */
  int[] sourceIndex();

  default int rows() {
    return knownAt().length;
  }

  default boolean isMissing(int row) {
    return knownAt()[row] == NO_KNOWN_AT;
  }

  /** The number of rows whose value is missing. */
  default int missingCount() {
    int missing = 0;
    for (long known : knownAt()) {
      if (known == NO_KNOWN_AT) {
        missing++;
      }
    }
    return missing;
  }

  /** A numeric feature: NaN marks a missing value. */
  record Numeric(String name, double[] values, long[] knownAt, int[] sourceIndex) implements JoinedFeature {}

  /** A categorical feature: code -1 marks a missing value; codes index {@code categories}. */
  record Categorical(String name, int[] codes, List<String> categories, long[] knownAt, int[] sourceIndex)
      implements JoinedFeature {
    /** The category name at {@code row}, or {@code null} where the value is missing. */
    public String category(int row) {
      int code = codes[row];
      return code < 0 ? null : categories.get(code);
    }
  }
}
