package dev.backtestgate.examples;

/**
 * The August 2025 cleanup that maps every legacy status code to its canonical name. Spellings are easy
 * ("D1" and "30" both become "DPD30"). The review codes ("H", "R", "REVIEW") are not: they hide the
 * state. The cleanup resolves each one to "its final meaning" by looking at how the account ended up: a
 * review on an account that was later charged off becomes "DPD90", any other becomes "CURRENT".
 *
 * <p>That is information from after the outcome. Written into the history, it makes every review row of
 * a future default look like a default months before it happened. Stored in place ({@link
 * #rewrite}), the old value is gone; stored append-only ({@link #record}), the correction is an event
 * recorded in August 2025 that an as-of read for 2024 never sees.
 *
 * <pre>{@code
 * int changed = NormalizeStatusBackfill.rewrite(table, world, Stamping.STAMP_UPDATED_AT);
 * int corrections = NormalizeStatusBackfill.record(log, world);
 * }</pre>
 */
final class NormalizeStatusBackfill {
  /** The reason code of the correction events. */
  static final String REASON = "NORMALIZE_STATUS_CODES";

  private NormalizeStatusBackfill() {}

  /**
   * The canonical code the cleanup writes for statement {@code row}: the state's canonical spelling, or
   * for a review code DPD90 when the account was charged off before the backfill ran, else CURRENT.
   */
  static int normalized(CreditWorld world, int row) {
    int code = world.statements().code()[row];
    if (!StatusCodes.isHold(code)) {
      return StatusCodes.canonical(StatusCodes.meaning(code));
    }
    int account = world.statements().account()[row];
    return StatusCodes.canonical(world.chargedOffBeforeBackfill(account) ? Status.DPD90 : Status.CURRENT);
  }

  /**
   * Runs the cleanup as an in-place UPDATE of every row whose code changes, at {@link
   * Timeline#BACKFILL_AT}. Returns the number of rows rewritten.
   */
  static int rewrite(StatementTable table, CreditWorld world, StatementTable.Stamping stamping) {
    int changed = 0;
    byte[] status = table.status();
    for (int row = 0; row < table.size(); row++) {
      int target = normalized(world, row);
      if (status[row] != target) {
        table.update(row, target, Timeline.BACKFILL_AT, stamping);
        changed++;
      }
    }
    return changed;
  }

  /**
   * Runs the same cleanup append-only: one {@link #REASON} correction per statement whose code changes,
   * valid from the statement date, recorded at {@link Timeline#BACKFILL_AT}, declaring the statement event
   * it corrects ({@code log} holds one event per statement, in statement order, as {@link StatusLog#load}
   * builds it). Returns the number of corrections appended.
   */
  static int record(StatusLog log, CreditWorld world) {
    Statements s = world.statements();
    int corrections = 0;
    for (int row = 0; row < s.size(); row++) {
      int target = normalized(world, row);
      if (s.code()[row] != target) {
        log.append(s.account()[row], s.statementAt()[row], Timeline.BACKFILL_AT, target, StatusLog.CORRECTION, row);
        corrections++;
      }
    }
    return corrections;
  }
}
