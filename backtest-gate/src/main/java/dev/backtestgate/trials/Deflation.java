package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apiguardian.api.API;

/**
 * The lift of one trial judged against the best of all trials on its test set (the deflated Sharpe ratio of Bailey
 * and López de Prado, 2014, in z units). With N trials whose z values have the sample variance V, the best z that N
 * candidates with no real lift reach by chance is expected near
 * {@code E = sqrt(V) * ((1 - γ) * Φ⁻¹(1 - 1/N) + γ * Φ⁻¹(1 - 1/(N e)))}, γ the Euler–Mascheroni constant. The
 * deflated statistic is {@code z - E}, with the two-sided p-value {@code min(1, 2 Φ(E - z))}, comparable to the
 * run's own p-value. One trial: {@code E = 0}, so the deflated p is the run's own (for a positive lift). Fewer than
 * two finite z values leave V undefined: then E is 0 too and the count is all that is reported. V is the spread of
 * the trials actually run: candidates that share features have close z values, count as fewer independent tries,
 * and deflate less. An outlier is set aside from V ({@link #OUTLIER_MADS}): one leaky trial at z 12 among honest
 * ones near 1 would otherwise multiply V and deflate every honest lift on the rows; it still counts as a trial.
 *
 * @param trials N, the distinct score digests on the test set, this run's included
 * @param zVariance V, the sample variance of the trials' finite z values, outliers set aside ({@code NaN} with fewer
 *     than two)
 * @param expectedBestZ E
 * @param z this run's z
 * @param deflatedZ {@code z - E}
 * @param deflatedP {@code min(1, 2 Φ(E - z))}
 * @param critical the z a lift must exceed to be significant at the gate's confidence level
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record Deflation(int trials, double zVariance, double expectedBestZ, double z, double deflatedZ,
    double deflatedP, double critical) {
  /** The Euler–Mascheroni constant γ. */
  public static final double EULER_GAMMA = 0.5772156649015329;
  /**
   * A z value further than this many scaled median absolute deviations (1.4826 MAD, the standard deviation for normal
   * z values) from the trials' median is an outlier and left out of V. A normal value 5 standard deviations out is a
   * one-in-1.7-million event, so honest trials are left out only when a few trials make the MAD itself small.
   */
  public static final double OUTLIER_MADS = 5;
  private static final NormalDistribution STANDARD = new NormalDistribution(null, 0.0, 1.0);

  /**
   * The deflation of {@code z} among {@code trialZs} (one z per trial, this run's included) at {@code confidence}.
   */
  public static Deflation of(List<Double> trialZs, double z, double confidence) {
    int n = trialZs.size();
    double variance = variance(trialZs);
    double best = n < 2 || !(variance >= 0) ? 0 : expectedBestZ(n, variance);
    double critical = STANDARD.inverseCumulativeProbability((1 + confidence) / 2);
    double deflated = z - best;
    return new Deflation(n, variance, best, z, deflated, Math.min(1, 2 * STANDARD.cumulativeProbability(-deflated)),
        critical);
  }

  /** E for {@code n} trials (2 or more) whose z values have variance {@code variance}. */
  public static double expectedBestZ(int n, double variance) {
    if (n < 2) {
      return 0;
    }
    return Math.sqrt(variance) * ((1 - EULER_GAMMA) * STANDARD.inverseCumulativeProbability(1 - 1.0 / n)
        + EULER_GAMMA * STANDARD.inverseCumulativeProbability(1 - 1.0 / (n * Math.E)));
  }

  /** True when the lift is significant on its own: z beyond the critical value, the interval above 0. */
  public boolean significantAlone() {
    return z > critical;
  }

  /** True when the lift stays significant after deflation. */
  public boolean significantDeflated() {
    return deflatedZ > critical;
  }

  /** The sample variance of the finite values within {@link #OUTLIER_MADS} scaled MADs of their median. */
  static double variance(List<Double> zs) {
    double[] finite = zs.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).toArray();
    double median = median(finite.clone());
    double[] deviations = new double[finite.length];
    for (int i = 0; i < finite.length; i++) {
      deviations[i] = Math.abs(finite[i] - median);
    }
    double scale = 1.4826 * median(deviations);
    int count = 0;
    double mean = 0;
    double m2 = 0;
    for (double z : finite) {
      if (!(scale > 0) || Math.abs(z - median) <= OUTLIER_MADS * scale) {
        count++;
        double d = z - mean;
        mean += d / count;
        m2 += d * (z - mean);
      }
    }
    return count < 2 ? Double.NaN : m2 / (count - 1);
  }

  private static double median(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    java.util.Arrays.sort(values);
    int half = values.length / 2;
    return values.length % 2 == 1 ? values[half] : (values[half - 1] + values[half]) / 2;
  }
}
