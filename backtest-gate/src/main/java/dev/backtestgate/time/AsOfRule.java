package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.Serializable;
import org.apiguardian.api.API;

/**
 * The as-of rule of the point-in-time join, in one place: the effective time (availability lag), when an event
 * is available, which of two events wins (tie order), and the time-to-live. This class is the one home of the
 * rule: the in-memory join ({@code BitemporalAsOf}, {@code SortedSpine}) and Spark's scan
 * ({@code dev.backtestgate.spark.AsOfScan}) both call it, so the engines cannot drift apart
 * (docs/point-in-time-semantics.md states the rule for people).
 *
 * <p>Rule: a spine row with decision time t has the effective time e = t - lag. An event (validFrom,
 * recordedAt) qualifies at e when both are &le; e, which is when its availability time max(validFrom,
 * recordedAt) is &le; e. The row takes the qualifying event that is greatest by (validFrom, recordedAt, tie),
 * where the tie is the later position in the log (in memory) or the greater event id (Spark). With a
 * time-to-live the winner must also have validFrom &ge; e - ttl (saturating), else the value is missing;
 * checking only the winner is right because every other candidate has an older validFrom.
 *
 * <p>The work is done by static methods on {@code long}s, so the in-memory join's hot loop stays on primitives
 * and the JIT inlines them; an instance is the serializable form (the time-to-live) that a Spark task carries.
 *
 * <pre>{@code
 * long e = AsOfRule.effective(decisionTime, lagMillis);           // after AsOfRule.representable(...)
 * boolean wins = AsOfRule.beats(v, r, id, bestV, bestR, bestId);
 * boolean kept = AsOfRule.of(ttlMillis).fresh(bestV, e);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class AsOfRule implements Serializable {
  /** Marks "no time-to-live". */
  public static final long NO_TTL = -1;

  private static final long serialVersionUID = 1L;

  private final long ttlMillis;

  private AsOfRule(long ttlMillis) {
    this.ttlMillis = ttlMillis;
  }

  /** The rule with time-to-live {@code ttlMillis} ({@link #NO_TTL} for none). */
  public static AsOfRule of(long ttlMillis) {
    if (ttlMillis < 0 && ttlMillis != NO_TTL) {
      throw new IllegalArgumentException("time-to-live " + ttlMillis + " ms is negative: use NO_TTL for none");
    }
    return new AsOfRule(ttlMillis);
  }

  /** The time-to-live in milliseconds, or {@link #NO_TTL}. */
  public long ttlMillis() {
    return ttlMillis;
  }

  /** Whether a winner with {@code validFrom} is young enough at effective time {@code e} under this rule. */
  public boolean fresh(long validFrom, long e) {
    return fresh(validFrom, e, ttlMillis);
  }

  /** Whether {@code t - lag} is representable (it does not wrap around; {@code lag} is not negative). */
  public static boolean representable(long t, long lag) {
    return t - lag <= t;
  }

  /** The effective time e = t - lag of a row; check {@link #representable} first. */
  public static long effective(long t, long lag) {
    return t - lag;
  }

  /** When an event qualifies: the later of its validFrom and its recordedAt. */
  public static long availableAt(long validFrom, long recordedAt) {
    return Math.max(validFrom, recordedAt);
  }

  /** Whether an event available at {@code available} qualifies for a row at effective time {@code e}. */
  public static boolean qualifies(long available, long e) {
    return available <= e;
  }

  /**
   * The tie order: whether event (v, r, tie) beats the best so far (bestV, bestR, bestTie), that is, is greater
   * by validFrom, then recordedAt, then tie (position in the log, or event id). Equal events do not beat.
   */
  public static boolean beats(long v, long r, long tie, long bestV, long bestR, long bestTie) {
    return v > bestV || (v == bestV && (r > bestR || (r == bestR && tie > bestTie)));
  }

  /** Whether a winner with {@code validFrom} is young enough at effective time {@code e}: validFrom &ge; e - ttl. */
  public static boolean fresh(long validFrom, long e, long ttl) {
    return ttl == NO_TTL || validFrom >= oldestAllowed(e, ttl);
  }

  /** e - ttl, saturating at {@link Long#MIN_VALUE} instead of wrapping around. */
  static long oldestAllowed(long e, long ttl) {
    long oldest = e - ttl;
    return oldest > e ? Long.MIN_VALUE : oldest;
  }

  @Override
  public String toString() {
    return "AsOfRule[ttlMillis=" + (ttlMillis == NO_TTL ? "none" : ttlMillis) + "]";
  }
}
