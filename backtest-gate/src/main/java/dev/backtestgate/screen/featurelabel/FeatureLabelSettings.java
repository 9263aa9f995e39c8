package dev.backtestgate.screen.featurelabel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import org.apiguardian.api.API;

/**
 * The feature–label screen's setting ({@code backtestgate.max-feature-auc}).
 *
 * @param maxFeatureAuc direction-free AUC of a single feature at or above which the screen fails (default 0.90); a
 *     feature that separates the classes perfectly fails whatever the limit
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FeatureLabelSettings(double maxFeatureAuc) implements CheckSettings {
  /** Default max feature AUC. */
  public static final double DEFAULT_MAX_FEATURE_AUC = 0.90;
  /** The defaults. */
  public static final FeatureLabelSettings DEFAULTS = new FeatureLabelSettings(DEFAULT_MAX_FEATURE_AUC);

  /** Validates the limit. */
  public FeatureLabelSettings {
    if (!(maxFeatureAuc > 0.5 && maxFeatureAuc <= 1)) {
      throw new IllegalArgumentException("max feature AUC is " + maxFeatureAuc + ": it must be above 0.5 and at "
          + "most 1 (a direction-free AUC, e.g. 0.90).");
    }
  }
}
