package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.time.EpochMillis;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The limits a backtest is held to: the gate's own (max lift, confidence, lift tolerance, availability lag, mode)
 * and each check's settings ({@link CheckSettings}), which the check looks up with {@link #settings(CheckSettings)}.
 * Immutable; {@code with...} methods return changed copies.
 *
 * <pre>{@code
 * GatePolicy policy = GatePolicy.defaults()
 *     .withMaxLift(0.03)
 *     .withAvailabilityLag(Duration.ofHours(6))
 *     .with(new LabelHorizonSettings(Duration.ofDays(7)));     // a check's settings
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class GatePolicy {
  /** Largest AUC lift accepted without a leakage review; a number in [0, 1). Default 0.05. */
  public static final Setting<Double> MAX_LIFT = Setting.of(Setting.PREFIX + "max-lift", "0.05",
      "a decimal number at least 0 and below 1, e.g. 0.05", text -> Setting.decimal(text, GatePolicy::belowOne),
      GatePolicy::withMaxLift, p -> Setting.text(p.maxLift()));
  /** Confidence level of the reported lift interval; a number in (0, 1). Default 0.95. */
  public static final Setting<Double> CONFIDENCE = Setting.of(Setting.PREFIX + "confidence", "0.95",
      "a decimal number strictly between 0 and 1, e.g. 0.95", text -> Setting.decimal(text, GatePolicy::inside),
      GatePolicy::withConfidence, p -> Setting.text(p.confidence()));
  /** How far the lift may grow past the reviewed lift and stay covered; a number in [0, 1). Default 0.01. */
  public static final Setting<Double> LIFT_TOLERANCE = Setting.of(Setting.PREFIX + "lift-tolerance", "0.01",
      "a decimal number at least 0 and below 1, e.g. 0.01", text -> Setting.decimal(text, GatePolicy::belowOne),
      GatePolicy::withLiftTolerance, p -> Setting.text(p.liftTolerance()));
  /** How long after recording a value is usable; an ISO-8601 duration of zero or more. Default PT0S. */
  public static final Setting<Duration> AVAILABILITY_LAG = Setting.of(Setting.PREFIX + "availability-lag", "PT0S",
      "an ISO-8601 duration of zero or more and at most " + EpochMillis.LONGEST + " (Long.MAX_VALUE "
          + "milliseconds), e.g. PT0S, PT6H or P1D", Setting::duration, GatePolicy::withAvailabilityLag,
      p -> p.availabilityLag().toString());
  /** auto, verify or local. Default auto: verify in CI, local elsewhere. */
  public static final Setting<Mode> MODE = Setting.of(Setting.PREFIX + "mode", "auto", "auto, verify or local",
      text -> Setting.oneOf(text, Mode.values(), Mode::configValue), GatePolicy::withMode,
      p -> p.mode().configValue());

  /** The gate's own settings, in documentation order. */
  static final java.util.List<Setting<?>> SETTINGS = java.util.List.of(MAX_LIFT, CONFIDENCE, LIFT_TOLERANCE,
      AVAILABILITY_LAG, MODE);

  private final double maxLift;
  private final double confidence;
  private final double liftTolerance;
  private final Duration availabilityLag;
  private final Mode mode;
  private final Map<Class<?>, CheckSettings> settings;

  private GatePolicy(double maxLift, double confidence, double liftTolerance, Duration availabilityLag, Mode mode,
      Map<Class<?>, CheckSettings> settings) {
    require(MAX_LIFT, maxLift, belowOne(maxLift), "max lift", " (AUC points)");
    require(CONFIDENCE, confidence, inside(confidence), "confidence", "");
    require(LIFT_TOLERANCE, liftTolerance, belowOne(liftTolerance), "lift tolerance", "");
    require(AVAILABILITY_LAG, availabilityLag, availabilityLag != null && EpochMillis.fits(availabilityLag), "availability lag", "");
    if (mode == null) {
      throw new IllegalArgumentException("mode is missing: use auto, verify or local.");
    }
    this.maxLift = maxLift;
    this.confidence = confidence;
    this.liftTolerance = liftTolerance;
    this.availabilityLag = availabilityLag;
    this.mode = mode;
    this.settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /**
   * The documented defaults (docs/configuration.md): max lift 0.05, confidence 0.95, lift tolerance 0.01,
   * no availability lag, mode auto, and every check's defaults (undeclared late writes fail, no embargo,
   * train/test overlap warns, future-read probes re-run 1,000 rows, max feature AUC 0.90).
   */
  public static GatePolicy defaults() {
    return bare().withSettings(withDefaults());
  }

  /** Largest AUC lift over the baseline accepted without a sign-off (default 0.05). */
  public double maxLift() {
    return maxLift;
  }

  /** Level of the reported lift interval (default 0.95). */
  public double confidence() {
    return confidence;
  }

  /** How far the lift may grow beyond the reviewed lift before a sign-off stops covering it (default 0.01). */
  public double liftTolerance() {
    return liftTolerance;
  }

  /**
   * How long after it is recorded a value can be used (default 0; at most {@link EpochMillis#LONGEST}, as times
   * are epoch milliseconds).
   */
  public Duration availabilityLag() {
    return availabilityLag;
  }

  /** How sign-off files are treated (default {@link Mode#AUTO}). */
  public Mode mode() {
    return mode;
  }

  /**
   * The settings of {@code defaults}' type in force: those set with {@link #with(CheckSettings)} or from
   * configuration, else {@code defaults}.
   *
   * @param defaults the check's defaults; their type is the key
   */
  public <S extends CheckSettings> S settings(S defaults) {
    Objects.requireNonNull(defaults, "defaults");
    @SuppressWarnings("unchecked")
    S set = (S) settings.get(typeOf(defaults));
    return set != null ? set : defaults;
  }

  /** Every check's settings in force, in the order they were first set. */
  public Collection<CheckSettings> checkSettings() {
    return settings.values();
  }

  /** A copy with {@code value} in place of the settings of its type. */
  public GatePolicy with(CheckSettings value) {
    Objects.requireNonNull(value, "check settings");
    Map<Class<?>, CheckSettings> changed = new LinkedHashMap<>(settings);
    changed.put(typeOf(value), value);
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, mode, changed);
  }

  /** A copy with another max lift. */
  public GatePolicy withMaxLift(double value) {
    return new GatePolicy(value, confidence, liftTolerance, availabilityLag, mode, settings);
  }

  /** A copy with another confidence level. */
  public GatePolicy withConfidence(double value) {
    return new GatePolicy(maxLift, value, liftTolerance, availabilityLag, mode, settings);
  }

  /** A copy with another lift tolerance. */
  public GatePolicy withLiftTolerance(double value) {
    return new GatePolicy(maxLift, confidence, value, availabilityLag, mode, settings);
  }

  /** A copy with another availability lag. */
  public GatePolicy withAvailabilityLag(Duration value) {
    return new GatePolicy(maxLift, confidence, liftTolerance, value, mode, settings);
  }

  /** A copy with another mode. */
  public GatePolicy withMode(Mode value) {
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, value, settings);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GatePolicy p && Double.compare(maxLift, p.maxLift) == 0
        && Double.compare(confidence, p.confidence) == 0 && Double.compare(liftTolerance, p.liftTolerance) == 0
        && availabilityLag.equals(p.availabilityLag) && mode == p.mode && settings.equals(p.settings);
  }

  @Override
  public int hashCode() {
    return Objects.hash(maxLift, confidence, liftTolerance, availabilityLag, mode, settings);
  }

  @Override
  public String toString() {
    return "GatePolicy[maxLift=" + maxLift + ", confidence=" + confidence + ", liftTolerance=" + liftTolerance
        + ", availabilityLag=" + availabilityLag + ", mode=" + mode + ", settings=" + settings.values() + "]";
  }

  /** A policy with the gate's defaults and no check settings: what each check's defaults are applied to. */
  static GatePolicy bare() {
    return Bare.POLICY;
  }

  /** The gate's own defaults, parsed once from its settings' defaults. */
  private static final class Bare {
    static final GatePolicy POLICY = bare();

    private static GatePolicy bare() {
      GatePolicy policy = new GatePolicy(0, 0.5, 0, Duration.ZERO, Mode.AUTO, Map.of());
      for (Setting<?> setting : SETTINGS) {
        policy = setting.applyDefault(policy);
      }
      return policy;
    }
  }

  private GatePolicy withSettings(Map<Class<?>, CheckSettings> values) {
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, mode, values);
  }

  /** The allowed range of max lift and lift tolerance: [0, 1). */
  private static boolean belowOne(double value) {
    return value >= 0 && value < 1;
  }

  /** The allowed range of the confidence level: (0, 1). */
  private static boolean inside(double value) {
    return value > 0 && value < 1;
  }

  /** Fails with the value, the setting's allowed values and its key unless {@code allowed}. */
  private static void require(Setting<?> setting, Object value, boolean allowed, String name, String unit) {
    if (!allowed) {
      throw new IllegalArgumentException(name + " is " + value + ": it must be " + setting.allowed() + unit + " ("
          + setting.key() + ").");
    }
  }

  /** The check settings, by type. */
  Map<Class<?>, CheckSettings> settingsMap() {
    return settings;
  }

  /** The key a settings value is kept under: its class, or its enum's class for an enum constant with a body. */
  static Class<?> typeOf(CheckSettings value) {
    return value instanceof Enum<?> e ? e.getDeclaringClass() : value.getClass();
  }

  /** Every check's defaults (from its configuration keys), then {@code values} in their place. */
  private static Map<Class<?>, CheckSettings> withDefaults(CheckSettings... values) {
    Map<Class<?>, CheckSettings> map = new LinkedHashMap<>(BuiltInChecks.defaultSettings());
    for (CheckSettings value : values) {
      map.put(typeOf(value), value);
    }
    return map;
  }

}
