package dev.backtestgate.screen.horizon;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import dev.backtestgate.time.EpochMillis;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * The label-horizon screen's setting ({@code backtestgate.embargo}).
 *
 * @param embargo how long before the earliest test decision every training label must have resolved (default 0)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabelHorizonSettings(Duration embargo) implements CheckSettings {
  /** No embargo. */
  public static final LabelHorizonSettings DEFAULTS = new LabelHorizonSettings(Duration.ZERO);

  /** Validates the embargo. */
  public LabelHorizonSettings {
    if (embargo == null || !EpochMillis.fits(embargo)) {
      throw new IllegalArgumentException("embargo is " + embargo + ": it must be a duration of zero or more and at "
          + "most " + EpochMillis.LONGEST + " (Long.MAX_VALUE milliseconds), e.g. P7D.");
    }
  }
}
