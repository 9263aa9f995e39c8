package dev.backtestgate.junit;

import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Refuses a test class path whose JUnit Jupiter API and engine differ in version. Maven picks each artifact's
 * version on its own: a project that declares {@code junit-jupiter} after this extension gets the extension's
 * {@code junit-jupiter-api} with its own engine, and the mix fails later with a {@code NoSuchMethodError} or
 * {@code AbstractMethodError} deep inside the engine. Checked once per test run, before the first gated test.
 *
 * <pre>{@code
 * JUnitVersions.check(JUnitVersions.api(), JUnitVersions.engine(loader));
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
   * Fails when both versions are known and differ.
   *
   * @throws ExtensionConfigurationException naming both versions and the fix
   */
  static void check(Optional<String> api, Optional<String> engine) {
    if (api.isEmpty() || engine.isEmpty() || api.get().equals(engine.get())) {
      return;
    }
    throw new ExtensionConfigurationException("The test class path mixes JUnit Jupiter versions: junit-jupiter-api "
        + api.get() + " with junit-jupiter-engine " + engine.get() + ". Mixed versions fail in the engine (a "
        + "NoSuchMethodError or AbstractMethodError) or run with the wrong behaviour, so the leakage gate refuses to "
        + "start. Maven chose each version separately (here the JUnit artifacts you declare and the "
        + "junit-jupiter-api that backtest-gate-junit brings). Fix: import the JUnit BOM in <dependencyManagement>, "
        + "so every JUnit artifact has one version:\n"
        + "  <dependency><groupId>org.junit</groupId><artifactId>junit-bom</artifactId><version>" + engine.get()
        + "</version><type>pom</type><scope>import</scope></dependency>\n"
        + "(mvn dependency:tree -Dincludes=org.junit.jupiter shows where each version comes from).");
  }

  private static Optional<String> version(Class<?> type) {
    Package p = type.getPackage();
    return Optional.ofNullable(p == null ? null : p.getImplementationVersion()).filter(v -> !v.isBlank());
  }
}
