package dev.backtestgate.examples;

import java.util.function.LongPredicate;

/**
 * The rows a model is trained or tested on: one credit-line review (account, decision time) each, with
 * its outcome. Training rows are the reviews of the first half of 2024, test rows those from October 2024
 * on ({@link Timeline}).
 *
 * <pre>{@code
 * DecisionRows test = DecisionRows.test(world);
 * int positives = test.positives();
 * }</pre>
 *
 * @param account the account reviewed (index into {@link Accounts})
 * @param decisionAt when it was reviewed, epoch ms
 * @param defaulted whether it reached 90+ days past due within 90 days
 */
record DecisionRows(int[] account, long[] decisionAt, boolean[] defaulted) {

  /** The reviews in the training period. */
  static DecisionRows training(CreditWorld world) {
    return select(world, Timeline::inTrainingPeriod);
  }

  /** The reviews in the test period. */
  static DecisionRows test(CreditWorld world) {
    return select(world, Timeline::inTestPeriod);
  }

  /** The reviews decided in {@code [from, to)}, epoch ms: a training window of one's own choosing. */
  static DecisionRows decidedBetween(CreditWorld world, long from, long to) {
    return select(world, t -> t >= from && t < to);
  }

  private static DecisionRows select(CreditWorld world, LongPredicate period) {
    Accounts a = world.accounts();
    int n = 0;
    for (int i = 0; i < a.size(); i++) {
      if (a.decisionAt()[i] != Accounts.NO_DECISION && period.test(a.decisionAt()[i])) {
        n++;
      }
    }
    int[] account = new int[n];
    long[] decisionAt = new long[n];
    boolean[] defaulted = new boolean[n];
    int row = 0;
    for (int i = 0; i < a.size(); i++) {
      if (a.decisionAt()[i] != Accounts.NO_DECISION && period.test(a.decisionAt()[i])) {
        account[row] = i;
        decisionAt[row] = a.decisionAt()[i];
        defaulted[row++] = a.defaulted()[i];
      }
    }
    return new DecisionRows(account, decisionAt, defaulted);
  }

  /** Number of rows. */
  int size() {
    return account.length;
  }

  /** Number of rows that defaulted. */
  int positives() {
    int n = 0;
    for (boolean d : defaulted) {
      if (d) {
        n++;
      }
    }
    return n;
  }

  /** When each row's label became known: the end of its 90-day outcome window ({@link Timeline#OUTCOME_WINDOW}). */
  long[] labelKnownAt() {
    long[] known = new long[decisionAt.length];
    for (int i = 0; i < known.length; i++) {
      known[i] = decisionAt[i] + Timeline.OUTCOME_WINDOW;
    }
    return known;
  }

  /** The account ids as {@code long}s, the entity key of an as-of join. */
  long[] entities() {
    long[] ids = new long[account.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = account[i];
    }
    return ids;
  }
}
