package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * One configuration key: its name, its default as it would be written, the allowed values in words, how a value
 * is parsed, how a parsed value changes a {@link GatePolicy}, and how the value in force is read back from a policy
 * and written as configuration text. The gate's own keys and every check's keys are settings; the JUnit extension
 * and the Maven plugin read them all through the one configuration of the core, so a check's key is known wherever
 * the check runs, and the reports list every value in force through
 * {@link dev.backtestgate.config.GateConfig#inForce(GatePolicy)}.
 *
 * <p>A key is a namespace and a name joined by dots, each part lower-case words joined by hyphens
 * ({@code acme.max-score-age}, {@code acme.scores.max-age}). Its first part is its <em>namespace</em>: the gate's
 * own keys and its built-in checks' use {@code backtestgate}, a check of your own uses a namespace of its own
 * (its provider may not declare a {@code backtestgate.} key, nor one in a namespace the JVM, JUnit or a build tool
 * uses: {@link #RESERVED_NAMESPACES}). Every namespace a setting declares is read from the same sources and
 * checked for unknown keys, with did-you-mean suggestions, like the gate's own.
 *
 * <pre>{@code
 * Setting<Double> maxShare = Setting.of("acme.max-exposure-share", "0.2", "a number in (0, 1), e.g. 0.2",
 *     text -> Setting.decimal(text, v -> v > 0 && v < 1),
 *     (policy, v) -> policy.with(new ExposureSettings(v)),
 *     policy -> Setting.text(policy.settings(ExposureSettings.DEFAULTS).maxShare()));
 * }</pre>
 *
 * @param key the key: a namespace and a name, lower-case words joined by hyphens, the parts joined by dots
 * @param defaultValue the default, as it would be written in configuration
 * @param allowed the allowed values in words, with an example, for error messages and docs
 * @param parse the value of a text, or {@code null} when the text is not allowed
 * @param apply the policy with the parsed value set
 * @param inForce the value in force in a policy, written as configuration text that {@code parse} accepts; or
 *     {@code null} when the setting gives no read-back (the reports then say "not shown")
 * @param <T> the parsed value
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Setting<T>(String key, String defaultValue, String allowed, Function<String, T> parse,
    BiFunction<GatePolicy, T, GatePolicy> apply, Function<GatePolicy, String> inForce) {
  /** The gate's own namespace: every key of the gate and of its built-in checks starts with it. */
  public static final String PREFIX = "backtestgate.";

  /**
   * Namespaces no check may declare: the JVM's, JUnit's, the build tools' and the common package roots, whose
   * system properties ({@code java.version}, {@code user.home}, {@code junit.jupiter...}) would otherwise read as
   * misspelled keys of the check.
   */
  public static final java.util.Set<String> RESERVED_NAMESPACES = java.util.Set.of("java", "javax", "jdk", "sun",
      "com", "org", "net", "io", "dev", "user", "os", "file", "line", "path", "junit", "surefire", "failsafe", "maven",
      "gradle", "sbt", "spark", "hadoop", "http", "https", "socks", "ftp", "jna", "jline");

  /** A key's shape: parts of lower-case words joined by hyphens, two parts or more, joined by dots. */
  static final java.util.regex.Pattern KEY =
      java.util.regex.Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*(\\.[a-z][a-z0-9]*(-[a-z0-9]+)*)+");

  /** Checks the key's shape and that the default parses. */
  public Setting {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(allowed, "allowed");
    Objects.requireNonNull(parse, "parse");
    Objects.requireNonNull(apply, "apply");
    if (!KEY.matcher(key).matches()) {
      throw new IllegalArgumentException("setting key '" + key + "' is not a namespace and a name of lower-case "
          + "words joined by hyphens, the parts joined by dots, e.g. acme.max-score-age (your check's own "
          + "namespace first).");
    }
    if (RESERVED_NAMESPACES.contains(namespace(key))) {
      throw new IllegalArgumentException("setting key '" + key + "' is in the namespace '" + namespace(key) + "', "
          + "which the JVM, JUnit, a build tool or a package root uses: its properties would read as misspelled keys "
          + "of your check. Use a namespace of your own, e.g. acme." + key.substring(key.indexOf('.') + 1) + ".");
    }
    if (defaultValue != null && parse.apply(defaultValue) == null) {
      throw new IllegalArgumentException("the default '" + defaultValue + "' of " + key + " is not one of its "
          + "allowed values (" + allowed + ").");
    }
  }

  /** The namespace of {@code key}: its first part, before the first dot ({@code acme} of {@code acme.max-age}). */
  public static String namespace(String key) {
    int dot = key.indexOf('.');
    return dot < 0 ? key : key.substring(0, dot);
  }

  /** A setting without a read-back: the reports list its key with "not shown" in place of its value. */
  public Setting(String key, String defaultValue, String allowed, Function<String, T> parse,
      BiFunction<GatePolicy, T, GatePolicy> apply) {
    this(key, defaultValue, allowed, parse, apply, null);
  }

  /** A setting; see the record's components. */
  public static <T> Setting<T> of(String key, String defaultValue, String allowed, Function<String, T> parse,
      BiFunction<GatePolicy, T, GatePolicy> apply, Function<GatePolicy, String> inForce) {
    return new Setting<>(key, defaultValue, allowed, parse, apply, Objects.requireNonNull(inForce, "inForce"));
  }

  /**
   * A setting without a read-back (the reports list its key with "not shown" in place of its value); prefer
   * {@link #of(String, String, String, Function, BiFunction, Function)}.
   */
  public static <T> Setting<T> of(String key, String defaultValue, String allowed, Function<String, T> parse,
      BiFunction<GatePolicy, T, GatePolicy> apply) {
    return new Setting<>(key, defaultValue, allowed, parse, apply, null);
  }

  /**
   * The value in force in {@code policy} as it would be written in configuration, or empty when this setting gives
   * no read-back.
   *
   * @throws IllegalStateException when the read-back writes a text that this setting's parser refuses: a bug of
   *     the check that declares it
   */
  public java.util.Optional<String> valueIn(GatePolicy policy) {
    Objects.requireNonNull(policy, "policy");
    if (inForce == null) {
      return java.util.Optional.empty();
    }
    String text = inForce.apply(policy);
    if (text == null || parse.apply(text) == null) {
      throw new IllegalStateException("the read-back of " + key + " wrote '" + text + "', which is not one of its "
          + "allowed values (" + allowed + "): fix the setting's inForce function in its CheckProvider.");
    }
    return java.util.Optional.of(text);
  }

  /**
   * A number as configuration text: plain decimal digits, as short as the number allows ({@code 0.05}, {@code 1},
   * {@code 0.0001}), which {@link #decimal} reads back to the same {@code double}; for {@link #inForce()}.
   */
  public static String text(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("a setting's value must be finite, not " + value);
    }
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /**
   * The policy with {@code text} (surrounding white space stripped) set.
   *
   * @param source where the text came from, for the error message
   * @throws InvalidSettingException naming the key, the value, the allowed values, the source and the default
   */
  public GatePolicy applyTo(GatePolicy policy, String text, String source) {
    T value = text == null ? null : parse.apply(text.strip());
    if (value == null) {
      throw new InvalidSettingException(this, String.valueOf(text), source);
    }
    return apply.apply(policy, value);
  }

  /** The policy with this setting's default set (a setting without a default leaves the policy as it is). */
  public GatePolicy applyDefault(GatePolicy policy) {
    return defaultValue == null ? policy : apply.apply(policy, parse.apply(defaultValue));
  }

  /** Plain decimal numbers only: no NaN, Infinity, hex or type suffixes. */
  private static final java.util.regex.Pattern DECIMAL =
      java.util.regex.Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

  /** A plain decimal number in {@code range}, or {@code null}: a parser for {@link #parse()}. */
  public static Double decimal(String text, java.util.function.DoublePredicate range) {
    if (!DECIMAL.matcher(text).matches()) {
      return null;
    }
    double value = Double.parseDouble(text);
    return range.test(value) ? value : null;
  }

  /**
   * An ISO-8601 duration of zero or more that fits in epoch milliseconds, or {@code null}: a parser for
   * {@link #parse()}.
   */
  public static java.time.Duration duration(String text) {
    try {
      java.time.Duration value = java.time.Duration.parse(text);
      return dev.backtestgate.time.EpochMillis.fits(value) ? value : null;
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }

  /** The constant of {@code values} whose configuration value is {@code text}, or {@code null}. */
  public static <E> E oneOf(String text, E[] values, Function<E, String> configValue) {
    for (E value : values) {
      if (configValue.apply(value).equals(text)) {
        return value;
      }
    }
    return null;
  }
}
