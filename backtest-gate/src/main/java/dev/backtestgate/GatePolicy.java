package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.history.LateWritePolicy;
import dev.backtestgate.screen.featurelabel.FeatureLabelSettings;
import dev.backtestgate.screen.futureread.FutureReadSettings;
import dev.backtestgate.screen.horizon.LabelHorizonSettings;
import dev.backtestgate.screen.overlap.TrainTestOverlapPolicy;
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
  /** Default max lift: five AUC points. */
  public static final double DEFAULT_MAX_LIFT = 0.05;
  /** Default confidence level of the lift interval. */
  public static final double DEFAULT_CONFIDENCE = 0.95;
  /** Default max feature AUC of the feature–label screen. */
  public static final double DEFAULT_MAX_FEATURE_AUC = FeatureLabelSettings.DEFAULT_MAX_FEATURE_AUC;
  /** Default lift tolerance of a sign-off. */
  public static final double DEFAULT_LIFT_TOLERANCE = 0.01;

  private final double maxLift;
  private final double confidence;
  private final double liftTolerance;
  private final Duration availabilityLag;
  private final Mode mode;
  private final Map<Class<?>, CheckSettings> settings;

  private GatePolicy(double maxLift, double confidence, double liftTolerance, Duration availabilityLag, Mode mode,
      Map<Class<?>, CheckSettings> settings) {
    if (!(maxLift >= 0 && maxLift < 1)) {
      throw new IllegalArgumentException("max lift is " + maxLift + ": it must be at least 0 and below 1 (AUC points, "
          + "e.g. 0.05 for five points).");
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence is " + confidence + ": it must be strictly between 0 and 1, "
          + "e.g. 0.95.");
    }
    if (!(liftTolerance >= 0 && liftTolerance < 1)) {
      throw new IllegalArgumentException("lift tolerance is " + liftTolerance + ": it must be at least 0 and below "
          + "1, e.g. 0.01.");
    }
    if (!EpochMillis.fits(availabilityLag)) {
      throw new IllegalArgumentException("availability lag is " + availabilityLag + ": it must be a duration of "
          + "zero or more and at most " + EpochMillis.LONGEST + " (Long.MAX_VALUE milliseconds), e.g. PT6H.");
    }
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
   * Every limit given; validates each, an invalid one fails with its value and the allowed range.
   *
   * @deprecated the checks' settings moved into the checks: use {@link #defaults()} with the {@code with...}
   *     methods and {@link #with(CheckSettings)}
   */
  @Deprecated(since = "0.1")
  public GatePolicy(double maxLift, double confidence, double liftTolerance, Duration availabilityLag, Mode mode,
      LateWritePolicy lateWrites, Duration embargo, TrainTestOverlapPolicy trainTestOverlap, int futureReadSample,
      double maxFeatureAuc) {
    this(maxLift, confidence, liftTolerance, availabilityLag, mode, withDefaults(
        required(lateWrites, "late-writes policy is missing: use fail or warn."), new LabelHorizonSettings(embargo),
        required(trainTestOverlap, "train/test-overlap policy is missing: use fail, warn or off."),
        new FutureReadSettings(futureReadSample), new FeatureLabelSettings(maxFeatureAuc)));
  }

  /**
   * The limits without the training-set and probe settings: no embargo, overlap warns, probes sample 1,000.
   *
   * @deprecated use {@link #defaults()} with the {@code with...} methods
   */
  @Deprecated(since = "0.1")
  public GatePolicy(double maxLift, double confidence, double liftTolerance, Duration availabilityLag, Mode mode,
      LateWritePolicy lateWrites) {
    this(maxLift, confidence, liftTolerance, availabilityLag, mode, withDefaults(
        required(lateWrites, "late-writes policy is missing: use fail or warn.")));
  }

  /**
   * The documented defaults (docs/configuration.md): max lift 0.05, confidence 0.95, lift tolerance 0.01,
   * no availability lag, mode auto, and every check's defaults (undeclared late writes fail, no embargo,
   * train/test overlap warns, future-read probes re-run 1,000 rows, max feature AUC 0.90).
   */
  public static GatePolicy defaults() {
    return new GatePolicy(DEFAULT_MAX_LIFT, DEFAULT_CONFIDENCE, DEFAULT_LIFT_TOLERANCE, Duration.ZERO, Mode.AUTO,
        withDefaults());
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

  /**
   * Whether undeclared late writes into closed history fail the gate or only warn (default
   * {@link LateWritePolicy#FAIL}).
   *
   * @deprecated a setting of the history check: {@code settings(LateWritePolicy.DEFAULT)}
   */
  @Deprecated(since = "0.1")
  public LateWritePolicy lateWrites() {
    return settings(LateWritePolicy.DEFAULT);
  }

  /**
   * A copy with another late-writes policy.
   *
   * @deprecated use {@code with(policy)}
   */
  @Deprecated(since = "0.1")
  public GatePolicy withLateWrites(LateWritePolicy value) {
    return with(required(value, "late-writes policy is missing: use fail or warn."));
  }

  /**
   * How long before the earliest test decision every training label must have resolved (default 0).
   *
   * @deprecated a setting of the label-horizon screen: {@code settings(LabelHorizonSettings.DEFAULTS).embargo()}
   */
  @Deprecated(since = "0.1")
  public Duration embargo() {
    return settings(LabelHorizonSettings.DEFAULTS).embargo();
  }

  /**
   * A copy with another embargo between the last training label and the first test decision.
   *
   * @deprecated use {@code with(new LabelHorizonSettings(embargo))}
   */
  @Deprecated(since = "0.1")
  public GatePolicy withEmbargo(Duration value) {
    return with(new LabelHorizonSettings(value));
  }

  /**
   * Whether test rows whose entity's future was in training fail, warn (default) or are not checked.
   *
   * @deprecated a setting of the overlap screen: {@code settings(TrainTestOverlapPolicy.DEFAULT)}
   */
  @Deprecated(since = "0.1")
  public TrainTestOverlapPolicy trainTestOverlap() {
    return settings(TrainTestOverlapPolicy.DEFAULT);
  }

  /**
   * A copy with another train/test-overlap policy.
   *
   * @deprecated use {@code with(policy)}
   */
  @Deprecated(since = "0.1")
  public GatePolicy withTrainTestOverlap(TrainTestOverlapPolicy value) {
    return with(required(value, "train/test-overlap policy is missing: use fail, warn or off."));
  }

  /**
   * How many rows each future-read probe re-runs (default 1,000).
   *
   * @deprecated a setting of the probe: {@code settings(FutureReadSettings.DEFAULTS).sample()}
   */
  @Deprecated(since = "0.1")
  public int futureReadSample() {
    return settings(FutureReadSettings.DEFAULTS).sample();
  }

  /**
   * A copy where each future-read probe re-runs {@code rows} rows.
   *
   * @deprecated use {@code with(new FutureReadSettings(rows))}
   */
  @Deprecated(since = "0.1")
  public GatePolicy withFutureReadSample(int rows) {
    return with(new FutureReadSettings(rows));
  }

  /**
   * Direction-free AUC of a single feature at or above which the feature–label screen fails (default 0.90).
   *
   * @deprecated a setting of the screen: {@code settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc()}
   */
  @Deprecated(since = "0.1")
  public double maxFeatureAuc() {
    return settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc();
  }

  /**
   * A copy with another max feature AUC for the feature–label screen.
   *
   * @deprecated use {@code with(new FeatureLabelSettings(value))}
   */
  @Deprecated(since = "0.1")
  public GatePolicy withMaxFeatureAuc(double value) {
    return with(new FeatureLabelSettings(value));
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
    return new GatePolicy(DEFAULT_MAX_LIFT, DEFAULT_CONFIDENCE, DEFAULT_LIFT_TOLERANCE, Duration.ZERO, Mode.AUTO,
        Map.of());
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

  private static <T> T required(T value, String message) {
    if (value == null) {
      throw new IllegalArgumentException(message);
    }
    return value;
  }
}
