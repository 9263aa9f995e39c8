package dev.backtestgate.examples;

/**
 * A target-encoded feature: each account's employer's default rate, {@code (defaults + prior) / (reviews + 1)}.
 * The reference table is stamped "computed 2024-09-30", before every test decision, so its timestamps pass the
 * point-in-time check either way. What differs is which outcomes went into it:
 *
 * <ul>
 *   <li>{@link #leaky}: the encoding job was re-run over every review with a known outcome, the test period's
 *       included, and kept its as-of date. Each row's own outcome is in its rate: a target-derived feature.
 *   <li>{@link #honest}: the rate from training reviews only (leave-one-out on the training rows themselves), so
 *       no test outcome is in any value.
 * </ul>
 *
 * <pre>{@code
 * EmployerRates rates = EmployerRates.leaky(world, train, test);
 * double[] testRates = rates.test();
 * }</pre>
 *
 * @param train the rate per training row
 * @param test the rate per test row
 */
record EmployerRates(double[] train, double[] test) {
  /** The feature's name. */
  static final String FEATURE = "employer_default_rate";
  /** The as-of date the reference table carries: the day before the test period. */
  static final long COMPUTED_AT = Timeline.TEST_FROM - Timeline.DAY;
  /** About two accounts per employer. */
  private static final int ACCOUNTS_PER_EMPLOYER = 2;

  /** The employer of {@code account}: a fixed hash, the same for every run. */
  static int employer(int account, int employers) {
    long z = account * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 31)) * 0xBF58476D1CE4E5B9L;
    return (int) Math.floorMod(z ^ (z >>> 29), (long) employers);
  }

  /** Rates over every review, test outcomes included: the leak. */
  static EmployerRates leaky(CreditWorld world, DecisionRows train, DecisionRows test) {
    int employers = employers(world);
    long[] reviews = new long[employers];
    long[] defaults = new long[employers];
    count(train, employers, reviews, defaults);
    count(test, employers, reviews, defaults);
    double prior = prior(defaults, reviews);
    return new EmployerRates(rates(train, employers, reviews, defaults, prior, false),
        rates(test, employers, reviews, defaults, prior, false));
  }

  /** Rates over training reviews only; a training row's own outcome is left out of its rate. */
  static EmployerRates honest(CreditWorld world, DecisionRows train, DecisionRows test) {
    int employers = employers(world);
    long[] reviews = new long[employers];
    long[] defaults = new long[employers];
    count(train, employers, reviews, defaults);
    double prior = prior(defaults, reviews);
    return new EmployerRates(rates(train, employers, reviews, defaults, prior, true),
        rates(test, employers, reviews, defaults, prior, false));
  }

  /** The table's as-of date for each of {@code rows} rows. */
  static long[] knownAt(int rows) {
    long[] known = new long[rows];
    java.util.Arrays.fill(known, COMPUTED_AT);
    return known;
  }

  static int employers(CreditWorld world) {
    return Math.max(1, world.accounts().size() / ACCOUNTS_PER_EMPLOYER);
  }

  private static void count(DecisionRows rows, int employers, long[] reviews, long[] defaults) {
    for (int i = 0; i < rows.size(); i++) {
      int e = employer(rows.account()[i], employers);
      reviews[e]++;
      defaults[e] += rows.defaulted()[i] ? 1 : 0;
    }
  }

  private static double prior(long[] defaults, long[] reviews) {
    long d = 0;
    long n = 0;
    for (int e = 0; e < reviews.length; e++) {
      d += defaults[e];
      n += reviews[e];
    }
    return n == 0 ? 0 : (double) d / n;
  }

  private static double[] rates(DecisionRows rows, int employers, long[] reviews, long[] defaults, double prior,
      boolean leaveOneOut) {
    double[] rates = new double[rows.size()];
    for (int i = 0; i < rates.length; i++) {
      int e = employer(rows.account()[i], employers);
      long n = reviews[e] - (leaveOneOut ? 1 : 0);
      long d = defaults[e] - (leaveOneOut && rows.defaulted()[i] ? 1 : 0);
      rates[i] = (d + prior) / (n + 1);
    }
    return rates;
  }
}
