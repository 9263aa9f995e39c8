package dev.backtestgate.examples;

/**
 * Monthly statements of a {@link CreditWorld}, ordered by account, then by time. The true state is what
 * the billing engine knew; the code is what the statement row says (a legacy spelling, or a review code
 * that hides the state). Arrays are shared, not copied: treat them as read-only.
 *
 * <pre>{@code
 * Statements s = world.statements();
 * String raw = StatusCodes.CODES.get(s.code()[row]);
 * }</pre>
 *
 * @param account the account (index into {@link Accounts})
 * @param statementAt the statement date, midnight UTC, epoch ms
 * @param recordedAt when the nightly batch loaded the row, a few hours later
 * @param state the true state ({@link Status} ordinal, never HOLD)
 * @param code the raw status code written (index into {@link StatusCodes#CODES})
 * @param balance the statement balance
 * @param paymentRatio the share of the balance paid by the due date
 * @param paymentRecordedAt when that payment was posted (the due date's nightly batch)
 */
record Statements(
    int[] account,
    long[] statementAt,
    long[] recordedAt,
    byte[] state,
    byte[] code,
    double[] balance,
    double[] paymentRatio,
    long[] paymentRecordedAt) {

  /** Number of statements. */
  int size() {
    return account.length;
  }
}
