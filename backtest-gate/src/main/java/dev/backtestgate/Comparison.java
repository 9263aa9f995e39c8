package dev.backtestgate;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.metrics.AucComparison;
import org.apiguardian.api.API;

/**
 * The candidate against the baseline on the same rows: both AUCs, the lift and its interval.
 *
 * <pre>{@code
 * Comparison c = result.comparison();
 * System.out.printf("lift %+.3f (%.0f%% CI %+.3f..%+.3f, z = %.2f)%n",
 *     c.lift(), 100 * c.confidence(), c.ciLower(), c.ciUpper(), c.z());
 * }</pre>
 *
 * @param candidate candidate model name
 * @param baseline baseline model name
 * @param candidateAuc candidate AUC
 * @param baselineAuc baseline AUC
 * @param lift candidate AUC minus baseline AUC
 * @param standardError standard error of the lift
 * @param confidence level of the interval
 * @param ciLower lower end of the lift interval
 * @param ciUpper upper end of the lift interval
 * @param z {@code lift / standardError}; {@code NaN} when the standard error is 0
 * @param pValue two-sided p-value of "no lift"
 * @param interval how the interval was computed
 */
@API(status = STABLE, since = "0.1")
public record Comparison(
    String candidate,
    String baseline,
    double candidateAuc,
    double baselineAuc,
    double lift,
    double standardError,
    double confidence,
    double ciLower,
    double ciUpper,
    double z,
    double pValue,
    Interval interval) {

  /** How the lift interval was computed. */
  public enum Interval {
    /** Paired DeLong: both models scored the same rows. */
    PAIRED_DELONG,
    /**
     * The baseline is only an AUC number: the interval reflects the candidate's own DeLong variance and
     * treats the baseline AUC as exact. There is no paired interval.
     */
    CANDIDATE_ONLY
  }

  /**
   * The comparison of {@code candidate} and {@code baseline} from the metrics' {@link AucComparison}, computed at
   * {@code confidence}: how the in-memory gate builds it, and how evidence computed elsewhere (a Spark job) must.
   */
  public static Comparison of(String candidate, String baseline, AucComparison c, double confidence,
      Interval interval) {
    return new Comparison(candidate, baseline, c.candidateAuc(), c.baselineAuc(), c.lift(), c.standardError(),
        confidence, c.ciLower(), c.ciUpper(), c.z(), c.pValue(), interval);
  }

  /** The lift, both AUCs and the interval in one sentence, without a full stop. */
  public String sentence() {
    String ci = interval == Interval.PAIRED_DELONG
        ? fmt("%.0f%% CI %+.3f..%+.3f", 100 * confidence, ciLower, ciUpper)
        : fmt("%.0f%% CI %+.3f..%+.3f from the candidate alone: the baseline is only an AUC number, so there is no "
            + "paired interval", 100 * confidence, ciLower, ciUpper);
    return fmt("AUC lift %+.3f (candidate %s %.3f vs baseline %s %.3f, %s)", lift, candidate, candidateAuc, baseline,
        baselineAuc, ci);
  }
}
