package dev.backtestgate.lifttrend;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How the lift-trend check cuts the test rows into periods by decision time ({@code backtestgate.lift-periods}):
 * calendar months, ISO weeks (Monday to Sunday) or calendar quarters in UTC, or fixed-length periods of an ISO-8601
 * duration anchored at the earliest decision.
 *
 * <pre>{@code
 * LiftPeriods.parse("month");   // 2025-06, 2025-07, ...
 * LiftPeriods.parse("P14D");    // two weeks at a time from the first decision
 * }</pre>
 *
 * @param unit the kind of period
 * @param length the length of a {@link Unit#DURATION} period; {@link Duration#ZERO} for the calendar units
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftPeriods(Unit unit, Duration length) {
  /** Calendar months in UTC, the default. */
  public static final LiftPeriods MONTH = new LiftPeriods(Unit.MONTH, Duration.ZERO);
  /** ISO weeks in UTC, Monday to Sunday. */
  public static final LiftPeriods WEEK = new LiftPeriods(Unit.WEEK, Duration.ZERO);
  /** Calendar quarters in UTC. */
  public static final LiftPeriods QUARTER = new LiftPeriods(Unit.QUARTER, Duration.ZERO);
  /** What {@link #parse} accepts, for messages. */
  public static final String ALLOWED = "month, week, quarter or a positive ISO-8601 duration of whole milliseconds "
      + "(e.g. P14D or PT12H), anchored at the earliest decision";

  /**
   * One period of a grid.
   *
   * @param index its position, 0 for the period of the earliest decision
   * @param name {@code 2025-06}, {@code 2025-Q2}, {@code 2025-W23}, or its start for a duration
   * @param start the first instant in it
   * @param end the first instant after it
   */
  public record Span(int index, String name, Instant start, Instant end) {}

  /** The kinds of period. */
  public enum Unit {
    MONTH,
    WEEK,
    QUARTER,
    DURATION
  }

  /** Checks the length: zero for calendar units; positive, whole milliseconds, for a duration. */
  public LiftPeriods {
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(length, "length");
    if (unit != Unit.DURATION && !length.isZero()) {
      throw new IllegalArgumentException("a " + unit + " period has no length of its own, not " + length);
    }
    if (unit == Unit.DURATION && !validLength(length)) {
      throw new IllegalArgumentException("a lift period of " + length + " is not " + ALLOWED + ".");
    }
  }

  /** Periods of a fixed {@code length}, anchored at the earliest decision. */
  public static LiftPeriods every(Duration length) {
    return new LiftPeriods(Unit.DURATION, length);
  }

  /**
   * Strict inverse of {@link #configValue()}.
   *
   * @throws IllegalArgumentException naming the value and what is allowed
   */
  public static LiftPeriods parse(String text) {
    switch (text) {
      case "month":
        return MONTH;
      case "week":
        return WEEK;
      case "quarter":
        return QUARTER;
      default:
        break;
    }
    Duration length;
    try {
      length = Duration.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("'" + text + "' is not " + ALLOWED + hint(text) + ".");
    }
    if (!validLength(length)) {
      throw new IllegalArgumentException("'" + text + "' is not " + ALLOWED + ".");
    }
    return every(length);
  }

  private static String hint(String text) {
    String upper = text.toUpperCase(Locale.ROOT);
    return upper.matches("P\\d+[YM].*") ? " (months and years have no fixed length: use month or quarter)" : "";
  }

  private static boolean validLength(Duration length) {
    return length.compareTo(Duration.ofMillis(1)) >= 0 && length.getNano() % 1_000_000 == 0
        && length.getSeconds() < Long.MAX_VALUE / 1000;
  }

  /** As written in the configuration: {@code month}, {@code week}, {@code quarter} or the ISO duration. */
  public String configValue() {
    return unit == Unit.DURATION ? length.toString() : unit.name().toLowerCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return configValue();
  }

  /**
   * The periods from the one holding {@code first} to the one holding {@code last} (epoch milliseconds), empty ones
   * included: what an engine that holds the rows elsewhere splits them by.
   *
   * @throws IllegalArgumentException when that is more than {@link LiftTrendSettings#MAX_PERIODS} periods
   */
  public java.util.List<Span> spans(long first, long last) {
    PeriodGrid grid = grid(first, last, LiftTrendSettings.MAX_PERIODS);
    java.util.List<Span> spans = new java.util.ArrayList<>(grid.count());
    for (int k = 0; k < grid.count(); k++) {
      spans.add(new Span(k, grid.label(k), grid.start(k), grid.end(k)));
    }
    return spans;
  }

  /**
   * The periods from the one holding {@code first} to the one holding {@code last} (epoch milliseconds), empty
   * ones included.
   *
   * @throws IllegalArgumentException when that is more than {@code cap} periods, naming the count and the cap
   */
  PeriodGrid grid(long first, long last, int cap) {
    long count = count(first, last);
    if (count > cap) {
      throw new IllegalArgumentException(fmt("backtestgate.lift-periods=%s cuts the decisions from %s to %s into "
          + "%,d periods, more than the cap of %,d (LiftTrendSettings.MAX_PERIODS): a period that fine holds too "
          + "few rows of each class to measure a lift. Choose coarser periods: month, quarter, or a longer "
          + "duration.", configValue(), Instant.ofEpochMilli(first), Instant.ofEpochMilli(last), count, cap));
    }
    int n = (int) count;
    long[] starts = new long[n + 1];
    String[] labels = new String[n];
    if (unit == Unit.DURATION) {
      long step = length.toMillis();
      starts[0] = first;
      for (int k = 1; k <= n; k++) {
        starts[k] = saturatedAdd(starts[k - 1], step);
      }
      boolean byDay = step % 86_400_000L == 0 && Math.floorMod(first, 86_400_000L) == 0;
      for (int k = 0; k < n; k++) {
        Instant start = Instant.ofEpochMilli(starts[k]);
        labels[k] = byDay ? LocalDate.ofInstant(start, ZoneOffset.UTC).toString() : start.toString();
      }
      return new PeriodGrid(starts, labels, first, step);
    }
    LocalDate day = floor(day(first));
    for (int k = 0; k < n; k++) {
      starts[k] = millis(day, first, last);
      labels[k] = label(day);
      day = next(day);
    }
    starts[n] = millis(day, first, last);
    return new PeriodGrid(starts, labels, 0, 0);
  }

  /** How many periods {@link #grid} would make, computed without making them. */
  long count(long first, long last) {
    if (unit == Unit.DURATION) {
      long span = last - first;
      long whole = span / length.toMillis();
      return span < 0 || whole == Long.MAX_VALUE ? Long.MAX_VALUE : whole + 1; // span < 0: it overflowed
    }
    LocalDate from = floor(day(first));
    LocalDate to = floor(day(last));
    return switch (unit) {
      case MONTH -> monthsBetween(from, to) + 1;
      case QUARTER -> monthsBetween(from, to) / 3 + 1;
      case WEEK -> (to.toEpochDay() - from.toEpochDay()) / 7 + 1;
      case DURATION -> throw new AssertionError();
    };
  }

  private static long monthsBetween(LocalDate from, LocalDate to) {
    return YearMonth.from(to).getLong(java.time.temporal.ChronoField.PROLEPTIC_MONTH)
        - YearMonth.from(from).getLong(java.time.temporal.ChronoField.PROLEPTIC_MONTH);
  }

  private static LocalDate day(long epochMillis) {
    return LocalDate.ofEpochDay(Math.floorDiv(epochMillis, 86_400_000L));
  }

  private LocalDate floor(LocalDate day) {
    return switch (unit) {
      case MONTH -> day.withDayOfMonth(1);
      case QUARTER -> day.withDayOfMonth(1).withMonth((day.getMonthValue() - 1) / 3 * 3 + 1);
      case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      case DURATION -> throw new AssertionError();
    };
  }

  private LocalDate next(LocalDate start) {
    return switch (unit) {
      case MONTH -> start.plusMonths(1);
      case QUARTER -> start.plusMonths(3);
      case WEEK -> start.plusWeeks(1);
      case DURATION -> throw new AssertionError();
    };
  }

  private String label(LocalDate start) {
    return switch (unit) {
      case MONTH -> YearMonth.from(start).toString();
      case QUARTER -> start.getYear() + "-Q" + start.get(IsoFields.QUARTER_OF_YEAR);
      case WEEK -> fmt("%d-W%02d", start.get(IsoFields.WEEK_BASED_YEAR), start.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
      case DURATION -> throw new AssertionError();
    };
  }

  /**
   * The first millisecond of {@code day}; a period bound beyond the millisecond range (decision times near
   * {@code Long.MAX_VALUE} or {@code Long.MIN_VALUE}) is refused naming the decisions and the period.
   */
  private long millis(LocalDate day, long first, long last) {
    try {
      return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(fmt("the decision times run from %s to %s, and the %s period bound %s lies "
          + "beyond what epoch milliseconds can hold (%s to %s), so the lift per period cannot be measured: decision "
          + "times this far out are not real decisions. Check their unit (epoch milliseconds, not microseconds or "
          + "nanoseconds) and any placeholder such as Long.MAX_VALUE.", Instant.ofEpochMilli(first),
          Instant.ofEpochMilli(last), configValue(), day, Instant.ofEpochMilli(Long.MIN_VALUE),
          Instant.ofEpochMilli(Long.MAX_VALUE)), e);
    }
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }
}
