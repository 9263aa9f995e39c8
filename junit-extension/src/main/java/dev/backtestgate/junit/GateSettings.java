package dev.backtestgate.junit;

import static dev.backtestgate.junit.BacktestGateConfig.AVAILABILITY_LAG;
import static dev.backtestgate.junit.BacktestGateConfig.CONFIDENCE;
import static dev.backtestgate.junit.BacktestGateConfig.EMBARGO;
import static dev.backtestgate.junit.BacktestGateConfig.FUTURE_READ_SAMPLE;
import static dev.backtestgate.junit.BacktestGateConfig.LATE_WRITES;
import static dev.backtestgate.junit.BacktestGateConfig.LIFT_TOLERANCE;
import static dev.backtestgate.junit.BacktestGateConfig.MAX_FEATURE_AUC;
import static dev.backtestgate.junit.BacktestGateConfig.MAX_LIFT;
import static dev.backtestgate.junit.BacktestGateConfig.MODE;
import static dev.backtestgate.junit.BacktestGateConfig.REPORT_DIR;
import static dev.backtestgate.junit.BacktestGateConfig.REVIEW_DIR;
import static dev.backtestgate.junit.BacktestGateConfig.TRAIN_TEST_OVERLAP;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.Mode;
import dev.backtestgate.TrainTestOverlapPolicy;
import dev.backtestgate.time.FutureReadProbe;
import dev.backtestgate.time.EpochMillis;
import dev.backtestgate.time.LateWritePolicy;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.DoublePredicate;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The settings one gated test runs under, each resolved in this order (docs/configuration.md): the
 * annotation attribute when it is set, then the JUnit configuration parameter, then the default. Every
 * value is parsed strictly; an invalid one fails with the key, the value, the allowed values and where it
 * came from.
 *
 * @param policy the limits and the (unresolved) mode
 * @param reviewDir absolute directory of committed leakage reviews
 * @param reportDir absolute directory for reports and pending sign-offs
 */
record GateSettings(GatePolicy policy, Path reviewDir, Path reportDir) {
  private static final String FROM_PARAMETER = "configuration parameter: Surefire configurationParameters, a -D "
      + "system property or junit-platform.properties";
  /** Plain decimal numbers only: no NaN, Infinity, hex or type suffixes. */
  private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

  /**
   * Resolves every setting of {@code test}.
   *
   * @param parameters JUnit's configuration parameter lookup
   * @param baseDir the directory relative paths resolve against
   * @throws ExtensionConfigurationException for an invalid value
   */
  static GateSettings resolve(Function<String, Optional<String>> parameters, GatedTest test, Path baseDir) {
    Lookup lookup = new Lookup(parameters);
    double maxLift = test.maxLift()
        .map(p -> checkAnnotationMaxLift(p.annotation().maxLift(), p.source()))
        .orElseGet(() -> lookup.number(MAX_LIFT, Rules.MAX_LIFT));
    double confidence = lookup.number(CONFIDENCE, Rules.CONFIDENCE);
    double tolerance = lookup.number(LIFT_TOLERANCE, Rules.LIFT_TOLERANCE);
    Duration lag = lookup.parsed(AVAILABILITY_LAG, GateSettings::duration,
        "an ISO-8601 duration of zero or more and at most " + EpochMillis.LONGEST + " (Long.MAX_VALUE "
            + "milliseconds), e.g. PT0S, PT6H or P1D");
    Mode mode = lookup.parsed(MODE, GateSettings::mode, "auto, verify or local");
    LateWritePolicy lateWrites = lookup.parsed(LATE_WRITES, GateSettings::lateWrites, "warn or fail");
    Duration embargo = lookup.parsed(EMBARGO, GateSettings::duration,
        "an ISO-8601 duration of zero or more, e.g. PT0S, P7D or P30D");
    TrainTestOverlapPolicy overlap = lookup.parsed(TRAIN_TEST_OVERLAP, GateSettings::overlap, "fail, warn or off");
    int futureReadSample = lookup.parsed(FUTURE_READ_SAMPLE, GateSettings::sampleSize,
        "a whole number of at least 1, e.g. 1000, or all");
    double maxFeatureAuc = lookup.number(MAX_FEATURE_AUC, Rules.MAX_FEATURE_AUC);
    Path reviewDir = lookup.parsed(REVIEW_DIR, GateSettings::path, Rules.DIRECTORY);
    Path reportDir = lookup.parsed(REPORT_DIR, GateSettings::path, Rules.DIRECTORY);
    return new GateSettings(new GatePolicy(maxLift, confidence, tolerance, lag, mode, lateWrites, embargo, overlap,
        futureReadSample, maxFeatureAuc),
        baseDir.resolve(reviewDir).toAbsolutePath().normalize(),
        baseDir.resolve(reportDir).toAbsolutePath().normalize());
  }

  /** The directory relative paths resolve against: Surefire's {@code basedir}, else the working directory. */
  static Path baseDir() {
    String basedir = System.getProperty("basedir");
    return (basedir == null || basedir.isBlank() ? Path.of("") : Path.of(basedir)).toAbsolutePath();
  }

  private static double checkAnnotationMaxLift(double value, String source) {
    if (!Rules.MAX_LIFT.range().test(value)) {
      throw invalid(MAX_LIFT, String.valueOf(value), Rules.MAX_LIFT.allowed(),
          source + ": @LeakageGated(maxLift = " + value + ")");
    }
    return value;
  }

  private static ExtensionConfigurationException invalid(String key, String value, String allowed, String source) {
    return new ExtensionConfigurationException("Invalid leakage gate setting " + key + ": '" + value + "' (from the "
        + source + "). Allowed: " + allowed + ". Fix the value, or remove it to use the default ("
        + BacktestGateConfig.DEFAULTS.get(key) + ").");
  }

  private static Duration duration(String text) {
    try {
      Duration lag = Duration.parse(text);
      return EpochMillis.fits(lag) ? lag : null;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static Mode mode(String text) {
    return Arrays.stream(Mode.values()).filter(m -> m.configValue().equals(text)).findFirst().orElse(null);
  }

  private static LateWritePolicy lateWrites(String text) {
    return Arrays.stream(LateWritePolicy.values()).filter(p -> p.configValue().equals(text)).findFirst().orElse(null);
  }

  private static TrainTestOverlapPolicy overlap(String text) {
    return Arrays.stream(TrainTestOverlapPolicy.values()).filter(p -> p.configValue().equals(text)).findFirst()
        .orElse(null);
  }

  private static Integer sampleSize(String text) {
    if (text.equals("all")) {
      return FutureReadProbe.ALL_ROWS;
    }
    if (!text.matches("[0-9]{1,10}")) {
      return null;
    }
    long rows = Long.parseLong(text);
    return rows >= 1 && rows <= Integer.MAX_VALUE ? (int) rows : null;
  }

  private static Path path(String text) {
    try {
      return text.isEmpty() ? null : Path.of(text);
    } catch (InvalidPathException e) {
      return null;
    }
  }

  /** The allowed values of the numeric settings. */
  private enum Rules {
    MAX_LIFT(v -> v >= 0 && v < 1, "a decimal number at least 0 and below 1, e.g. 0.05"),
    CONFIDENCE(v -> v > 0 && v < 1, "a decimal number strictly between 0 and 1, e.g. 0.95"),
    LIFT_TOLERANCE(v -> v >= 0 && v < 1, "a decimal number at least 0 and below 1, e.g. 0.01"),
    MAX_FEATURE_AUC(v -> v > 0.5 && v <= 1, "a decimal number above 0.5 and at most 1, e.g. 0.90");

    static final String DIRECTORY = "a directory path, absolute or relative to the module directory";

    private final DoublePredicate range;
    private final String allowed;

    Rules(DoublePredicate range, String allowed) {
      this.range = range;
      this.allowed = allowed;
    }

    DoublePredicate range() {
      return range;
    }

    String allowed() {
      return allowed;
    }
  }

  /** Reads configuration parameters and parses them, failing on the first invalid one. */
  private record Lookup(Function<String, Optional<String>> parameters) {
    double number(String key, Rules rules) {
      return parsed(key, text -> {
        if (!DECIMAL.matcher(text).matches()) {
          return null;
        }
        double value = Double.parseDouble(text);
        return rules.range().test(value) ? value : null;
      }, rules.allowed());
    }

    /** The parsed parameter, or the parsed default when it is not set; {@code parse} returns null if invalid. */
    <T> T parsed(String key, Function<String, T> parse, String allowed) {
      Optional<String> raw = parameters.apply(key);
      if (raw.isEmpty()) {
        return parse.apply(BacktestGateConfig.DEFAULTS.get(key));
      }
      T value = parse.apply(raw.get().strip());
      if (value == null) {
        throw invalid(key, raw.get(), allowed, FROM_PARAMETER);
      }
      return value;
    }
  }
}
