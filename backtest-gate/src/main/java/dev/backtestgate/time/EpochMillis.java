package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.pointintime.PointInTimeCheck;
import java.time.Duration;
import java.time.Instant;
import org.apiguardian.api.API;

/**
 * The range of times and durations that the gate and the join hold as epoch milliseconds in a {@code long}:
 * what {@code Instant} and {@code Duration} conveniences check before converting, so that a time beyond
 * the range fails with a message instead of a {@code long overflow}.
 *
 * <p>Times before 1970 (negative milliseconds) are ordinary times, accepted by the gate and the join alike.
 * {@code Long.MIN_VALUE} is reserved: it marks a missing knowledge time ({@link PointInTimeCheck#NO_VALUE})
 * and is never a decision, validFrom or recordedAt time.
 *
 * <pre>{@code
 * EpochMillis.fits(Instant.parse("1969-07-20T20:17:40Z"));   // true: pre-1970 times are times
 * EpochMillis.fits(Instant.MAX);                              // false: beyond Long.MAX_VALUE ms
 * EpochMillis.fits(Duration.ofDays(1));                       // true
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EpochMillis {
  /** The earliest time: Long.MIN_VALUE + 1 ms (Long.MIN_VALUE itself marks "no time"). */
  public static final Instant EARLIEST = Instant.ofEpochMilli(Long.MIN_VALUE + 1);
  /** The latest time: Long.MAX_VALUE ms after 1970-01-01T00:00:00Z. */
  public static final Instant LATEST = Instant.ofEpochMilli(Long.MAX_VALUE);
  /** The longest duration: Long.MAX_VALUE ms (about 292 million years). */
  public static final Duration LONGEST = Duration.ofMillis(Long.MAX_VALUE);

  private EpochMillis() {}

  /** Whether {@code time} lies in {@link #EARLIEST}..{@link #LATEST} (millisecond truncation aside). */
  public static boolean fits(Instant time) {
    return time != null && !time.isBefore(EARLIEST) && time.isBefore(LATEST.plusMillis(1));
  }

  /** Whether {@code duration} is zero or positive and at most {@link #LONGEST} (millisecond truncation aside). */
  public static boolean fits(Duration duration) {
    return duration != null && !duration.isNegative() && duration.compareTo(LONGEST.plusMillis(1)) < 0;
  }

  /**
   * The message for a time column holding the reserved {@code Long.MIN_VALUE}: the same words whether the join's
   * spine or event log or the gate's run holds it.
   *
   * @param owner what holds the column, e.g. {@code "spine"}
   * @param column the column's name
   * @param count how many rows hold the marker
   * @param first the first such row
   */
  public static String missingTimes(String owner, String column, int count, int first) {
    return owner + ": column '" + column + "' has " + Wording.count(count)
        + " missing time(s) (Long.MIN_VALUE, the reserved "
        + "\"no time\" marker), first at row " + first + "; every row needs a time in epoch milliseconds (times "
        + "before 1970 are negative numbers and are accepted): drop or fill those rows first";
  }

  /** "-292275055-05-16T16:47:04.193Z to +292278994-08-17T07:12:55.807Z": the range, for messages. */
  public static String range() {
    return EARLIEST + " to " + LATEST;
  }
}
