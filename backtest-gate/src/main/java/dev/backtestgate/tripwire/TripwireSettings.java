package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.lifttrend.LiftTrendSettings;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * How the tripwire decides.
 *
 * <pre>{@code
 * TripwireSettings s = TripwireSettings.parse(key -> Optional.ofNullable(System.getProperty(key)));
 * }</pre>
 *
 * @param alpha the false-alarm rate over all looks together, however many ({@value #ALPHA}, default 0.01)
 * @param minGap how far production must fall short of the claim to trip ({@value #MIN_GAP}, default 0.03)
 * @param minClass the fewest matured rows of each class before the tripwire checks: the lift trend's
 *     {@code backtestgate.lift-period-min-class} (default 30)
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TripwireSettings(double alpha, double minGap, int minClass) {
  /** The false-alarm rate over every look. */
  public static final String ALPHA = "backtestgate.tripwire-alpha";
  /** The gap between claim and production that matters. */
  public static final String MIN_GAP = "backtestgate.tripwire-min-gap";
  /** The keys, in the order the documentation lists them (the minimum per class is the lift trend's key). */
  public static final List<String> KEYS = List.of(ALPHA, MIN_GAP, LiftTrendSettings.MIN_CLASS);

  private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
  private static final String ALPHA_ALLOWED = "a decimal number above 0 and at most 0.5, e.g. 0.01";
  private static final String MIN_GAP_ALLOWED = "a decimal number of at least 0 and below 1, e.g. 0.03";

  /**
   * Checks every value.
   *
   * @throws IllegalArgumentException naming the key, the value and what is allowed
   */
  public TripwireSettings {
    if (!(alpha > 0 && alpha <= 0.5)) {
      throw invalid(ALPHA, String.valueOf(alpha), ALPHA_ALLOWED);
    }
    if (!(minGap >= 0 && minGap < 1)) {
      throw invalid(MIN_GAP, String.valueOf(minGap), MIN_GAP_ALLOWED);
    }
    if (minClass < 2) {
      throw invalid(LiftTrendSettings.MIN_CLASS, String.valueOf(minClass), "a whole number of at least 2, e.g. 30");
    }
  }

  /** Alpha 0.01, a gap of 0.03, 30 matured rows of each class. */
  public static TripwireSettings defaults() {
    return new TripwireSettings(0.01, 0.03, LiftTrendSettings.defaults().minClass());
  }

  /**
   * The settings from a lookup by key (system properties, JUnit's configuration); an empty result takes the default.
   *
   * @throws IllegalArgumentException for the first invalid value, naming the key, the value and what is allowed
   */
  public static TripwireSettings parse(Function<String, Optional<String>> lookup) {
    TripwireSettings d = defaults();
    double alpha = lookup.apply(ALPHA).map(v -> number(ALPHA, v, ALPHA_ALLOWED)).orElse(d.alpha());
    double minGap = lookup.apply(MIN_GAP).map(v -> number(MIN_GAP, v, MIN_GAP_ALLOWED)).orElse(d.minGap());
    int minClass = lookup.apply(LiftTrendSettings.MIN_CLASS).map(LiftTrendSettings::minClass).orElse(d.minClass());
    return new TripwireSettings(alpha, minGap, minClass);
  }

  private static double number(String key, String value, String allowed) {
    if (!DECIMAL.matcher(value.strip()).matches()) {
      throw invalid(key, value, allowed);
    }
    return Double.parseDouble(value.strip());
  }

  private static IllegalArgumentException invalid(String key, String value, String allowed) {
    return new IllegalArgumentException(key + " = '" + value + "' is not allowed: write " + allowed + ".");
  }
}
