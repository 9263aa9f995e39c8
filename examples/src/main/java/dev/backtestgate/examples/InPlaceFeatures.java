package dev.backtestgate.examples;

import java.util.Map;

/**
 * Reads features from the in-place {@link StatementTable} the way a careful analyst would: for each
 * decision, the latest statement dated on or before it ({@code WHERE statement_date <= decision ORDER BY
 * statement_date DESC LIMIT 1}) and the worst status of the 12 statements up to it, each dated by
 * {@code coalesce(updated_at, created_at)} of the rows it read. The filter on the
 * statement date looks point-in-time correct; it is not, because the row's content may have been
 * rewritten since.
 *
 * <pre>{@code
 * SourceFeatures f = InPlaceFeatures.read(table, world, DecisionRows.training(world));
 * }</pre>
 */
final class InPlaceFeatures {
  private InPlaceFeatures() {}

  /** Status, worst status, balance and tenure of each decision row, as the table says now. */
  static SourceFeatures read(StatementTable table, CreditWorld world, DecisionRows rows) {
    Statements s = table.statements();
    int n = rows.size();
    int[] status = new int[n];
    double[] worst = new double[n];
    double[] balance = new double[n];
    long[] rowKnownAt = new long[n];
    long[] windowKnownAt = new long[n];
    for (int i = 0; i < n; i++) {
      int row = latestOnOrBefore(world, rows.account()[i], rows.decisionAt()[i]);
      if (row < 0) {
        throw new IllegalArgumentException("decision row " + i + " (account " + rows.account()[i] + ") has no "
            + "statement on or before its decision: decision rows must come from DecisionRows of the same world.");
      }
      status[i] = table.status()[row];
      balance[i] = s.balance()[row];
      rowKnownAt[i] = table.knownAt(row);
      int accountFirst = world.accounts().firstStatement()[rows.account()[i]];
      int first = Math.max(accountFirst, row - WorstStatusProjection.WINDOW + 1);
      int worstSeverity = 0;
      long known = Long.MIN_VALUE;
      for (int r = first; r <= row; r++) {
        worstSeverity = Math.max(worstSeverity, StatusCodes.meaning(table.status()[r]).severity());
        known = Math.max(known, table.knownAt(r));
      }
      worst[i] = worstSeverity;
      windowKnownAt[i] = known;
    }
    return new SourceFeatures(rows, status, worst, balance, null, Map.of(
        SourceFeatures.STATUS, rowKnownAt,
        SourceFeatures.WORST_STATUS, windowKnownAt,
        SourceFeatures.BALANCE, rowKnownAt,
        SourceFeatures.TENURE, SourceFeatures.openedAt(world, rows)));
  }

  /** The account's latest statement dated on or before {@code time} (binary search), or -1. */
  static int latestOnOrBefore(CreditWorld world, int account, long time) {
    long[] at = world.statements().statementAt();
    int lo = world.accounts().firstStatement()[account];
    int hi = lo + world.accounts().statementCount()[account] - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (at[mid] <= time) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}
