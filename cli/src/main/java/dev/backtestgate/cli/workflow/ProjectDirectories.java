package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

import dev.backtestgate.config.GateConfig;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The report and review directories of a module, resolved the way the JUnit extension resolves them: the
 * plugin parameter or {@code -D} property when given, else the key in the module's
 * {@code junit-platform.properties}, else the default; relative paths against the module directory.
 *
 * <pre>{@code
 * Path reports = ProjectDirectories.reportDir(null, basedir, buildDir, testOutputDir);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class ProjectDirectories {
  /** The JUnit key and {@code -D} property of the report directory. */
  public static final String REPORT_DIR_KEY = GateConfig.REPORT_DIR_KEY;
  /** The JUnit key and {@code -D} property of the review directory. */
  public static final String REVIEW_DIR_KEY = GateConfig.REVIEW_DIR_KEY;

  private ProjectDirectories() {}

  /**
   * The report directory.
   *
   * @param configured the plugin parameter, or {@code null}
   * @param basedir the module directory
   * @param buildDirectory the module's {@code target} directory
   * @param testOutputDirectory where {@code junit-platform.properties} is after the build, may not exist
   */
  public static Path reportDir(File configured, Path basedir, Path buildDirectory, Path testOutputDirectory) {
    if (configured != null) {
      return basedir.resolve(configured.toPath()).toAbsolutePath().normalize();
    }
    String fromJUnit = junitProperty(testOutputDirectory, REPORT_DIR_KEY);
    return fromJUnit != null ? basedir.resolve(fromJUnit).toAbsolutePath().normalize()
        : buildDirectory.resolve("backtest-gate").toAbsolutePath().normalize();
  }

  /** The review directory: like {@link #reportDir}, default {@code leakage-reviews} in the module directory. */
  public static Path reviewDir(File configured, Path basedir, Path testOutputDirectory) {
    if (configured != null) {
      return basedir.resolve(configured.toPath()).toAbsolutePath().normalize();
    }
    String fromJUnit = junitProperty(testOutputDirectory, REVIEW_DIR_KEY);
    return basedir.resolve(fromJUnit != null ? fromJUnit : GateConfig.DEFAULT_REVIEW_DIR).toAbsolutePath().normalize();
  }

  /**
   * The value of {@code key} in the tests' {@code junit-platform.properties} under {@code testOutputDirectory}, if
   * the file exists and sets it: what a gated test reads for that key when no system property overrides it.
   */
  public static String junitProperty(Path testOutputDirectory, String key) {
    Path file = testOutputDirectory.resolve("junit-platform.properties");
    if (!Files.isRegularFile(file)) {
      return null;
    }
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file + ": " + e.getMessage(), e);
    }
    String value = properties.getProperty(key);
    return value == null || value.isBlank() ? null : value.trim();
  }
}
