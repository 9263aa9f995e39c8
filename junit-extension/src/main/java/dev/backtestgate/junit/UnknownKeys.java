package dev.backtestgate.junit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Finds misspelled {@code backtestgate.*} keys. JUnit cannot list its configuration parameters, so this
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
  private static final List<String> KNOWN = Stream.concat(BacktestGateConfig.KEYS.stream(),
      BacktestGateConfig.PLUGIN_KEYS.stream()).toList();

  private UnknownKeys() {}

  /** Every {@code backtestgate.*} key visible from {@code system} and the classpath, with where it was seen. */
  static Map<String, String> visible(Properties system, ClassLoader loader) {
    Map<String, String> keys = new TreeMap<>();
    for (String key : system.stringPropertyNames()) {
      if (key.startsWith(BacktestGateConfig.PREFIX)) {
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
        if (key.startsWith(BacktestGateConfig.PREFIX)) {
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
      if (!KNOWN.contains(entry.getKey())) {
        unknown++;
        problems.append("\n  - ").append(entry.getKey()).append(" (").append(entry.getValue())
            .append("): did you mean ").append(nearest(entry.getKey())).append('?');
      }
    }
    if (unknown > 0) {
      throw new ExtensionConfigurationException("Unknown leakage gate configuration "
          + (unknown == 1 ? "key" : "keys") + ":" + problems + "\nValid keys: "
          + String.join(", ", BacktestGateConfig.KEYS) + ".\nKeys of backtest-gate-maven-plugin, accepted and ignored "
          + "here: " + String.join(", ", BacktestGateConfig.PLUGIN_KEYS) + ".\nRename or remove "
          + (unknown == 1 ? "it" : "them") + ": a misspelled key would silently leave its setting at the default.");
    }
  }

  /**
   * The valid key most like {@code key}: one whose name contains the typed name or is contained in it
   * ({@code lag}, {@code review-directory}), else the one with the smallest edit distance.
   */
  static String nearest(String key) {
    String typed = key.substring(Math.min(key.length(), BacktestGateConfig.PREFIX.length()));
    for (String valid : KNOWN) {
      String name = valid.substring(BacktestGateConfig.PREFIX.length());
      if (!typed.isEmpty() && (name.contains(typed) || typed.contains(name))) {
        return valid;
      }
    }
    String best = KNOWN.get(0);
    int bestDistance = Integer.MAX_VALUE;
    for (String valid : KNOWN) {
      int d = distance(key, valid);
      if (d < bestDistance) {
        best = valid;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance: insertions, deletions and substitutions. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
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
