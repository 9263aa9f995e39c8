package dev.backtestgate.examples;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The calendar of the credit world, in epoch milliseconds (UTC). Accounts open in 2021 to 2023 and get a
 * monthly statement until the data cut at the end of June 2025. Each eligible account has its credit
 * line reviewed once between January 2024 and March 2025 (the decision), so its 90-day outcome is known
 * by the data cut. The "normalize status codes" backfill runs in August 2025, after every outcome is
 * known. Models train on the first half of 2024 and are tested from October 2024 to March 2025, so every
 * training label resolved before the test period starts.
 *
 * <pre>{@code
 * boolean test = Timeline.inTestPeriod(decisionMillis);
 * }</pre>
 */
final class Timeline {
  static final long HOUR = Duration.ofHours(1).toMillis();
  static final long DAY = Duration.ofDays(1).toMillis();

  /** Month 0 of the statement calendar: January 2021, the first month an account can open. */
  static final LocalDate FIRST_MONTH = LocalDate.of(2021, 1, 1);
  /** Accounts open in one of this many months from {@link #FIRST_MONTH} (2021-01 to 2023-12). */
  static final int OPENING_MONTHS = 36;
  /** Statements run through this many months from {@link #FIRST_MONTH} (to June 2025, the data cut). */
  static final int STATEMENT_MONTHS = 54;

  /** Credit-line reviews (decisions) happen from January 2024 to March 2025. */
  static final long DECISIONS_FROM = millis(2024, 1, 1);
  static final long DECISIONS_TO = millis(2025, 4, 1);
  /** Training rows: decisions in the first half of 2024. */
  static final long TRAIN_TO = millis(2024, 7, 1);
  /** Test rows: decisions from October 2024 (training labels all resolved by 2024-09-29) to March 2025. */
  static final long TEST_FROM = millis(2024, 10, 1);
  /** The outcome window after a decision. */
  static final long OUTCOME_WINDOW = Duration.ofDays(90).toMillis();
  /** When the in-place "normalize status codes" backfill ran. */
  static final long BACKFILL_AT = Instant.parse("2025-08-15T02:00:00Z").toEpochMilli();
  /**
   * When an earlier, narrower run of the cleanup rewrote the statements dated before it, in place and silently: inside
   * the test period, so only the test months before it read outcomes.
   */
  static final long EARLY_CLEANUP_AT = Instant.parse("2025-01-15T02:00:00Z").toEpochMilli();
  /** Payments for a statement are due, and posted, this long after it. */
  static final long PAYMENT_DUE = Duration.ofDays(25).toMillis();

  private static final long[] MONTH_STARTS = monthStarts();

  private Timeline() {}

  /** Midnight UTC of the {@code day}-th (1 to 28) day of statement month {@code month}. */
  static long statementDay(int month, int day) {
    return MONTH_STARTS[month] + (day - 1) * DAY;
  }

  static boolean inTrainingPeriod(long decision) {
    return decision >= DECISIONS_FROM && decision < TRAIN_TO;
  }

  static boolean inTestPeriod(long decision) {
    return decision >= TEST_FROM && decision < DECISIONS_TO;
  }

  private static long[] monthStarts() {
    long[] starts = new long[STATEMENT_MONTHS + 1];
    for (int m = 0; m < starts.length; m++) {
      starts[m] = FIRST_MONTH.plusMonths(m).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }
    return starts;
  }

  private static long millis(int year, int month, int day) {
    return LocalDate.of(year, month, day).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
  }
}
