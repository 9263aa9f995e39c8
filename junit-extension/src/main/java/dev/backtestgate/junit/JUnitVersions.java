package dev.backtestgate.junit;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Refuses a test class path whose JUnit Jupiter API and engine differ in version. Build tools pick each artifact's
 * version on its own: under Maven, a project that declares {@code junit-jupiter} after this extension gets the
 * extension's {@code junit-jupiter-api} with its own engine; under sbt, sbt-jupiter-interface's engine stays older
 * than the extension's api. The mix fails later with a {@code NoSuchMethodError} or {@code AbstractMethodError}
 * deep inside the engine. Checked once per test run, before the first gated test; the fix is worded for the build
 * that runs the tests ({@link TestRunner}).
 *
 * <pre>{@code
 * TestRunner runner = TestRunner.of(System.getProperties(), loader);
 * JUnitVersions.check(JUnitVersions.api(), JUnitVersions.engine(loader), runner);
 * }</pre>
 */
final class JUnitVersions {
  private static final String ENGINE = "org.junit.jupiter.engine.JupiterTestEngine";

  private JUnitVersions() {}

  /** The version of the {@code junit-jupiter-api} jar this extension runs against, when its manifest says. */
  static Optional<String> api() {
    return version(org.junit.jupiter.api.Test.class);
  }

  /** The version of the {@code junit-jupiter-engine} jar visible to {@code loader}, when there is one. */
  static Optional<String> engine(ClassLoader loader) {
    try {
      return version(Class.forName(ENGINE, false, loader));
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
  }

  /**
   * Fails when both versions are known and differ, with the fix for the build that runs the tests (for each build
   * when it is not known).
   *
   * @throws ExtensionConfigurationException naming both versions and the fix
   */
  static void check(Optional<String> api, Optional<String> engine, TestRunner runner) {
    if (api.isEmpty() || engine.isEmpty() || api.get().equals(engine.get())) {
      return;
    }
    throw new ExtensionConfigurationException("The test class path mixes JUnit Jupiter versions: junit-jupiter-api "
        + api.get() + " with junit-jupiter-engine " + engine.get() + ". Mixed versions fail in the engine (a "
        + "NoSuchMethodError or AbstractMethodError) or run with the wrong behaviour, so the leakage gate refuses to "
        + "start. " + fix(api.get(), engine.get(), runner));
  }

  /**
   * Why the versions differ and what gives every JUnit artifact one version, in {@code runner}'s terms. Maven takes
   * the first version it meets of each artifact, so the BOM keeps the engine's (the JUnit the project declares);
   * Gradle and sbt take the newest, so the api is the newer one and the fix raises the engine to it.
   */
  static String fix(String api, String engine, TestRunner runner) {
    String platform = platform(api);
    return switch (runner) {
      case MAVEN -> "Maven chose each version separately (here the JUnit artifacts you declare and the "
          + "junit-jupiter-api that backtest-gate-junit brings). Fix: import the JUnit BOM in <dependencyManagement>, "
          + "so every JUnit artifact has one version:\n"
          + "  <dependency><groupId>org.junit</groupId><artifactId>junit-bom</artifactId><version>" + engine
          + "</version><type>pom</type><scope>import</scope></dependency>\n"
          + "(mvn dependency:tree -Dincludes=org.junit.jupiter shows where each version comes from).";
      case GRADLE -> "Gradle chose each version separately (the newest any dependency asks for: the api of "
          + "backtest-gate-junit, an older engine). Fix: the JUnit BOM among the test dependencies, so every JUnit "
          + "artifact has one version (build.gradle.kts):\n"
          + "  testImplementation(platform(\"org.junit:junit-bom:" + api + "\"))\n"
          + "(gradle dependencyInsight --configuration testRuntimeClasspath --dependency org.junit.jupiter shows "
          + "where each version comes from).";
      case SBT -> "sbt chose each version separately (the newest any dependency asks for: the api of "
          + "backtest-gate-junit, the older engine sbt-jupiter-interface brings). Fix: pin the engine and the "
          + "launcher of the api's version in build.sbt's libraryDependencies:\n"
          + "  \"org.junit.jupiter\" % \"junit-jupiter-engine\" % \"" + api + "\" % Test,\n"
          + "  \"org.junit.platform\" % \"junit-platform-launcher\" % \"" + platform + "\" % Test\n"
          + "(sbt \"show Test/fullClasspath\" lists the jars in use with their versions).";
      case CONSOLE_LAUNCHER -> "The Console Launcher's standalone jar brings its own engine. Fix: run the "
          + "standalone jar of the api's version, junit-platform-console-standalone-" + platform + ".jar "
          + "(org.junit.platform:junit-platform-console-standalone:" + platform + " on Maven Central), and keep "
          + "JUnit's own jars off its --class-path.";
      case UNKNOWN -> "The build chose each JUnit artifact's version separately. Fix, so every JUnit artifact has one "
          + "version, in the build that runs the tests: Maven: import org.junit:junit-bom:" + engine + " in "
          + "<dependencyManagement> (type pom, scope import); Gradle: testImplementation(platform("
          + "\"org.junit:junit-bom:" + api + "\")); sbt: \"org.junit.jupiter\" % \"junit-jupiter-engine\" % \""
          + api + "\" % Test and \"org.junit.platform\" % \"junit-platform-launcher\" % \"" + platform
          + "\" % Test; the Console Launcher: junit-platform-console-standalone-" + platform + ".jar.";
    };
  }

  /** The JUnit Platform version of a Jupiter version: 1.14.4 for 5.14.4 (JUnit 5), the same from JUnit 6 on. */
  static String platform(String jupiter) {
    return jupiter.startsWith("5.") ? "1." + jupiter.substring(2) : jupiter;
  }

  private static Optional<String> version(Class<?> type) {
    Package p = type.getPackage();
    return Optional.ofNullable(p == null ? null : p.getImplementationVersion()).filter(v -> !v.isBlank());
  }
}
