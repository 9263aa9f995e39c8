package dev.backtestgate;

import dev.backtestgate.internal.Once;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The checks every run gets: the gate's own decision-time check, then each {@link CheckProvider} found on the class
 * path, in the order their findings are reported. The providers are loaded once.
 */
final class BuiltInChecks {
  /** The provider every installation has; without it the class path lost the core's service file. */
  static final String LIFT_PROVIDER = "dev.backtestgate.lift.LiftChecks";

  private BuiltInChecks() {}

  /** The providers and their default settings, loaded once; a failure to load them is remembered and named. */
  private static final Once<Installed> INSTALLED = new Once<>(() -> Installed.load(BuiltInChecks.class
      .getClassLoader()), CheckProviderException.class, CheckProviderException::again);

  /** The providers, by ascending order (then class name, so the order never depends on the jar), and defaults. */
  private record Installed(List<CheckProvider> providers, Map<Class<?>, CheckSettings> defaults,
      Map<Class<?>, List<String>> keysByType) {
    static Installed load(ClassLoader loader) {
      ServiceFiles files = ServiceFiles.read(loader);
      List<CheckProvider> found = new ArrayList<>();
      Iterator<CheckProvider> providers = ServiceLoader.load(CheckProvider.class, loader).iterator();
      while (true) {
        try {
          if (!providers.hasNext()) {
            break;
          }
          found.add(providers.next());
        } catch (ServiceConfigurationError e) {
          throw files.failure(providerNamedIn(e), "could not be loaded", e);
        }
      }
      found.sort(Comparator.comparingInt(CheckProvider::order).thenComparing(p -> p.getClass().getName()));
      if (found.stream().noneMatch(p -> p.getClass().getName().equals(LIFT_PROVIDER))) {
        throw new CheckProviderException("The built-in checks of backtest-gate were not found: the class path has no "
            + "META-INF/services/" + CheckProvider.class.getName() + " of the backtest-gate jar. A shaded or merged "
            + "jar dropped it; merge service files (maven-shade-plugin's ServicesResourceTransformer) so the gate "
            + "runs its checks.", null);
      }
      GatePolicy policy = GatePolicy.bare();
      Map<String, String> declaredBy = new HashMap<>();
      Map<Class<?>, List<String>> keysByType = new HashMap<>();
      for (CheckProvider provider : found) {
        String name = provider.getClass().getName();
        List<Setting<?>> settings;
        try {
          settings = List.copyOf(provider.settings());
          List.copyOf(provider.kinds());
          for (Setting<?> setting : settings) {
            policy = setting.applyDefault(policy);
            for (Class<?> type : setting.applyDefault(GatePolicy.bare()).settingsMap().keySet()) {
              keysByType.computeIfAbsent(type, t -> new ArrayList<>()).add(setting.key());
            }
          }
        } catch (RuntimeException | LinkageError e) {
          throw files.failure(name, "could not declare its settings and kinds", e);
        }
        for (Setting<?> setting : settings) {
          String key = setting.key();
          if (key.startsWith(Setting.PREFIX) && !name.startsWith(OWN_PACKAGES)) {
            throw files.failure(name, "declares the key " + key + " in the gate's own namespace (backtestgate.), "
                + "which is kept for the gate and its built-in checks; declare it in a namespace of your own, e.g. "
                + "acme." + key.substring(Setting.PREFIX.length()), null);
          }
          String first = declaredBy.putIfAbsent(key, name);
          if (first != null) {
            throw files.failure(name, "declares the key " + key + ", which " + first + " declares too; rename one "
                + "of them", null);
          }
        }
      }
      keysByType.replaceAll((type, keys) -> List.copyOf(keys));
      return new Installed(List.copyOf(found), policy.settingsMap(), Map.copyOf(keysByType));
    }

    /** The provider class a service error names ({@code "Provider com.acme.X could not be instantiated"}). */
    private static String providerNamedIn(ServiceConfigurationError e) {
      java.util.regex.Matcher named = PROVIDER_NAMED.matcher(String.valueOf(e.getMessage()));
      return named.find() ? named.group(1) : null;
    }
  }

  /** The packages of the gate's own checks: only they may declare keys in the gate's namespace. */
  private static final String OWN_PACKAGES = "dev.backtestgate.";
  private static final java.util.regex.Pattern PROVIDER_NAMED =
      java.util.regex.Pattern.compile("Provider ([\\p{L}\\p{N}_$.]+)");

  /** Where each provider is named: its service file and line, for the message of a provider that fails. */
  private record ServiceFiles(Map<String, String> where) {
    static ServiceFiles read(ClassLoader loader) {
      Map<String, String> where = new HashMap<>();
      try {
        Enumeration<URL> files = loader.getResources("META-INF/services/" + CheckProvider.class.getName());
        while (files.hasMoreElements()) {
          URL file = files.nextElement();
          try (BufferedReader in = new BufferedReader(new InputStreamReader(file.openStream(),
              StandardCharsets.UTF_8))) {
            int number = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
              number++;
              String name = line.replaceFirst("#.*", "").strip();
              if (!name.isEmpty()) {
                where.putIfAbsent(name, "line " + number + " of " + file);
              }
            }
          }
        }
      } catch (IOException e) {
        // the loader's own error, if any, names the file it could not read
      }
      return new ServiceFiles(where);
    }

    /**
     * The failure of {@code provider} (null: not known) as one message: the provider, where it is named, what went
     * wrong and the root cause, and the fix.
     */
    CheckProviderException failure(String provider, String what, Throwable error) {
      Throwable root = error;
      while (root != null && root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      String named = provider == null ? "A check provider" : "The check provider " + provider;
      String line = provider == null ? null : where.get(provider);
      String cause = root == null ? "" : ": " + root.getClass().getName()
          + (root.getMessage() == null ? "" : ": " + root.getMessage());
      return new CheckProviderException(named + (line == null ? "" : " (named at " + line + ")") + " " + what + cause
          + ". No gate runs until it loads, because a check that did not run never yields a pass: fix the provider,"
          + " or remove " + (line == null ? "its line from META-INF/services/" + CheckProvider.class.getName()
              : "that line") + " (or its jar from the class path).", root);
    }
  }

  /**
   * Every check provider on the class path, built-in ones included, by order.
   *
   * @throws CheckProviderException naming the provider that could not be loaded, every time it is asked
   */
  static List<CheckProvider> providers() {
    return INSTALLED.get().providers();
  }

  /** The keys that set the check settings of {@code type} (empty when no key does). */
  static List<String> keysOf(Class<?> type) {
    return INSTALLED.get().keysByType().getOrDefault(type, List.of());
  }

  /** Each provider's settings at their defaults. */
  static Map<Class<?>, CheckSettings> defaultSettings() {
    return INSTALLED.get().defaults();
  }

  /** Where the gate's own decision-time check stands among the providers: right after the lift. */
  static final int DECISION_TIMES_ORDER = 150;

  /**
   * Each provider's findings on {@code evidence} ({@link CheckProvider#judge}), in provider order, the decision-time
   * rule after the lift: the same order as a run's findings. A provider that throws fails the gate with a
   * {@code check-failed} finding naming it.
   */
  static List<Finding> judge(GateEvidence evidence, GatePolicy policy, Instant now) {
    List<Finding> found = new ArrayList<>();
    boolean decisionTimes = false;
    for (CheckProvider provider : providers()) {
      if (!decisionTimes && provider.order() > DECISION_TIMES_ORDER) {
        found.addAll(decisionTimes(evidence.latestDecision(), evidence.latestDecisionRow(), now));
        decisionTimes = true;
      }
      try {
        found.addAll(provider.judge(evidence, policy));
      } catch (RuntimeException e) {
        found.add(new Finding.CheckFailed(provider.getClass().getName(), "it could not judge the evidence: "
            + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " (\"" + e.getMessage() + "\")")
            + ". Fix the check provider's judge method."));
      }
    }
    if (!decisionTimes) {
      found.addAll(decisionTimes(evidence.latestDecision(), evidence.latestDecisionRow(), now));
    }
    return found;
  }

  /** The built-in checks for {@code run}: each provider's checks, the decision-time check after the lift. */
  static List<Check> of(BacktestRun run) {
    List<Check> checks = new ArrayList<>();
    boolean decisionTimes = false;
    for (CheckProvider provider : providers()) {
      if (!decisionTimes && provider.order() > DECISION_TIMES_ORDER) {
        checks.add(DECISION_TIMES);
        decisionTimes = true;
      }
      checks.addAll(provider.checks(run));
    }
    if (!decisionTimes) {
      checks.add(DECISION_TIMES);
    }
    return checks;
  }

  /** A backtest decides in the past: a decision time after now means the times are not what they claim. */
  static final Check DECISION_TIMES = Check.of("decision times", c -> {
    long now = c.now().toEpochMilli();
    long[] times = c.run().decisionTimes();
    int first = -1;
    int count = 0;
    for (int i = 0; i < times.length; i++) {
      if (times[i] > now) {
        count++;
        if (first < 0) {
          first = i;
        }
      }
    }
    if (count == 0) {
      return List.of();
    }
    return List.of(decidedAfterNow(count + " row(s) are decided after now (" + c.now() + "), first row " + first
        + " at " + Instant.ofEpochMilli(times[first])));
  });

  /** The same rule when only the latest decision is known (evidence computed elsewhere). */
  static List<Finding> decisionTimes(Instant latest, long row, Instant now) {
    return latest.isAfter(now)
        ? List.of(decidedAfterNow("row " + row + " is decided at " + latest + ", after now (" + now + ")"))
        : List.of();
  }

  private static Finding decidedAfterNow(String what) {
    return new Finding.CheckFailed("decision times", what + ". A backtest can only replay decisions already made: "
        + "check the time unit (epoch milliseconds, not microseconds) and the time zone of the decision times.");
  }
}
