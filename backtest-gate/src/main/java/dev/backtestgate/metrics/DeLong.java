package dev.backtestgate.metrics;

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
 * <p>Extra memory: one {@code double} per row and model (the placements; the scores are scattered
 * into the same arrays), plus one {@code int} per row shared by both models.
 *
 * <pre>{@code
 * AucComparison c = DeLong.compare(labels, candidate, baseline, 0.95);
 * AucEstimate one = DeLong.estimate(labels, candidate, 0.95);
 * }</pre>
 */
public final class DeLong {
  private static final String NEEDS =
      "a DeLong variance (its covariances divide by positives - 1 and negatives - 1)";

  private DeLong() {}

  /**
   * Paired comparison of {@code candidate} against {@code baseline} on the same rows.
   *
   * <p>{@code var(lift) = var(V10_cand - V10_base) / positives + var(V01_cand - V01_base) / negatives},
   * the sample variances taken over the positive (resp. negative) rows around their exact means (the
   * lift). This equals pROC's {@code (S10_AA + S10_BB - 2 S10_AB) / m + (S01_AA + S01_BB - 2 S01_AB) /
   * n} and cannot come out negative.
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
    ScoreRange candidateRange = ScoreRange.of(candidate, "candidate scores");
    ScoreRange baselineRange = ScoreRange.of(baseline, "baseline scores");

    // baseline placements by row, then candidate placements by slot (row order[k]); the candidate's
    // scores are scattered into its own placement array, the baseline's into the candidate's
    int[] order = new int[labels.length];
    double[] placedCandidate = new double[labels.length];
    double[] placedBaseline = new double[labels.length];
    long baselineU =
        Placements.fill(labels, baseline, baselineRange, positives, order, placedCandidate, placedBaseline);
    long candidateU =
        Placements.fill(labels, candidate, candidateRange, positives, order, placedCandidate, null);

    double variance =
        variance(
            labels, order, placedCandidate, placedBaseline, candidateU - baselineU, positives, negatives);
    double candidateAuc = Auc.fromTwiceU(candidateU, positives, negatives);
    double baselineAuc = Auc.fromTwiceU(baselineU, positives, negatives);
    double lift = candidateAuc - baselineAuc;
    double se = Math.sqrt(Math.max(variance, 0.0));
    if (se == 0) {
      return new AucComparison(
          candidateAuc, baselineAuc, lift, 0.0, confidenceLevel, lift, lift, Double.NaN, 1.0);
    }
    double halfWidth = Normal.criticalValue(confidenceLevel) * se;
    double z = lift / se;
    return new AucComparison(
        candidateAuc,
        baselineAuc,
        lift,
        se,
        confidenceLevel,
        lift - halfWidth,
        lift + halfWidth,
        z,
        Normal.twoSidedP(z));
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
    ScoreRange range = ScoreRange.of(scores, "scores");
    int[] order = new int[labels.length];
    double[] placed = new double[labels.length];
    long twiceU = Placements.fill(labels, scores, range, positives, order, placed, null);

    double variance = variance(labels, order, placed, null, twiceU, positives, negatives);
    double auc = Auc.fromTwiceU(twiceU, positives, negatives);
    double se = Math.sqrt(variance);
    double halfWidth = Normal.criticalValue(confidenceLevel) * se;
    return new AucEstimate(auc, variance, se, confidenceLevel, auc - halfWidth, auc + halfWidth);
  }

  /**
   * The DeLong variance of {@code bySlot - byRow} placements ({@code byRow == null}: of {@code bySlot}
   * alone), where slot k belongs to row {@code order[k]}. Placements are in half-units (see {@link
   * Placements}); {@code twiceU} is the sum of the placement differences over either class, so their
   * means are exact. The squares are summed in two fixed halves, so the result is the same whether one
   * thread or two add them up.
   */
  private static double variance(
      boolean[] labels,
      int[] order,
      double[] bySlot,
      double[] byRow,
      long twiceU,
      int positives,
      int negatives) {
    double positiveMean = twiceU / (double) positives;
    double negativeMean = twiceU / (double) negatives;
    int n = labels.length;
    double[][] squares = new double[2][2]; // [half][positive, negative]
    Parallel.run(
        Parallel.parts(n),
        part -> {
          for (int half = part; half < 2; half += Parallel.parts(n)) {
            double positiveSquares = 0;
            double negativeSquares = 0;
            for (int k = half * (n / 2), end = half == 0 ? n / 2 : n; k < end; k++) {
              int row = order[k];
              double v = byRow == null ? bySlot[k] : bySlot[k] - byRow[row];
              if (labels[row]) {
                double d = v - positiveMean;
                positiveSquares += d * d;
              } else {
                double d = v - negativeMean;
                negativeSquares += d * d;
              }
            }
            squares[half][0] = positiveSquares;
            squares[half][1] = negativeSquares;
          }
        });
    double positiveUnit = 2.0 * negatives; // a positive's placement is V10 * positiveUnit
    double negativeUnit = 2.0 * positives;
    double s10 = (squares[0][0] + squares[1][0]) / (positiveUnit * positiveUnit) / (positives - 1.0);
    double s01 = (squares[0][1] + squares[1][1]) / (negativeUnit * negativeUnit) / (negatives - 1.0);
    return s10 / positives + s01 / negatives;
  }
}
