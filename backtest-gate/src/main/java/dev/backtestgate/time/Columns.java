package dev.backtestgate.time;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** Validation shared by the column types: every failure names the column, the count and the first bad index. */
final class Columns {
  /** Reserved: marks "no time" in joined output, so never accepted as an input time. */
  static final long NO_TIME = Long.MIN_VALUE;

  private Columns() {}

  static <T> T required(T value, String what) {
    return Objects.requireNonNull(value, () -> what + " must not be null");
  }

  static void requireLength(String owner, String column, int actual, String referenceColumn, int expected) {
    if (actual != expected) {
      throw new IllegalArgumentException(
          owner + ": column '" + column + "' has " + actual + " rows but '" + referenceColumn + "' has "
              + expected + "; every column must have one entry per row");
    }
  }

  /** Rejects {@link #NO_TIME} (Long.MIN_VALUE), the marker a missing time was converted to. */
  static void requireTimes(String owner, String column, long[] times) {
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
      throw new IllegalArgumentException(
          owner + ": column '" + column + "' has " + bad + " missing time(s) (Long.MIN_VALUE), first at row "
              + first + "; every row needs a time in epoch milliseconds: drop or fill those rows first");
    }
  }

  static long nonNegativeMillis(Duration duration, String what) {
    required(duration, what);
    if (duration.isNegative()) {
      throw new IllegalArgumentException(what + " must not be negative, got " + duration);
    }
    try {
      return duration.toMillis();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(what + " is too long to express in milliseconds: " + duration, e);
    }
  }

  static long millis(Instant instant, String what) {
    required(instant, what);
    try {
      long millis = instant.toEpochMilli();
      if (millis == NO_TIME) {
        throw new IllegalArgumentException(what + " " + instant + " is reserved (Long.MIN_VALUE millis)");
      }
      return millis;
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(what + " " + instant + " does not fit in epoch milliseconds", e);
    }
  }

  static String requireName(String name, String what) {
    required(name, what);
    if (name.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return name;
  }
}
