package dev.backtestgate.junit;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.InvalidSettingException;
import dev.backtestgate.config.GateConfig;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The settings one gated test runs under, each resolved in this order (docs/configuration.md): the
 * annotation attribute when it is set, then the JUnit configuration parameter, then the default. Keys, defaults
 * and parsing are the core's ({@link GateConfig}); an invalid value fails with the key, the value, the allowed
 * values and where it came from.
 *
 * @param policy the limits and the (unresolved) mode
 * @param reviewDir absolute directory of committed leakage reviews
 * @param reportDir absolute directory for reports and pending sign-offs
 */
record GateSettings(GatePolicy policy, Path reviewDir, Path reportDir) {
  private static final String FROM_PARAMETER = "configuration parameter: Surefire configurationParameters, a -D "
      + "system property or junit-platform.properties";

  /**
   * Resolves every setting of {@code test}.
   *
   * @param parameters JUnit's configuration parameter lookup
   * @param baseDir the directory relative paths resolve against
   * @throws ExtensionConfigurationException for an invalid value
   */
  static GateSettings resolve(Function<String, Optional<String>> parameters, GatedTest test, Path baseDir) {
    GateConfig.Resolved resolved;
    try {
      resolved = GateConfig.resolve(parameters, FROM_PARAMETER);
    } catch (InvalidSettingException e) {
      throw new ExtensionConfigurationException(e.getMessage(), e);
    }
    GatePolicy policy = resolved.policy();
    Optional<GatedTest.Placement> annotated = test.maxLift();
    if (annotated.isPresent()) {
      double maxLift = annotated.get().annotation().maxLift();
      try {
        policy = GatePolicy.MAX_LIFT.applyTo(policy, Double.toString(maxLift), annotated.get().source()
            + ": @LeakageGated(maxLift = " + maxLift + ")");
      } catch (InvalidSettingException e) {
        throw new ExtensionConfigurationException(e.getMessage(), e);
      }
    }
    return new GateSettings(policy, baseDir.resolve(resolved.reviewDir()).toAbsolutePath().normalize(),
        baseDir.resolve(resolved.reportDir()).toAbsolutePath().normalize());
  }

  /** The directory relative paths resolve against: Surefire's {@code basedir}, else the working directory. */
  static Path baseDir() {
    String basedir = System.getProperty("basedir");
    return (basedir == null || basedir.isBlank() ? Path.of("") : Path.of(basedir)).toAbsolutePath();
  }
}
