package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.internal.Wording;
import java.time.Duration;
import java.time.Instant;
import org.apiguardian.api.API;

/**
 * Validation shared by the column types of the join, the history checks and the screens: every failure names the
 * column, the count and the first bad index. Public only so that the core's other packages share one wording; not
 * for users.
 */
@API(status = INTERNAL, since = "0.1")
public final class Columns {
  /** Reserved: marks "no time" in joined output, so never accepted as an input time. */
  public static final long NO_TIME = Long.MIN_VALUE;

  private Columns() {}

  /** Fails with an {@link IllegalArgumentException} (never a NullPointerException) when {@code value} is null. */
  public static <T> T required(T value, String what) {
    if (value == null) {
      throw new IllegalArgumentException(what + " is null: pass a value (an empty one where there is nothing).");
    }
    return value;
  }

  public static void requireLength(String owner, String column, int actual, String referenceColumn, int expected) {
    if (actual != expected) {
      throw new IllegalArgumentException(
          owner + ": column '" + column + "' has " + Wording.count(actual) + " rows but '" + referenceColumn + "' has "
              + expected + "; every column must have one entry per row");
    }
  }

  /** Rejects {@link #NO_TIME} (Long.MIN_VALUE), the marker a missing time was converted to. */
  public static void requireTimes(String owner, String column, long[] times) {
    int bad = 0;
    int first = -1;
    for (int i = 0; i < times.length; i++) {
      if (times[i] == NO_TIME) {
        if (bad++ == 0) {
          first = i;
        }
      }
    }
    if (bad > 0) {
      throw new IllegalArgumentException(EpochMillis.missingTimes(owner, column, bad, first));
    }
  }

  public static long nonNegativeMillis(Duration duration, String what) {
    required(duration, what);
    if (duration.isNegative()) {
      throw new IllegalArgumentException(what + " must not be negative, got " + duration);
    }
    if (!EpochMillis.fits(duration)) {
      throw new IllegalArgumentException(what + " is " + duration + ": longer than the longest duration in "
          + "milliseconds, " + EpochMillis.LONGEST + " (Long.MAX_VALUE ms); use a shorter one");
    }
    return duration.toMillis();
  }

  /** The epoch milliseconds of {@code instant}, a single time (not a column's row); see the row form. */
  public static long millis(Instant instant, String what) {
    required(instant, what);
    if (!EpochMillis.fits(instant)) {
      throw new IllegalArgumentException(what + " is " + instant + ": outside the times epoch milliseconds can hold, "
          + EpochMillis.range() + "; fix the time");
    }
    return instant.toEpochMilli();
  }

  /**
   * The epoch milliseconds of {@code instant}, for row {@code row} of a builder.
   *
   * @throws IllegalArgumentException naming the column, the row, the instant and the allowed range when it is
   *     null, beyond the millisecond range, or exactly the reserved "no time" marker
   */
  public static long millis(Instant instant, String what, int row) {
    if (instant == null) {
      throw new IllegalArgumentException(what + " of row " + row + " is null: every row needs a time; drop the row "
          + "or fill in its time");
    }
    if (!EpochMillis.fits(instant)) {
      throw new IllegalArgumentException(what + " of row " + row + " is " + instant + ": outside the times a column "
          + "can hold, " + EpochMillis.range() + " (epoch milliseconds in a long; Long.MIN_VALUE is reserved for a "
          + "missing time); fix the time");
    }
    return instant.toEpochMilli();
  }

  public static String requireName(String name, String what) {
    required(name, what);
    if (name.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return name;
  }
}
