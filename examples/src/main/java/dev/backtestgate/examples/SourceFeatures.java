package dev.backtestgate.examples;

import java.util.Map;

/**
 * The feature values of decision rows as one storage returned them, each with the time it became known.
 * The models never see a storage: whether the values are honest depends only on how they were read.
 *
 * <pre>{@code
 * SourceFeatures f = InPlaceFeatures.read(table, world, DecisionRows.test(world));
 * long[] statusKnownAt = f.knownAt().get(SourceFeatures.STATUS);
 * }</pre>
 *
 * @param rows the decision rows, in order
 * @param statusCode per row, the raw status code of the latest statement (index into
 *     {@link StatusCodes#CODES})
 * @param worstStatus12m per row, the worst {@link Status#severity()} of the last 12 statements
 * @param balance per row, the latest statement balance
 * @param paymentRatio per row, the share paid of the latest statement whose payment was due, or
 *     {@code null} when the payments feed was not read
 * @param knownAt feature name to knowledge time per row (epoch ms)
 */
record SourceFeatures(
    DecisionRows rows,
    int[] statusCode,
    double[] worstStatus12m,
    double[] balance,
    double[] paymentRatio,
    Map<String, long[]> knownAt) {

  static final String STATUS = "status";
  static final String WORST_STATUS = "worst_status_12m";
  static final String BALANCE = "balance";
  static final String PAYMENT_RATIO = "payment_ratio";
  static final String TENURE = "tenure";
  static final String CREDIT_LIMIT = "credit_limit";
  /** Why {@link #CREDIT_LIMIT} has no knowledge time. */
  static final String CREDIT_LIMIT_TIMELESS = "set once at account opening and never changed in this portfolio";

  /** Copies the map (the arrays are shared). */
  SourceFeatures {
    knownAt = Map.copyOf(knownAt);
  }

  /** Number of rows. */
  int size() {
    return rows.size();
  }

  /** Tenure's knowledge time per row: the account's opening, known since then. */
  static long[] openedAt(CreditWorld world, DecisionRows rows) {
    long[] known = new long[rows.size()];
    for (int i = 0; i < known.length; i++) {
      known[i] = world.accounts().openedAt()[rows.account()[i]];
    }
    return known;
  }
}
