package dev.backtestgate.junit;

import static org.apiguardian.api.API.Status.STABLE;


import dev.backtestgate.TrainTestOverlapPolicy;
import dev.backtestgate.time.LateWritePolicy;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Every configuration key of {@link LeakageGated @LeakageGated}, with its default. A setting is taken
 * from the annotation attribute when it has one and it is set, else from the JUnit configuration
 * parameter (Surefire's {@code configurationParameters}, a {@code -D} system property, or
 * {@code junit-platform.properties}), else from the default. Values are parsed strictly: an invalid value
 * fails the test, naming the key, the value, the allowed values and where it came from.
 *
 * <p>Unknown {@code backtestgate.*} keys fail the test too, with the list of valid keys. JUnit cannot list
 * its configuration parameters, so that check sees keys set as system properties and in
 * {@code junit-platform.properties} files; a misspelled key passed only as a Surefire
 * {@code configurationParameters} entry is not detected.
 *
 * <pre>{@code
 * # src/test/resources/junit-platform.properties
 * backtestgate.max-lift=0.03
 * backtestgate.availability-lag=PT6H
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class BacktestGateConfig {
  /** Prefix shared by every key. */
  public static final String PREFIX = "backtestgate.";

  /** Largest AUC lift accepted without a leakage review; a number in [0, 1). Default 0.05. */
  public static final String MAX_LIFT = PREFIX + "max-lift";
  /** Confidence level of the reported lift interval; a number in (0, 1). Default 0.95. */
  public static final String CONFIDENCE = PREFIX + "confidence";
  /** How far the lift may grow past the reviewed lift and stay covered; a number in [0, 1). Default 0.01. */
  public static final String LIFT_TOLERANCE = PREFIX + "lift-tolerance";
  /** How long after recording a value is usable; an ISO-8601 duration of zero or more. Default PT0S. */
  public static final String AVAILABILITY_LAG = PREFIX + "availability-lag";
  /** Where committed leakage reviews live; relative to the module directory. Default leakage-reviews. */
  public static final String REVIEW_DIR = PREFIX + "review-dir";
  /** Where reports and pending sign-offs are written; relative to the module directory. */
  public static final String REPORT_DIR = PREFIX + "report-dir";
  /** auto, verify or local. Default auto: verify in CI, local elsewhere. */
  public static final String MODE = PREFIX + "mode";
  /** warn or fail: whether late writes into closed history fail the gate. Default warn. */
  public static final String LATE_WRITES = LateWritePolicy.KEY;
  /** How long before the first test decision each training label must be resolved; ISO-8601. Default PT0S. */
  public static final String EMBARGO = PREFIX + "embargo";
  /** fail, warn or off: test rows whose entity's future was in the training set. Default warn. */
  public static final String TRAIN_TEST_OVERLAP = TrainTestOverlapPolicy.KEY;
  /** How many rows each future-read probe re-runs: a whole number of at least 1, or {@code all}. Default 1000. */
  public static final String FUTURE_READ_SAMPLE = PREFIX + "future-read-sample";
  /**
   * Direction-free AUC of a single recorded feature at or above which the feature–label screen fails; a number
   * above 0.5 and at most 1. Default 0.90.
   */
  public static final String MAX_FEATURE_AUC = PREFIX + "max-feature-auc";

  /**
   * Turns off backtest-gate-maven-plugin's {@code check} goal (its documented escape hatch, {@code -D} on the Maven
   * command line). It belongs to the plugin: the extension accepts it as a known key and ignores it, so the tests
   * that do run are gated as usual.
   */
  public static final String CHECK_SKIP = PREFIX + "check.skip";

  /** Default of {@link #REVIEW_DIR}. */
  public static final String DEFAULT_REVIEW_DIR = "leakage-reviews";
  /** Default of {@link #REPORT_DIR}. */
  public static final String DEFAULT_REPORT_DIR = "target/backtest-gate";

  /** Every valid key, in documentation order. */
  public static final List<String> KEYS =
      List.of(MAX_LIFT, CONFIDENCE, LIFT_TOLERANCE, AVAILABILITY_LAG, REVIEW_DIR, REPORT_DIR, MODE, LATE_WRITES,
          EMBARGO, TRAIN_TEST_OVERLAP, FUTURE_READ_SAMPLE, MAX_FEATURE_AUC);

  /**
   * The keys of backtest-gate-maven-plugin that the extension knows but does not read: a {@code -D} given to Maven
   * for the plugin reaches the tests as a system property and must not fail them as an unknown key.
   */
  public static final List<String> PLUGIN_KEYS = List.of(CHECK_SKIP);

  /** The default of every key, as it would be written in configuration. */
  public static final Map<String, String> DEFAULTS = Map.ofEntries(
      Map.entry(MAX_LIFT, "0.05"),
      Map.entry(CONFIDENCE, "0.95"),
      Map.entry(LIFT_TOLERANCE, "0.01"),
      Map.entry(AVAILABILITY_LAG, "PT0S"),
      Map.entry(REVIEW_DIR, DEFAULT_REVIEW_DIR),
      Map.entry(REPORT_DIR, DEFAULT_REPORT_DIR),
      Map.entry(MODE, "auto"),
      Map.entry(LATE_WRITES, LateWritePolicy.DEFAULT.configValue()),
      Map.entry(EMBARGO, "PT0S"),
      Map.entry(TRAIN_TEST_OVERLAP, TrainTestOverlapPolicy.DEFAULT.configValue()),
      Map.entry(FUTURE_READ_SAMPLE, "1000"),
      Map.entry(MAX_FEATURE_AUC, "0.90"));

  private BacktestGateConfig() {}
}
