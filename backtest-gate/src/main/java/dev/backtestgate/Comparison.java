package dev.backtestgate;

/**
 * The candidate against the baseline on the same rows: both AUCs, the lift and its interval.
 *
 * <pre>{@code
 * Comparison c = result.comparison();
 * System.out.printf("lift %+.3f (%.0f%% CI %+.3f..%+.3f)%n",
 *     c.lift(), 100 * c.confidence(), c.ciLower(), c.ciUpper());
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
 * @param pValue two-sided p-value of "no lift"
 * @param interval how the interval was computed
 */
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
}
