package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Numbers as the gate's messages print them, the same in the console text, the HTML page and the JSON
 * report's headlines. No formatter here ever throws, whatever the value.
 *
 * <pre>{@code
 * Wording.duration(Duration.ofHours(892));   // "37d 4h"
 * Wording.percent(0.0004);                    // "0.040%"
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class Wording {
  private static final long[] UNIT_SECONDS = {86_400L, 3_600L, 60L, 1L};
  private static final String[] UNIT_NAMES = {"d", "h", "m", "s"};

  private Wording() {}

  /**
   * {@code text} for an SVG or XML element or a double-quoted attribute: {@code & < > "} escaped. The one escape of
   * the charts the checks draw ({@code Finding.Rendering.figure}).
   */
  public static String xml(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  /**
   * A count as every message prints it, with thousands separators: {@code count(2999)} is {@code "2,999"}. Row
   * numbers and other identifiers are not counts and keep their bare digits.
   */
  public static String count(long n) {
    return fmt("%,d", n);
  }

  /** {@link String#format} in the root locale: the same digits on every machine. */
  public static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** A duration in its two largest non-zero units, e.g. {@code 37d 4h}, {@code 2h 5m}, {@code 40s}, {@code 250ms}. */
  public static String duration(Duration duration) {
    if (duration.isZero()) {
      return "0s";
    }
    boolean negative = duration.isNegative();
    // Duration.abs() of the most negative duration overflows; one nanosecond less never matters in a message.
    Duration rest = negative ? (duration.getSeconds() == Long.MIN_VALUE ? Duration.ofSeconds(Long.MAX_VALUE)
        : duration.negated()) : duration;
    long seconds = rest.getSeconds();
    StringBuilder text = new StringBuilder(negative ? "-" : "");
    if (seconds == 0) {
      return text.append(rest.toNanos() / 1_000_000L).append("ms").toString();
    }
    int shown = 0;
    for (int u = 0; u < UNIT_SECONDS.length && shown < 2; u++) {
      long amount = seconds / UNIT_SECONDS[u];
      if (amount > 0 || shown > 0) {
        if (amount > 0) {
          text.append(shown > 0 ? " " : "").append(amount).append(UNIT_NAMES[u]);
        }
        shown++;
        seconds -= amount * UNIT_SECONDS[u];
      }
    }
    if (shown == 1 && seconds == 0 && rest.getSeconds() < 60 && rest.getNano() >= 1_000_000) {
      text.append(' ').append(rest.getNano() / 1_000_000).append("ms");
    }
    return text.toString();
  }

  /**
   * A share in [0, 1] as a percentage with one decimal, except that a share that is not zero never prints
   * as {@code 0.0%} (nor a share below one as {@code 100.0%}): small shares get the digits they need.
   */
  public static String percent(double share) {
    if (!Double.isFinite(share)) {
      return "n/a";
    }
    double pct = 100 * share;
    String text = fmt("%.1f%%", pct);
    if (share > 0 && text.equals("0.0%")) {
      return pct < 0.0001 ? "<0.0001%" : fmt("%.2g%%", pct);
    }
    if (share < 1 && text.equals("100.0%")) {
      return ">99.9%";
    }
    return text;
  }

  /** A map that keeps the order its keys were given in (key, value, key, value, ...): evidence for JSON reports. */
  public static java.util.Map<String, Object> ordered(Object... keysAndValues) {
    java.util.Map<String, Object> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
