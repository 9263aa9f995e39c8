package dev.backtestgate.report;

import java.time.Duration;

/**
 * Durations as people read them: the two largest units, e.g. {@code 37d 4h}, {@code 2h 5m}, {@code 40s}.
 *
 * <pre>{@code
 * Durations.human(Duration.ofHours(892));   // "37d 4h"
 * }</pre>
 */
public final class Durations {
  private static final long[] UNIT_MILLIS = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
  private static final String[] UNIT_NAMES = {"d", "h", "m", "s", "ms"};

  private Durations() {}

  /** The duration in its two largest non-zero units. */
  public static String human(Duration duration) {
    long millis = duration.toMillis();
    if (millis == 0) {
      return "0s";
    }
    StringBuilder text = new StringBuilder(millis < 0 ? "-" : "");
    long rest = Math.abs(millis);
    int shown = 0;
    for (int u = 0; u < UNIT_MILLIS.length && shown < 2; u++) {
      long amount = rest / UNIT_MILLIS[u];
      if (amount > 0 || shown > 0) {
        if (amount > 0) {
          text.append(shown > 0 ? " " : "").append(amount).append(UNIT_NAMES[u]);
        }
        shown++;
        rest -= amount * UNIT_MILLIS[u];
      }
    }
    return text.toString();
  }
}
