package dev.backtestgate.junit;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.config.GateConfig;
import dev.backtestgate.history.LateWritePolicy;
import dev.backtestgate.screen.featurelabel.FeatureLabelChecks;
import dev.backtestgate.screen.futureread.FutureReadChecks;
import dev.backtestgate.screen.horizon.LabelHorizonChecks;
import dev.backtestgate.screen.overlap.TrainTestOverlapPolicy;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Every configuration key of {@link LeakageGated @LeakageGated}, with its default: the constants of the core's
 * {@link GateConfig}, where each key, its default and its parsing live once. A setting is taken
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
  public static final String PREFIX = GateConfig.PREFIX;

  /** Largest AUC lift accepted without a leakage review; a number in [0, 1). Default 0.05. */
  public static final String MAX_LIFT = GatePolicy.MAX_LIFT.key();
  /** Confidence level of the reported lift interval; a number in (0, 1). Default 0.95. */
  public static final String CONFIDENCE = GatePolicy.CONFIDENCE.key();
  /** How far the lift may grow past the reviewed lift and stay covered; a number in [0, 1). Default 0.01. */
  public static final String LIFT_TOLERANCE = GatePolicy.LIFT_TOLERANCE.key();
  /** How long after recording a value is usable; an ISO-8601 duration of zero or more. Default PT0S. */
  public static final String AVAILABILITY_LAG = GatePolicy.AVAILABILITY_LAG.key();
  /** Where committed leakage reviews live; relative to the module directory. Default leakage-reviews. */
  public static final String REVIEW_DIR = GateConfig.REVIEW_DIR.key();
  /** Where reports and pending sign-offs are written; relative to the module directory. */
  public static final String REPORT_DIR = GateConfig.REPORT_DIR.key();
  /** auto, verify or local. Default auto: verify in CI, local elsewhere. */
  public static final String MODE = GatePolicy.MODE.key();
  /** warn or fail: whether undeclared late writes into closed history fail the gate. Default fail. */
  public static final String LATE_WRITES = LateWritePolicy.KEY;
  /** How long before the first test decision each training label must be resolved; ISO-8601. Default PT0S. */
  public static final String EMBARGO = LabelHorizonChecks.EMBARGO.key();
  /** fail, warn or off: test rows whose entity's future was in the training set. Default warn. */
  public static final String TRAIN_TEST_OVERLAP = TrainTestOverlapPolicy.KEY;
  /** How many rows each future-read probe re-runs: a whole number of at least 1, or {@code all}. Default 1000. */
  public static final String FUTURE_READ_SAMPLE = FutureReadChecks.FUTURE_READ_SAMPLE.key();
  /**
   * Direction-free AUC of a single recorded feature at or above which the feature–label screen fails; a number
   * above 0.5 and at most 1. Default 0.90.
   */
  public static final String MAX_FEATURE_AUC = FeatureLabelChecks.MAX_FEATURE_AUC.key();

  /**
   * Turns off backtest-gate-maven-plugin's {@code check} goal (its documented escape hatch, {@code -D} on the Maven
   * command line). It belongs to the plugin: the extension accepts it as a known key and ignores it, so the tests
   * that do run are gated as usual.
   */
  public static final String CHECK_SKIP = GateConfig.CHECK_SKIP_KEY;

  /** Default of {@link #REVIEW_DIR}. */
  public static final String DEFAULT_REVIEW_DIR = GateConfig.DEFAULT_REVIEW_DIR;
  /** Default of {@link #REPORT_DIR}. */
  public static final String DEFAULT_REPORT_DIR = GateConfig.DEFAULT_REPORT_DIR;


  /**
   * The keys of backtest-gate-maven-plugin that the extension knows but does not read: a {@code -D} given to Maven
   * for the plugin reaches the tests as a system property and must not fail them as an unknown key.
   */
  public static final List<String> PLUGIN_KEYS = GateConfig.pluginKeys();

  private BacktestGateConfig() {}

  /**
   * Every valid key, in documentation order: the gate's and every installed check's (the Maven plugin's are
   * {@link #PLUGIN_KEYS}). A method, not a constant: the checks' keys come from the check providers on the class
   * path, and a provider that cannot be loaded fails this call with its own message.
   */
  public static List<String> keys() {
    return GateConfig.keys();
  }

  /** The default of every key of {@link #keys()}, as it would be written in configuration. */
  public static Map<String, String> defaults() {
    return GateConfig.defaults();
  }
}
