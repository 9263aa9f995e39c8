package dev.backtestgate.tripwire;

/**
 * DeLong's AUCs, variances and covariance from counts of rows per (candidate level, baseline level) and class: exact
 * for scores that take few values (ties by midrank), in time independent of the rows, so a simulation can look every
 * day at thousands of deployments. Checked against {@link dev.backtestgate.metrics.DeLong} on the rows the counts
 * stand for.
 */
final class BinnedDeLong {
  private final int levels;
  final long[][] positives;
  final long[][] negatives;

  BinnedDeLong(int levels) {
    this.levels = levels;
    positives = new long[levels][levels];
    negatives = new long[levels][levels];
  }

  void add(boolean label, int candidate, int baseline) {
    (label ? positives : negatives)[candidate][baseline]++;
  }

  long positiveCount() {
    return total(positives);
  }

  long negativeCount() {
    return total(negatives);
  }

  /** {candidate AUC, baseline AUC, var candidate, var baseline, covariance}. */
  double[] compare() {
    long m = positiveCount();
    long n = negativeCount();
    long[] posC = marginal(positives, true);
    long[] posB = marginal(positives, false);
    long[] negC = marginal(negatives, true);
    long[] negB = marginal(negatives, false);
    // placement of a positive at level a among negatives: (negatives below + half tied) / n
    double[] v10c = placements(negC, n, true);
    double[] v10b = placements(negB, n, true);
    double[] v01c = placements(posC, m, false);
    double[] v01b = placements(posB, m, false);
    double aucC = mean(posC, v10c, m);
    double aucB = mean(posB, v10b, m);
    double[] s10 = covariance(positives, v10c, v10b, aucC, aucB, m);
    double[] s01 = covariance(negatives, v01c, v01b, aucC, aucB, n);
    return new double[] {aucC, aucB, s10[0] / m + s01[0] / n, s10[1] / m + s01[1] / n, s10[2] / m + s01[2] / n};
  }

  private double[] placements(long[] otherClass, long size, boolean below) {
    double[] v = new double[levels];
    long cumulative = 0;
    long[] lessThan = new long[levels];
    for (int a = 0; a < levels; a++) {
      lessThan[a] = cumulative;
      cumulative += otherClass[a];
    }
    for (int a = 0; a < levels; a++) {
      long strictly = below ? lessThan[a] : size - lessThan[a] - otherClass[a];
      v[a] = (strictly + 0.5 * otherClass[a]) / size;
    }
    return v;
  }

  private double[] covariance(long[][] counts, double[] vc, double[] vb, double meanC, double meanB, long size) {
    double cc = 0;
    double bb = 0;
    double cb = 0;
    for (int a = 0; a < levels; a++) {
      for (int b = 0; b < levels; b++) {
        long k = counts[a][b];
        if (k > 0) {
          double dc = vc[a] - meanC;
          double db = vb[b] - meanB;
          cc += k * dc * dc;
          bb += k * db * db;
          cb += k * dc * db;
        }
      }
    }
    return new double[] {cc / (size - 1), bb / (size - 1), cb / (size - 1)};
  }

  private static double mean(long[] counts, double[] v, long size) {
    double sum = 0;
    for (int a = 0; a < counts.length; a++) {
      sum += counts[a] * v[a];
    }
    return sum / size;
  }

  private long[] marginal(long[][] counts, boolean candidate) {
    long[] out = new long[levels];
    for (int a = 0; a < levels; a++) {
      for (int b = 0; b < levels; b++) {
        out[candidate ? a : b] += counts[a][b];
      }
    }
    return out;
  }

  private static long total(long[][] counts) {
    long sum = 0;
    for (long[] row : counts) {
      for (long k : row) {
        sum += k;
      }
    }
    return sum;
  }
}
