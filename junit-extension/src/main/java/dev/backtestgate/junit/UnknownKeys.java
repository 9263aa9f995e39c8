package dev.backtestgate.junit;

import dev.backtestgate.config.GateConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Finds misspelled keys: those in the namespace of a known key ({@code backtestgate.*}, and each installed
 * check's own, such as {@code acme.*}) that are not keys. JUnit cannot list its configuration parameters, so this
 * looks where it can: system properties and the {@code junit-platform.properties} JUnit reads (the first on
 * the class path; a shadowed one is not in force, so it is not checked).
 *
 * <pre>{@code
 * UnknownKeys.check(UnknownKeys.visible(System.getProperties(), loader));
 * }</pre>
 */
final class UnknownKeys {
  private static final String PROPERTIES_FILE = "junit-platform.properties";
  /** The extension's keys, then the Maven plugin's (known here, read there). */

  private UnknownKeys() {}

  /** Every key in a known namespace visible from {@code system} and the classpath, with where it was seen. */
  static Map<String, String> visible(Properties system, ClassLoader loader) {
    Map<String, String> keys = new TreeMap<>();
    for (String key : system.stringPropertyNames()) {
      if (GateConfig.inNamespace(key)) {
        keys.put(key, "system property");
      }
    }
    if (loader == null) {
      return keys;
    }
    // JUnit reads only the first junit-platform.properties on the class path; a shadowed one is not in force.
    URL first = loader.getResource(PROPERTIES_FILE);
    if (first != null) {
      for (String key : load(first).stringPropertyNames()) {
        if (GateConfig.inNamespace(key)) {
          keys.putIfAbsent(key, PROPERTIES_FILE + " at " + first);
        }
      }
    }
    return keys;
  }

  /** Fails naming every key of {@code keys} that is not a valid key, with the nearest valid one. */
  static void check(Map<String, String> keys) {
    StringBuilder problems = new StringBuilder();
    int unknown = 0;
    for (Map.Entry<String, String> entry : keys.entrySet()) {
      if (!GateConfig.setting(entry.getKey()).isPresent()) {
        unknown++;
        problems.append("\n  - ").append(entry.getKey()).append(" (").append(entry.getValue())
            .append("): did you mean ").append(GateConfig.nearest(entry.getKey())).append('?');
      }
    }
    if (unknown > 0) {
      throw new ExtensionConfigurationException("Unknown leakage gate configuration "
          + (unknown == 1 ? "key" : "keys") + ":" + problems + "\nValid keys: "
          + String.join(", ", GateConfig.keys()) + ".\nKeys of backtest-gate-maven-plugin, accepted and ignored "
          + "here: " + String.join(", ", GateConfig.pluginKeys()) + ".\nRename or remove "
          + (unknown == 1 ? "it" : "them") + ": a misspelled key would silently leave its setting at the default.");
    }
  }

  private static Properties load(URL url) {
    Properties properties = new Properties();
    try (InputStream in = url.openStream()) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + url + ": " + e.getMessage() + ". Check the file.", e);
    }
    return properties;
  }
}
