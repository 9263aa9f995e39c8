package dev.backtestgate.lifttrend;

import dev.backtestgate.CheckSettings;
import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The settings of the {@code lift-trend} check, with their configuration keys, defaults and strict parsing.
 *
 * <pre>{@code
 * LiftTrendSettings s = LiftTrendSettings.parse(Map.of("backtestgate.lift-periods", "quarter"));
 * LiftTrendSettings d = LiftTrendSettings.defaults();   // month, 30, 0.01, 0.03
 * }</pre>
 *
 * @param periods how decision times are cut into periods ({@value #PERIODS})
 * @param minClass the fewest rows of each class a period needs to be tested, at least 2 ({@value #MIN_CLASS})
 * @param alpha the false-alarm rate of the whole test, in (0, 0.5] ({@value #ALPHA})
 * @param minStep how far the lift must fall to fail, at least 0 ({@value #MIN_STEP})
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record LiftTrendSettings(LiftPeriods periods, int minClass, double alpha, double minStep)
    implements CheckSettings {
  /** How decision times are cut into periods: {@code month}, {@code week}, {@code quarter} or an ISO duration. */
  public static final String PERIODS = "backtestgate.lift-periods";
  /** The fewest rows of each class a period needs before its lift is measured. */
  public static final String MIN_CLASS = "backtestgate.lift-period-min-class";
  /** The false-alarm rate of the test. */
  public static final String ALPHA = "backtestgate.lift-trend-alpha";
  /** How far the lift before the change must exceed the lift after it to fail. */
  public static final String MIN_STEP = "backtestgate.lift-trend-min-step";
  /** The keys, in the order the documentation lists them. */
  public static final List<String> KEYS = List.of(PERIODS, MIN_CLASS, ALPHA, MIN_STEP);
  /** The default value of each key, as it would be written in the configuration. */
  public static final Map<String, String> DEFAULTS = defaultValues();
  /**
   * The most periods a run may span (empty ones included): finer periods than that hold too few rows of each class
   * to measure a lift, and the check fails naming this cap rather than test thousands of empty periods.
   */
  public static final int MAX_PERIODS = 1_000;

  private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
  private static final String MIN_CLASS_ALLOWED = "a whole number of at least 2, e.g. 30";
  private static final String ALPHA_ALLOWED = "a decimal number above 0 and at most 0.5, e.g. 0.01";
  private static final String MIN_STEP_ALLOWED = "a decimal number of at least 0 and below 1, e.g. 0.03";

  /**
   * Checks every value.
   *
   * @throws IllegalArgumentException naming the key, the value and what is allowed
   */
  public LiftTrendSettings {
    Objects.requireNonNull(periods, PERIODS);
    if (minClass < 2) {
      throw invalid(MIN_CLASS, String.valueOf(minClass), MIN_CLASS_ALLOWED
          + " (a DeLong variance needs 2 rows of each class)");
    }
    if (!(alpha > 0 && alpha <= 0.5)) {
      throw invalid(ALPHA, String.valueOf(alpha), ALPHA_ALLOWED);
    }
    if (!(minStep >= 0 && minStep < 1)) {
      throw invalid(MIN_STEP, String.valueOf(minStep), MIN_STEP_ALLOWED);
    }
  }

  /** Month, 30 of each class, alpha 0.01, a step of 0.03. */
  public static LiftTrendSettings defaults() {
    return new LiftTrendSettings(LiftPeriods.MONTH, 30, 0.01, 0.03);
  }

  /**
   * The settings from configuration values by key; a missing key takes its default. Keys other than {@link #KEYS}
   * are ignored (the caller checks for unknown keys).
   *
   * @throws IllegalArgumentException for the first invalid value, naming the key, the value and what is allowed
   */
  public static LiftTrendSettings parse(Map<String, String> values) {
    return parse(key -> Optional.ofNullable(values.get(key)));
  }

  /**
   * The settings from a lookup by key (JUnit's configuration parameters); an empty result takes the default.
   *
   * @throws IllegalArgumentException for the first invalid value, naming the key, the value and what is allowed
   */
  public static LiftTrendSettings parse(Function<String, Optional<String>> lookup) {
    LiftPeriods periods = periods(value(lookup, PERIODS));
    int minClass = minClass(value(lookup, MIN_CLASS));
    double alpha = number(ALPHA, value(lookup, ALPHA), ALPHA_ALLOWED);
    double minStep = number(MIN_STEP, value(lookup, MIN_STEP), MIN_STEP_ALLOWED);
    return new LiftTrendSettings(periods, minClass, alpha, minStep);
  }

  /** Parses {@value #PERIODS}; throws naming the key, the value and what is allowed. */
  public static LiftPeriods periods(String value) {
    String text = given(PERIODS, value, LiftPeriods.ALLOWED);
    try {
      return LiftPeriods.parse(text);
    } catch (IllegalArgumentException e) {
      throw invalid(PERIODS, value, LiftPeriods.ALLOWED);
    }
  }

  /** Parses {@value #MIN_CLASS}; throws naming the key, the value and what is allowed. */
  public static int minClass(String value) {
    String text = given(MIN_CLASS, value, MIN_CLASS_ALLOWED);
    if (!text.matches("[0-9]{1,10}") || Long.parseLong(text) < 2 || Long.parseLong(text) > Integer.MAX_VALUE) {
      throw invalid(MIN_CLASS, value, MIN_CLASS_ALLOWED);
    }
    return Integer.parseInt(text);
  }

  /** The settings with other periods. */
  public LiftTrendSettings withPeriods(LiftPeriods periods) {
    return new LiftTrendSettings(periods, minClass, alpha, minStep);
  }

  /** The settings with another minimum of rows of each class. */
  public LiftTrendSettings withMinClass(int minClass) {
    return new LiftTrendSettings(periods, minClass, alpha, minStep);
  }

  /** The settings with another false-alarm rate. */
  public LiftTrendSettings withAlpha(double alpha) {
    return new LiftTrendSettings(periods, minClass, alpha, minStep);
  }

  /** The settings with another minimum step. */
  public LiftTrendSettings withMinStep(double minStep) {
    return new LiftTrendSettings(periods, minClass, alpha, minStep);
  }

  /** The settings as configuration values by key, in the order of {@link #KEYS}. */
  public Map<String, String> configValues() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put(PERIODS, periods.configValue());
    values.put(MIN_CLASS, Integer.toString(minClass));
    values.put(ALPHA, Double.toString(alpha));
    values.put(MIN_STEP, Double.toString(minStep));
    return values;
  }

  private static String value(Function<String, Optional<String>> lookup, String key) {
    return lookup.apply(key).orElse(DEFAULTS.get(key));
  }

  private static double number(String key, String value, String allowed) {
    String text = value.strip();
    if (!DECIMAL.matcher(text).matches()) {
      throw invalid(key, value, allowed);
    }
    double number = Double.parseDouble(text);
    boolean ok = key.equals(ALPHA) ? number > 0 && number <= 0.5 : number >= 0 && number < 1;
    if (!ok) {
      throw invalid(key, value, allowed);
    }
    return number;
  }

  /** The value without surrounding white space; a missing one (null) is refused naming the key and what is allowed. */
  private static String given(String key, String value, String allowed) {
    if (value == null) {
      throw new IllegalArgumentException(fmt("Invalid leakage gate setting %s: no value (null). Allowed: %s. Pass a "
          + "value, or leave the setting out to use the default (%s).", key, allowed,
          DEFAULTS == null ? "" : DEFAULTS.get(key)));
    }
    return value.strip();
  }

  private static IllegalArgumentException invalid(String key, String value, String allowed) {
    return new IllegalArgumentException(fmt("Invalid leakage gate setting %s: '%s'. Allowed: %s. Fix the value, or "
        + "remove it to use the default (%s).", key, value, allowed, DEFAULTS == null ? "" : DEFAULTS.get(key)));
  }

  private static Map<String, String> defaultValues() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put(PERIODS, "month");
    values.put(MIN_CLASS, "30");
    values.put(ALPHA, "0.01");
    values.put(MIN_STEP, "0.03");
    return java.util.Collections.unmodifiableMap(values);
  }
}
