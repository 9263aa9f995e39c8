package dev.backtestgate.examples;

/**
 * The accounts of a {@link CreditWorld}, one entry per account in every column. An account's statements
 * are the contiguous range {@code firstStatement[a] .. firstStatement[a] + statementCount[a]} of
 * {@link Statements}. Arrays are shared, not copied: treat them as read-only.
 *
 * <pre>{@code
 * Accounts a = world.accounts();
 * boolean reviewed = a.decisionAt()[account] != Accounts.NO_DECISION;
 * }</pre>
 *
 * @param system the source system that wrote the account's statements (index into
 *     {@link StatusCodes#SYSTEMS})
 * @param openedAt when the account opened, epoch ms
 * @param creditLimit the credit limit, set at opening and never changed
 * @param firstStatement index of the account's first statement
 * @param statementCount how many statements the account has
 * @param chargedOffAt when the account was charged off, or {@link #NEVER}
 * @param decisionAt when the account's credit line was reviewed in 2024, or {@link #NO_DECISION} when it
 *     was not eligible (too new, or already 90+ days past due)
 * @param defaulted whether the account reached 90+ days past due within 90 days after the decision
 */
record Accounts(
    byte[] system,
    long[] openedAt,
    double[] creditLimit,
    int[] firstStatement,
    int[] statementCount,
    long[] chargedOffAt,
    long[] decisionAt,
    boolean[] defaulted) {

  /** {@link #chargedOffAt()} of an account that was never charged off. */
  static final long NEVER = Long.MAX_VALUE;
  /** {@link #decisionAt()} of an account that was not reviewed. */
  static final long NO_DECISION = Long.MIN_VALUE;

  /** Number of accounts. */
  int size() {
    return openedAt.length;
  }
}
