package dev.backtestgate.screen.futureread;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import org.apiguardian.api.API;

/**
 * The future-read probe's setting ({@code backtestgate.future-read-sample}).
 *
 * @param sample how many rows each probe re-runs (default {@value FutureReadProbe#DEFAULT_SAMPLE};
 *     {@link FutureReadProbe#ALL_ROWS} for every row)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FutureReadSettings(int sample) implements CheckSettings {
  /** 1,000 rows a probe. */
  public static final FutureReadSettings DEFAULTS = new FutureReadSettings(FutureReadProbe.DEFAULT_SAMPLE);

  /** Validates the sample size. */
  public FutureReadSettings {
    if (sample < 1) {
      throw new IllegalArgumentException("future-read sample is " + sample + ": probe at least 1 row, "
          + "e.g. 1000, or FutureReadProbe.ALL_ROWS for every row.");
    }
  }
}
