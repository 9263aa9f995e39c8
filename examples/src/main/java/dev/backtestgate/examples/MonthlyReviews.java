package dev.backtestgate.examples;

import dev.backtestgate.pipeline.PipelineRows;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The collections team's world: every revolving account reviewed on the first of each month, the outcome whether it
 * goes 30+ days past due during that month. An account's risk drifts month to month (an AR(1) of memory 0.85), so
 * its outcome changes often between reviews. Training reviews are those of 2024; test reviews run from February to
 * July 2025, after the last training outcome is known.
 *
 * <p>Three columns at each review: the utilisation the last statement showed, whether the account was delinquent
 * the month before, and {@code payments_90d}, the share of the last three statements' minimum payments made. The
 * honest column reads the three statements before the review; the one the leaky backtest joined is one statement
 * later (a join on the statement month that should have been the month before), so it takes in the month after the
 * review: each value carries a share of the next review's outcome, and its timestamp (the review) looks honest.
 *
 * <pre>{@code
 * MonthlyReviews reviews = MonthlyReviews.standard();
 * PipelineRows training = reviews.rows(true, true, false);
 * }</pre>
 */
final class MonthlyReviews {
  static final String UTILISATION = "utilisation";
  static final String DELINQUENT = "delinquent_last_month";
  static final String PAYMENTS = "payments_90d";
  static final int ACCOUNTS = 2_500;
  /** January to December 2024, then (a month's gap, while December's outcomes come in) February to July 2025. */
  static final int TRAINING_MONTHS = 12;
  static final int TEST_MONTHS = 6;
  private static final LocalDate FIRST = LocalDate.of(2024, 1, 1);

  private final boolean[][] delinquent;   // [account][month], month 0 is December 2023
  private final double[][] risk;
  private final double[][] utilisation;
  private final double[][] paymentNoise;

  private MonthlyReviews(long seed) {
    int months = TRAINING_MONTHS + 1 + TEST_MONTHS + 2;
    delinquent = new boolean[ACCOUNTS][months];
    risk = new double[ACCOUNTS][months];
    utilisation = new double[ACCOUNTS][months];
    paymentNoise = new double[ACCOUNTS][months];
    SplittableRandom random = new SplittableRandom(seed);
    for (int a = 0; a < ACCOUNTS; a++) {
      double r = random.nextGaussian();
      for (int m = 0; m < months; m++) {
        r = m == 0 ? r : 0.85 * r + Math.sqrt(1 - 0.85 * 0.85) * random.nextGaussian();
        risk[a][m] = r;
        delinquent[a][m] = random.nextDouble() < 1 / (1 + Math.exp(-(-1.6 + 1.4 * r)));
        utilisation[a][m] = Math.min(1, Math.max(0, 0.45 + 0.18 * r + 0.15 * random.nextGaussian()));
        paymentNoise[a][m] = random.nextGaussian();
      }
    }
  }

  /** The world every example uses, built once. */
  static MonthlyReviews standard() {
    return Standard.INSTANCE;
  }

  /** The month index (0 is December 2023) of review {@code k} of the training ({@code k} from 0) or test rows. */
  private static int month(boolean training, int k) {
    return training ? 1 + k : 1 + TRAINING_MONTHS + 1 + k;
  }

  private static int months(boolean training) {
    return training ? TRAINING_MONTHS : TEST_MONTHS;
  }

  /** How many rows the training or the test side has: one per account and month. */
  static int size(boolean training) {
    return ACCOUNTS * months(training);
  }

  /** Each row's review time, epoch ms: the first of its month, midnight UTC. */
  long[] reviewedAt(boolean training) {
    long[] out = new long[size(training)];
    for (int i = 0; i < out.length; i++) {
      out[i] = FIRST.plusMonths(month(training, i / ACCOUNTS) - 1L).atStartOfDay().toInstant(ZoneOffset.UTC)
          .toEpochMilli();
    }
    return out;
  }

  /** When each row's outcome is known: the first of the month after its review. */
  long[] outcomeKnownAt(boolean training) {
    long[] out = new long[size(training)];
    for (int i = 0; i < out.length; i++) {
      out[i] = FIRST.plusMonths(month(training, i / ACCOUNTS)).atStartOfDay().toInstant(ZoneOffset.UTC)
          .toEpochMilli();
    }
    return out;
  }

  /** Each row's account, as a number. */
  long[] accounts(boolean training) {
    long[] out = new long[size(training)];
    for (int i = 0; i < out.length; i++) {
      out[i] = 40_000 + (i % ACCOUNTS);
    }
    return out;
  }

  /** Whether each row's account went 30+ days past due in its review month. */
  boolean[] outcomes(boolean training) {
    boolean[] out = new boolean[size(training)];
    for (int i = 0; i < out.length; i++) {
      out[i] = delinquent[i % ACCOUNTS][month(training, i / ACCOUNTS)];
    }
    return out;
  }

  /**
   * The columns of the training or test rows, by name: utilisation and last month's delinquency, then, with
   * {@code payments}, the payments column read from the right statements or, with {@code shifted}, from statements
   * one month later, the month after the review included.
   */
  Map<String, double[]> columns(boolean training, boolean payments, boolean shifted) {
    int n = size(training);
    double[] util = new double[n];
    double[] last = new double[n];
    double[] paid = new double[n];
    for (int i = 0; i < n; i++) {
      int a = i % ACCOUNTS;
      int m = month(training, i / ACCOUNTS);
      util[i] = utilisation[a][m - 1];
      last[i] = delinquent[a][m - 1] ? 1 : 0;
      // honest: the statements of the three months before the review; shifted: one statement later, the month after
      // the review in place of the first of those
      double missed = missed(a, m - 2 < 0 ? 0 : m - 2) + missed(a, m - 1)
          + (shifted ? missed(a, m + 1) : missed(a, m - 3 < 0 ? 0 : m - 3));
      paid[i] = Math.max(0, Math.min(1, 1 - 0.22 * missed - 0.05 * risk[a][m - 1]
          + 0.06 * paymentNoise[a][m]));
    }
    Map<String, double[]> out = new LinkedHashMap<>();
    out.put(UTILISATION, util);
    out.put(DELINQUENT, last);
    if (payments) {
      out.put(PAYMENTS, paid);
    }
    return out;
  }

  private double missed(int account, int month) {
    return delinquent[account][month] ? 1 : 0;
  }

  /** The rows for a pipeline: the columns, with the outcomes when {@code training}. */
  PipelineRows rows(boolean training, boolean payments, boolean shifted) {
    PipelineRows.Builder b = PipelineRows.builder();
    columns(training, payments, shifted).forEach(b::feature);
    return training ? b.labels(outcomes(true)).build() : b.build();
  }

  private static final class Standard {
    static final MonthlyReviews INSTANCE = new MonthlyReviews(2025);
  }
}
