package dev.backtestgate.lifttrend;

import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Backtests drawn row by row: monthly periods from 2024-01, each with its own size and base rate; binormal scores
 * (baseline {@code b = d_b y + e_b}, candidate {@code c = d_c y + r e_b + sqrt(1 - r^2) e_c}, both noises standard
 * normal, so {@code AUC = Phi(d / sqrt 2)} for each) whose AUCs are set per period. The candidate and baseline
 * share noise with correlation {@code r}, as two models on the same features do.
 */
final class SimulatedRuns {
  private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
  static final YearMonth START = YearMonth.of(2024, 1);

  /** One run's arrays. */
  record Run(boolean[] labels, double[] candidate, double[] baseline, long[] times) {}

  /** What a period looks like. */
  record Period(int rows, double baseRate, double baselineAuc, double lift) {}

  private SimulatedRuns() {}

  /** The separation {@code d} that gives a binormal AUC. */
  static double separation(double auc) {
    return Math.sqrt(2) * NORMAL.inverseCumulativeProbability(auc);
  }

  /**
   * Draws a run; rows of each month at random instants in it, in time order or shuffled.
   *
   * @param correlation {@code r}, the share of noise the models have in common
   */
  static Run draw(Period[] periods, double correlation, boolean shuffled, SplittableRandom random) {
    int n = 0;
    for (Period p : periods) {
      n += p.rows();
    }
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] times = new long[n];
    double own = Math.sqrt(1 - correlation * correlation);
    int row = 0;
    for (int k = 0; k < periods.length; k++) {
      Period p = periods[k];
      YearMonth month = START.plusMonths(k);
      long start = month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
      long length = month.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli() - start;
      double db = separation(p.baselineAuc());
      double dc = separation(p.baselineAuc() + p.lift());
      for (int i = 0; i < p.rows(); i++, row++) {
        boolean y = random.nextDouble() < p.baseRate();
        double eb = random.nextGaussian();
        labels[row] = y;
        baseline[row] = (y ? db : 0) + eb;
        candidate[row] = (y ? dc : 0) + correlation * eb + own * random.nextGaussian();
        times[row] = start + (long) (random.nextDouble() * length);
      }
    }
    if (shuffled) {
      for (int i = n - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        boolean l = labels[i];
        labels[i] = labels[j];
        labels[j] = l;
        double c = candidate[i];
        candidate[i] = candidate[j];
        candidate[j] = c;
        double b = baseline[i];
        baseline[i] = baseline[j];
        baseline[j] = b;
        long t = times[i];
        times[i] = times[j];
        times[j] = t;
      }
    }
    return new Run(labels, candidate, baseline, times);
  }

  /** An honest run: a stable lift, with sizes, base rates and AUC levels that vary by month. */
  static Period[] honest(int months, int minRows, int maxRows, double lift, SplittableRandom random) {
    Period[] periods = new Period[months];
    for (int k = 0; k < months; k++) {
      periods[k] = new Period(minRows + random.nextInt(maxRows - minRows + 1), 0.05 + 0.35 * random.nextDouble(),
          0.66 + 0.12 * random.nextDouble(), lift);
    }
    return periods;
  }

  /** A backfill: lift {@code before} in the months before {@code change}, {@code after} from it on. */
  static Period[] backfill(int months, int rows, double baseRate, int change, double before, double after) {
    Period[] periods = new Period[months];
    for (int k = 0; k < months; k++) {
      periods[k] = new Period(rows, baseRate, 0.70, k < change ? before : after);
    }
    return periods;
  }
}
