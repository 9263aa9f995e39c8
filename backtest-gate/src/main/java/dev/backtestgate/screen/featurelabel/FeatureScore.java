package dev.backtestgate.screen.featurelabel;

import dev.backtestgate.FeatureColumn;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How well one feature alone separates the classes: its direction-free AUC {@code max(AUC, 1 - AUC)} with the
 * DeLong interval, mirrored with it.
 *
 * <pre>{@code
 * FeatureScore s = FeatureLabelScreen.screen(labels, new FeatureColumn.Numeric("balance", balances), 0.95);
 * if (s.auc() >= 0.90 || s.perfect()) ... // a single feature this predictive is likely derived from the label
 * }</pre>
 *
 * @param feature the feature's name
 * @param type {@code numeric} or {@code categorical}
 * @param auc the direction-free AUC, in [0.5, 1]
 * @param rawAuc the AUC of the values as given (numeric) or of the out-of-fold encoding (categorical); below 0.5
 *     when lower values go with positives
 * @param ciLower lower end of the DeLong interval of {@code auc}, or {@code NaN} when fewer than 2 positives or 2
 *     negatives leave no variance
 * @param ciUpper upper end of that interval, or {@code NaN}
 * @param confidenceLevel level of the interval
 * @param missing rows whose value is missing
 * @param categories distinct categories, missing counting as one ({@code 0} for a numeric feature)
 * @param perfect true when the feature alone ranks every positive above every negative, or every negative above
 *     every positive
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FeatureScore(
    String feature,
    String type,
    double auc,
    double rawAuc,
    double ciLower,
    double ciUpper,
    double confidenceLevel,
    int missing,
    int categories,
    boolean perfect) {

  /**
   * The score of a feature whose values (or out-of-fold encoding) rank with AUC {@code rawAuc} and DeLong interval
   * {@code [rawLower, rawUpper]} ({@code NaN} when there is none): the direction taken out, {@code max(AUC, 1 -
   * AUC)}, the interval mirrored with it, and {@code perfect} when {@code rawAuc} is exactly 1 or 0. Every engine
   * that screens features (in memory, on Spark) builds its scores here, so they agree bit for bit.
   *
   * <pre>{@code
   * FeatureScore s = FeatureScore.directionFree("balance", "numeric", 0.12, 0.09, 0.15, 0.95, 0, 0);
   * // s.auc() == 0.88, interval [0.85, 0.91], s.higherMeansPositive() == false
   * }</pre>
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static FeatureScore directionFree(String feature, String type, double rawAuc, double rawLower,
      double rawUpper, double confidenceLevel, int missing, int categories) {
    boolean flip = rawAuc < 0.5;
    return new FeatureScore(feature, type, flip ? 1 - rawAuc : rawAuc, rawAuc, flip ? 1 - rawUpper : rawLower,
        flip ? 1 - rawLower : rawUpper, confidenceLevel, missing, categories, rawAuc == 1.0 || rawAuc == 0.0);
  }

  /** True when higher values (or higher out-of-fold positive rates) go with positive rows. */
  public boolean higherMeansPositive() {
    return rawAuc >= 0.5;
  }

  /** True when the interval exists (at least 2 positives and 2 negatives). */
  public boolean hasInterval() {
    return !Double.isNaN(ciLower);
  }
}
