package dev.backtestgate.config;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckProvider;
import dev.backtestgate.CheckProviderException;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.InvalidSettingException;
import dev.backtestgate.Setting;
import dev.backtestgate.internal.Edits;
import dev.backtestgate.internal.Once;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Every configuration key of the gate, its default, its allowed values and how it is parsed: the gate's own keys
 * (below) and those of every {@link CheckProvider} on the class path, each stated once by the check that reads it.
 * The JUnit extension resolves a gated test's settings through {@link #resolve}, the Maven plugin reads the
 * directories through it, and unknown keys are named against {@link #keys()}.
 *
 * <pre>{@code
 * GateConfig.Resolved settings = GateConfig.resolve(key -> Optional.ofNullable(System.getProperty(key)),
 *     "system property");
 * GatePolicy policy = settings.policy();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GateConfig {
  /** The gate's own namespace, with its dot: the prefix of the gate's keys and its built-in checks'. */
  public static final String PREFIX = Setting.PREFIX;
  /** Default of {@link #REVIEW_DIR}. */
  public static final String DEFAULT_REVIEW_DIR = "leakage-reviews";
  /** Default of {@link #REPORT_DIR}. */
  public static final String DEFAULT_REPORT_DIR = "target/backtest-gate";
  /** The key of {@link #REVIEW_DIR}, a constant for annotations (the Maven plugin's parameters). */
  public static final String REVIEW_DIR_KEY = "backtestgate.review-dir";
  /** The key of {@link #REPORT_DIR}, a constant for annotations (the Maven plugin's parameters). */
  public static final String REPORT_DIR_KEY = "backtestgate.report-dir";
  /** The key of {@link #CHECK_SKIP}, a constant for the plugin's parameter annotation. */
  public static final String CHECK_SKIP_KEY = "backtestgate.check.skip";
  /** Allowed values of the two directories. */
  private static final String DIRECTORY = "a directory path, absolute or relative to the module directory";

  /** Where committed leakage reviews live; relative to the module directory. Default leakage-reviews. */
  public static final Setting<Path> REVIEW_DIR = Setting.of(REVIEW_DIR_KEY, DEFAULT_REVIEW_DIR, DIRECTORY,
      GateConfig::path, (policy, dir) -> policy);
  /** Where reports and pending sign-offs are written; relative to the module directory. */
  public static final Setting<Path> REPORT_DIR = Setting.of(REPORT_DIR_KEY, DEFAULT_REPORT_DIR, DIRECTORY,
      GateConfig::path, (policy, dir) -> policy);
  /**
   * The Maven plugin's switch that skips its {@code check} goal ({@code true} or {@code false}); known here so that
   * a build that sets it for the plugin does not fail its gated tests on an unknown key. The gate ignores it.
   */
  public static final Setting<Boolean> CHECK_SKIP = Setting.of(CHECK_SKIP_KEY, "false", "true or false",
      text -> text.equals("true") ? Boolean.TRUE : text.equals("false") ? Boolean.FALSE : null,
      (policy, skip) -> policy);

  /** The Maven plugin's settings: known, so that they never fail a gated test, and ignored by the gate. */
  private static final List<Setting<?>> PLUGIN = List.of(CHECK_SKIP);
  /**
   * Where files go, not limits: a {@link GatePolicy} does not hold them, so {@link #inForce} leaves them out (the JSON
   * report names the review directory and the report's own files under {@code files}).
   */
  private static final List<Setting<?>> FILES = List.of(REVIEW_DIR, REPORT_DIR);
  /** What {@link #inForce} shows for a setting whose check gives no read-back ({@link Setting#inForce()}). */
  public static final String NOT_SHOWN = "not shown: the check gives no read-back";

  private GateConfig() {}

  /**
   * The settings, loaded once: the gate's, then each provider's in provider order, then the plugin's. A provider that
   * cannot be loaded fails every call with the same message ({@link CheckProviderException}), never with the
   * {@code NoClassDefFoundError} of a failed class initialiser.
   */
  private static final Once<Catalogue> CATALOGUE = new Once<>(Catalogue::load, CheckProviderException.class,
      e -> new CheckProviderException(e.getMessage(), e.getCause()));

  private record Catalogue(List<Setting<?>> settings, Map<String, Setting<?>> byKey, Set<String> namespaces) {
    static Catalogue load() {
      List<Setting<?>> all = new ArrayList<>(List.of(GatePolicy.MAX_LIFT, GatePolicy.CONFIDENCE,
          GatePolicy.LIFT_TOLERANCE, GatePolicy.AVAILABILITY_LAG, REVIEW_DIR, REPORT_DIR, GatePolicy.MODE));
      for (CheckProvider provider : CheckProvider.installed()) {
        all.addAll(provider.settings());
      }
      all.addAll(PLUGIN);
      Map<String, Setting<?>> byKey = new LinkedHashMap<>();
      Set<String> namespaces = new LinkedHashSet<>();
      for (Setting<?> setting : all) {
        if (byKey.put(setting.key(), setting) != null) {
          throw new CheckProviderException("A check provider declares the configuration key " + setting.key()
              + ", which the gate itself declares: rename it in its CheckProvider, in a namespace of its own.", null);
        }
        namespaces.add(Setting.namespace(setting.key()));
      }
      return new Catalogue(List.copyOf(all), Collections.unmodifiableMap(byKey),
          Collections.unmodifiableSet(namespaces));
    }
  }

  /** Every setting, in documentation order: the gate's, then each check's, then the Maven plugin's. */
  public static List<Setting<?>> settings() {
    return CATALOGUE.get().settings();
  }

  /** Every key of the gate and its checks, in documentation order (the Maven plugin's are {@link #pluginKeys()}). */
  public static List<String> keys() {
    return CATALOGUE.get().settings().stream().filter(s -> !PLUGIN.contains(s)).map(Setting::key).toList();
  }

  /**
   * The namespaces of every key ({@code backtestgate}, and each check's own, such as {@code acme}): a configured key
   * in one of them that is not a key is a misspelling, named with {@link #nearest}.
   */
  public static Set<String> namespaces() {
    return CATALOGUE.get().namespaces();
  }

  /** Whether {@code key} is in the namespace of some key ({@link #namespaces()}): one the gate must know. */
  public static boolean inNamespace(String key) {
    int dot = key.indexOf('.');
    return dot > 0 && namespaces().contains(key.substring(0, dot));
  }

  /** The Maven plugin's keys, which the gate accepts and ignores. */
  public static List<String> pluginKeys() {
    return PLUGIN.stream().map(Setting::key).toList();
  }

  /** The default of every key of {@link #keys()}, as it would be written in configuration. */
  public static Map<String, String> defaults() {
    Map<String, String> defaults = new LinkedHashMap<>();
    CATALOGUE.get().settings().stream().filter(s -> !PLUGIN.contains(s)).forEach(s -> defaults.put(s.key(), s.defaultValue()));
    return Collections.unmodifiableMap(defaults);
  }

  /**
   * Every setting in force in {@code policy}, key by key in documentation order (the gate's, then each check's, the
   * built-in ones and those of every other {@link CheckProvider} on the class path), each value as it would be
   * written in configuration; {@link #NOT_SHOWN} for a setting that gives no read-back. The directories and the
   * Maven plugin's keys are not limits and are left out. The JSON report, the HTML page and any other reader list
   * the policy from this one map. A read-back that throws or writes a value its own parser refuses is a bug of its
   * check; the reports must still be written, so its value is "not shown: " and what went wrong.
   */
  public static Map<String, String> inForce(GatePolicy policy) {
    return inForce(policy, CATALOGUE.get().settings());
  }

  /** {@link #inForce(GatePolicy)} over {@code settings}. */
  static Map<String, String> inForce(GatePolicy policy, List<Setting<?>> settings) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Setting<?> setting : settings) {
      if (!PLUGIN.contains(setting) && !FILES.contains(setting)) {
        values.put(setting.key(), shown(setting, policy));
      }
    }
    return Collections.unmodifiableMap(values);
  }

  private static String shown(Setting<?> setting, GatePolicy policy) {
    try {
      return setting.valueIn(policy).orElse(NOT_SHOWN);
    } catch (RuntimeException e) {
      return "not shown: " + (e.getMessage() != null ? e.getMessage() : "the read-back of " + setting.key()
          + " threw " + e.getClass().getSimpleName() + ": fix the setting's inForce function in its CheckProvider.");
    }
  }

  /** The setting of {@code key}, if it is a key. */
  public static Optional<Setting<?>> setting(String key) {
    return Optional.ofNullable(CATALOGUE.get().byKey().get(key));
  }

  /**
   * Resolves every setting: the value {@code lookup} gives for a key, else its default.
   *
   * @param lookup the configured text of a key, if it is set
   * @param source where {@code lookup}'s values come from, for error messages
   * @throws InvalidSettingException for the first value that is not allowed, naming key, value, source and fix
   */
  public static Resolved resolve(Function<String, Optional<String>> lookup, String source) {
    GatePolicy policy = GatePolicy.defaults();
    for (Setting<?> setting : CATALOGUE.get().settings()) {
      Optional<String> raw = lookup.apply(setting.key());
      policy = raw.isPresent() ? setting.applyTo(policy, raw.get(), source) : setting.applyDefault(policy);
    }
    return new Resolved(policy, directory(REVIEW_DIR, lookup), directory(REPORT_DIR, lookup));
  }

  /** A directory the resolve loop already checked: configured, else the default. */
  private static Path directory(Setting<Path> setting, Function<String, Optional<String>> lookup) {
    return setting.parse().apply(lookup.apply(setting.key()).map(String::strip).orElse(setting.defaultValue()));
  }

  /**
   * The resolved settings.
   *
   * @param policy the limits, the (unresolved) mode and every check's settings
   * @param reviewDir where committed leakage reviews live, as configured (relative to the module directory unless
   *     absolute)
   * @param reportDir where reports and pending sign-offs are written, as configured
   */
  public record Resolved(GatePolicy policy, Path reviewDir, Path reportDir) {}

  /**
   * The valid key most like {@code key}, for a did-you-mean, among the keys of its namespace (all keys when its
   * namespace has none): one whose name contains the typed name or is contained in it ({@code lag},
   * {@code review-directory}), else the one with the fewest single-character edits.
   */
  public static String nearest(String key) {
    String namespace = Setting.namespace(key);
    List<String> candidates = CATALOGUE.get().byKey().keySet().stream()
        .filter(valid -> Setting.namespace(valid).equals(namespace)).toList();
    if (candidates.isEmpty()) {
      candidates = List.copyOf(CATALOGUE.get().byKey().keySet());
    }
    String typed = key.substring(Math.min(key.length(), namespace.length() + 1));
    for (String valid : candidates) {
      String name = valid.substring(Setting.namespace(valid).length() + 1);
      if (!typed.isEmpty() && Setting.namespace(valid).equals(namespace) && (name.contains(typed)
          || typed.contains(name))) {
        return valid;
      }
    }
    return Edits.nearest(key, candidates);
  }

  private static Path path(String text) {
    try {
      return text.isEmpty() ? null : Path.of(text);
    } catch (InvalidPathException e) {
      return null;
    }
  }
}
