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
   * An earlier, narrower run of the cleanup, in place and silent (no {@code updated_at}), at {@code ranAt} inside the
   * test period. Over the statements dated before then, it spells every code canonically and closes each review code
   * whose outcome it can see: DPD90 when the account went 90+ days past due after the review and by {@code ranAt},
   * CURRENT when the 90 days after the review passed without that; a review younger than 90 days that has not gone
   * bad stays open. Statements dated from {@code ranAt} on keep the codes the source systems wrote.
   *
   * <p>So a credit-line review decided more than 90 days before the cleanup reads its own outcome in its latest
   * status, and a review decided after it reads nothing from its future: the lift is high in the old test months and
   * gone in the late ones, while no timestamp changed. Returns the number of rows rewritten.
   */
  static int rewriteUpTo(StatementTable table, CreditWorld world, long ranAt) {
    Statements s = world.statements();
    Accounts accounts = world.accounts();
    byte[] status = table.status();
    int changed = 0;
    for (int account = 0; account < accounts.size(); account++) {
      int first = accounts.firstStatement()[account];
      boolean wentBadLater = false; // a 90+ statement after the row and by ranAt: the rows are walked backwards
      for (int row = first + accounts.statementCount()[account] - 1; row >= first; row--) {
        long at = s.statementAt()[row];
        if (at > ranAt) {
          continue;
        }
        wentBadLater |= Status.of(s.state()[row]).isDefault();
        int code = status[row];
        int target = !StatusCodes.isHold(code) ? StatusCodes.canonical(StatusCodes.meaning(code))
            : wentBadLater ? StatusCodes.canonical(Status.DPD90)
            : at + Timeline.OUTCOME_WINDOW <= ranAt ? StatusCodes.canonical(Status.CURRENT)
            : code;
        if (at < ranAt && target != code) {
          table.update(row, target, ranAt, StatementTable.Stamping.SILENT);
          changed++;
        }
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
