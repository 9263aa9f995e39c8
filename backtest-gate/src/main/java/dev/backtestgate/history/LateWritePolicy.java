package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.CheckSettings;
import java.util.Arrays;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Whether undeclared late writes into closed partitions fail the gate ({@link #FAIL}, the default since 0.2)
 * or only show up in the report ({@link #WARN}). Configured by {@value #KEY}. Late events that declare the
 * event they correct, with a reason code, never fail under either policy: they are listed by reason code.
 * Rewritten history (a {@link HistoryCheckResult} with findings) always fails; it has no such switch.
 *
 * <pre>{@code
 * LateWritePolicy policy = LateWritePolicy.parse(System.getProperty(LateWritePolicy.KEY, "fail"), "-D");
 * boolean fails = policy.fails(lateWriteReport);
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public enum LateWritePolicy implements CheckSettings {
  /** Undeclared late writes are reported, the gate still passes on them. */
  WARN,
  /** Any undeclared late write fails the gate. */
  FAIL;

  /** The configuration key. */
  public static final String KEY = "backtestgate.late-writes";

  /** The default, {@link #FAIL} (it was {@link #WARN} before corrections could be declared). */
  public static final LateWritePolicy DEFAULT = FAIL;

  /**
   * Parses a configured value strictly: exactly {@code warn} or {@code fail}.
   *
   * @param source where the value came from (e.g. "system property", "junit-platform.properties"), quoted
   *     in the error message
   * @throws IllegalArgumentException naming the key, the value, the allowed values and the source
   */
  public static LateWritePolicy parse(String value, String source) {
    for (LateWritePolicy policy : values()) {
      if (policy.configValue().equals(value)) {
        return policy;
      }
    }
    throw new IllegalArgumentException(
        "invalid value for " + KEY + ": '" + value + "' (from " + source + "); allowed values: "
            + Arrays.stream(values()).map(LateWritePolicy::configValue).toList() + " (default "
            + DEFAULT.configValue() + ")");
  }

  /** The value as written in configuration: {@code warn} or {@code fail}. */
  public String configValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether {@code report} fails the gate under this policy. */
  public boolean fails(LateWriteReport report) {
    return this == FAIL && report.undeclared();
  }
}
