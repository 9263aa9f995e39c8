package dev.backtestgate.screen.overlap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import dev.backtestgate.GatePolicy;
import java.util.Arrays;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * What the gate does with test rows whose entity was in the training set at a decision time at or after theirs
 * ({@code train-test-overlap} findings): fail, warn (the default) or not check at all. Configured by
 * {@value #KEY}.
 *
 * <pre>{@code
 * GatePolicy strict = GatePolicy.defaults().with(TrainTestOverlapPolicy.FAIL);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum TrainTestOverlapPolicy implements CheckSettings {
  /** Overlapping test rows fail the gate; only fixing the split resolves them. */
  FAIL,
  /** Overlapping test rows are reported; the gate still passes on them. */
  WARN,
  /** The overlap is not checked. */
  OFF;

  /** The configuration key. */
  public static final String KEY = "backtestgate.train-test-overlap";

  /** The default, {@link #WARN}. */
  public static final TrainTestOverlapPolicy DEFAULT = WARN;

  /**
   * Parses a configured value strictly: exactly {@code fail}, {@code warn} or {@code off}.
   *
   * @param source where the value came from, quoted in the error message
   * @throws IllegalArgumentException naming the key, the value, the allowed values and the source
   */
  public static TrainTestOverlapPolicy parse(String value, String source) {
    for (TrainTestOverlapPolicy policy : values()) {
      if (policy.configValue().equals(value)) {
        return policy;
      }
    }
    throw new IllegalArgumentException("invalid value for " + KEY + ": '" + value + "' (from " + source
        + "); allowed values: " + Arrays.stream(values()).map(TrainTestOverlapPolicy::configValue).toList()
        + " (default " + DEFAULT.configValue() + ")");
  }

  /** The value as written in configuration: {@code fail}, {@code warn} or {@code off}. */
  public String configValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
