package dev.backtestgate.metrics;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;


import dev.backtestgate.metrics.Placements.Scored;
import org.apiguardian.api.API;

/**
 * DeLong et al. (1988) variance of the AUC and the paired test between two models scored on the same
 * rows, from per-row placements (the structural components), computed in O(n log n). Agrees with
 * pROC's {@code roc.test(method = "delong", paired = TRUE)} and {@code var(roc)}.
 *
 * <p>A variance needs at least 2 positives and 2 negatives (the covariances divide by {@code
 * positives - 1} and {@code negatives - 1}; pROC returns {@code NaN} there): with fewer, both methods
 * throw {@link IllegalArgumentException} instead. When both models rank every row identically against
 * the other class, the standard error is exactly 0 and is reported as such: {@code z} is {@code NaN},
 * the p-value is 1 and the interval is the single point {@code [lift, lift]}.
 *
 * <p>Variances are computed from exact integer sums of the placements (see {@link PlacementSums}), so
 * they carry a single rounding. Extra memory: one {@code double[n]} for {@link #estimate}; for {@link
 * #compare}, one {@code double[n]} scratch array for the scores and one {@code int[n]} scratch array
 * (both used by each model in turn), and one {@code int[n]} for the baseline's placements by row. These
 * arrays are kept for the next call, as {@link Auc#releaseScratch()} describes.
 *
 * <pre>{@code
 * AucComparison c = DeLong.compare(labels, candidate, baseline, 0.95);
 * AucEstimate one = DeLong.estimate(labels, candidate, 0.95);
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class DeLong {
  private static final String NEEDS =
      "a DeLong variance (its covariances divide by positives - 1 and negatives - 1)";

  private DeLong() {}

  /**
   * Paired comparison of {@code candidate} against {@code baseline} on the same rows.
   *
   * <p>{@code var(lift) = var(V10_cand - V10_base) / positives + var(V01_cand - V01_base) / negatives},
   * the sample variances taken over the positive (resp. negative) rows. This equals pROC's {@code
   * (S10_AA + S10_BB - 2 S10_AB) / m + (S01_AA + S01_BB - 2 S01_AB) / n} and cannot come out negative.
   *
   * @param confidenceLevel strictly between 0 and 1, for example 0.95
   * @throws IllegalArgumentException on invalid input, as {@link Auc#of(boolean[], double[])} says,
   *     and with fewer than 2 positives or 2 negatives
   */
  public static AucComparison compare(
      boolean[] labels, double[] candidate, double[] baseline, double confidenceLevel) {
    Checks.confidenceLevel(confidenceLevel);
    Checks.sameRows(labels, candidate, "candidate scores");
    Checks.sameRows(labels, baseline, "baseline scores");
    int positives = Checks.positives(labels, 2, NEEDS);
    int negatives = labels.length - positives;
    Scored candidateModel =
        new Scored(labels, candidate, ScoreRange.of(candidate, "candidate scores"), positives);
    Scored baselineModel =
        new Scored(labels, baseline, ScoreRange.of(baseline, "baseline scores"), positives);

    // the baseline's placements by row; then the candidate's, each carrying its row's baseline
    // placement through the bucketing, reduced to exact sums of the differences
    int n = labels.length;
    Scratch arrays = Scratch.take();
    PlacementSums baselineSums;
    PlacementSums differences;
    try {
      double[] scratch = arrays.doubles(n);
      int[] payload = arrays.firstInts(n);
      int[] baselineByRow = arrays.secondInts(n);
      baselineSums = Placements.writeByRow(baselineModel, scratch, payload, baselineByRow);
      differences = Placements.sum(candidateModel, scratch, payload, baselineByRow);
    } finally {
      arrays.giveBack();
    }
    long baselineU = baselineSums.twiceU;
    long candidateU = differences.twiceU;
    double variance = differences.variance(positives, negatives);
    double candidateVariance = differences.plainVariance(positives, negatives);
    double baselineVariance = baselineSums.plainVariance(positives, negatives);
    return fromSums(candidateU, baselineU, positives, negatives, variance, candidateVariance, baselineVariance,
        confidenceLevel);
  }

  /**
   * One model's placements by row, kept to compare many other models with it on the same rows: each
   * {@link Reference#compare(double[])} equals {@code compare(labels, other, reference, confidenceLevel)} bit for bit,
   * at about half its cost (the reference's placements are computed once). Keeps one {@code int[n]}.
   *
   * <pre>{@code
   * DeLong.Reference full = DeLong.reference(labels, fullModel, 0.95);
   * AucComparison withoutStatus = full.compare(refitWithoutStatus);   // candidate: the other; baseline: full
   * }</pre>
   *
   * @throws IllegalArgumentException as {@link #compare} does
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static Reference reference(boolean[] labels, double[] scores, double confidenceLevel) {
    Checks.confidenceLevel(confidenceLevel);
    Checks.sameRows(labels, scores, "baseline scores");
    int positives = Checks.positives(labels, 2, NEEDS);
    Scored model = new Scored(labels, scores, ScoreRange.of(scores, "baseline scores"), positives);
    int[] byRow = new int[labels.length];
    Scratch arrays = Scratch.take();
    PlacementSums sums;
    try {
      sums = Placements.writeByRow(model, arrays.doubles(labels.length), arrays.firstInts(labels.length), byRow);
    } finally {
      arrays.giveBack();
    }
    return new Reference(labels, byRow, sums, positives, confidenceLevel);
  }

  /** A model's placements by row, for {@link #reference}. */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static final class Reference {
    private final boolean[] labels;
    private final int[] byRow;
    private final PlacementSums sums;
    private final int positives;
    private final double confidenceLevel;

    private Reference(boolean[] labels, int[] byRow, PlacementSums sums, int positives, double confidenceLevel) {
      this.labels = labels;
      this.byRow = byRow;
      this.sums = sums;
      this.positives = positives;
      this.confidenceLevel = confidenceLevel;
    }

    /**
     * {@code other} (the candidate) against the reference (the baseline), paired on the same rows.
     *
     * @throws IllegalArgumentException as {@link DeLong#compare} does
     */
    public AucComparison compare(double[] other) {
      Checks.sameRows(labels, other, "candidate scores");
      int negatives = labels.length - positives;
      Scored model = new Scored(labels, other, ScoreRange.of(other, "candidate scores"), positives);
      Scratch arrays = Scratch.take();
      PlacementSums differences;
      try {
        differences = Placements.sum(model, arrays.doubles(labels.length), arrays.firstInts(labels.length), byRow);
      } finally {
        arrays.giveBack();
      }
      return fromSums(differences.twiceU, sums.twiceU, positives, negatives, differences.variance(positives, negatives),
          differences.plainVariance(positives, negatives), sums.plainVariance(positives, negatives), confidenceLevel);
    }
  }

  /**
   * The paired comparison from sums computed elsewhere (a distributed engine that sums the placements per
   * partition), by the same floating-point steps as {@link #compare(boolean[], double[], double[], double)}: so an
   * engine that gets the exact sums right gets the same comparison, bit for bit.
   *
   * <pre>{@code
   * AucComparison c = DeLong.fromSums(candidateTwiceU, baselineTwiceU, positives, negatives,
   *     liftVariance, candidateVariance, baselineVariance, 0.95);
   * }</pre>
   *
   * @param candidateTwiceU twice the candidate's Mann-Whitney U (ties count one half, hence twice)
   * @param baselineTwiceU twice the baseline's
   * @param liftVariance the DeLong variance of the lift
   * @param candidateVariance the DeLong variance of the candidate's AUC
   * @param baselineVariance the DeLong variance of the baseline's AUC
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static AucComparison fromSums(long candidateTwiceU, long baselineTwiceU, long positives, long negatives,
      double liftVariance, double candidateVariance, double baselineVariance, double confidenceLevel) {
    Checks.confidenceLevel(confidenceLevel);
    double covariance = (candidateVariance + baselineVariance - liftVariance) / 2;
    double candidateAuc = Auc.fromTwiceU(candidateTwiceU, positives, negatives);
    double baselineAuc = Auc.fromTwiceU(baselineTwiceU, positives, negatives);
    double lift = candidateAuc - baselineAuc;
    double se = Math.sqrt(Math.max(liftVariance, 0.0));
    if (se == 0) {
      return new AucComparison(candidateAuc, baselineAuc, lift, 0.0, confidenceLevel, lift, lift, Double.NaN, 1.0,
          candidateVariance, baselineVariance, covariance);
    }
    double halfWidth = Normal.criticalValue(confidenceLevel) * se;
    double z = lift / se;
    return new AucComparison(candidateAuc, baselineAuc, lift, se, confidenceLevel, lift - halfWidth,
        lift + halfWidth, z, Normal.twoSidedP(z), candidateVariance, baselineVariance, covariance);
  }

  /**
   * One model's AUC with its DeLong variance {@code var(V10) / positives + var(V01) / negatives} and
   * the normal interval {@code auc ± z * se} (not clipped to [0, 1]).
   *
   * @throws IllegalArgumentException as {@link #compare} does
   */
  public static AucEstimate estimate(boolean[] labels, double[] scores, double confidenceLevel) {
    Checks.confidenceLevel(confidenceLevel);
    Checks.sameRows(labels, scores, "scores");
    int positives = Checks.positives(labels, 2, NEEDS);
    int negatives = labels.length - positives;
    Scored model = new Scored(labels, scores, ScoreRange.of(scores, "scores"), positives);
    Scratch arrays = Scratch.take();
    PlacementSums sums;
    try {
      sums = Placements.sum(model, arrays.doubles(labels.length), null, null);
    } finally {
      arrays.giveBack();
    }
    return estimateFromSums(sums.twiceU, positives, negatives, sums.variance(positives, negatives), confidenceLevel);
  }

  /**
   * One model's estimate from sums computed elsewhere, by the same floating-point steps as {@link #estimate}: an
   * engine that gets the exact pair count and variance right gets the same estimate, bit for bit.
   *
   * <pre>{@code
   * AucEstimate e = DeLong.estimateFromSums(twiceU, positives, negatives, variance, 0.95);
   * }</pre>
   *
   * @param twiceU twice the Mann-Whitney U (ties count one half, hence twice)
   * @param variance the DeLong variance of the AUC
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static AucEstimate estimateFromSums(long twiceU, long positives, long negatives, double variance,
      double confidenceLevel) {
    Checks.confidenceLevel(confidenceLevel);
    double auc = Auc.fromTwiceU(twiceU, positives, negatives);
    double se = Math.sqrt(variance);
    double halfWidth = Normal.criticalValue(confidenceLevel) * se;
    return new AucEstimate(auc, variance, se, confidenceLevel, auc - halfWidth, auc + halfWidth);
  }
}
