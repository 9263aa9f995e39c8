package dev.backtestgate;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
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

  /** The providers, loaded once, by ascending order (then class name, so the order never depends on the jar). */
  private static final class Loaded {
    static final List<CheckProvider> PROVIDERS = load();
    static final Map<Class<?>, CheckSettings> DEFAULT_SETTINGS = defaults(PROVIDERS);

    private static List<CheckProvider> load() {
      List<CheckProvider> found = new ArrayList<>();
      try {
        ServiceLoader.load(CheckProvider.class, BuiltInChecks.class.getClassLoader()).forEach(found::add);
      } catch (ServiceConfigurationError e) {
        throw new IllegalStateException("A check provider named in META-INF/services/" + CheckProvider.class.getName()
            + " could not be loaded: " + e.getMessage() + ". Fix or remove that line.", e);
      }
      found.sort(Comparator.comparingInt(CheckProvider::order).thenComparing(p -> p.getClass().getName()));
      if (found.stream().noneMatch(p -> p.getClass().getName().equals(LIFT_PROVIDER))) {
        throw new IllegalStateException("The built-in checks of backtest-gate were not found: the class path has no "
            + "META-INF/services/" + CheckProvider.class.getName() + " of the backtest-gate jar. A shaded or merged "
            + "jar dropped it; merge service files (maven-shade-plugin's ServicesResourceTransformer) so the gate "
            + "runs its checks.");
      }
      return List.copyOf(found);
    }

    private static Map<Class<?>, CheckSettings> defaults(List<CheckProvider> providers) {
      GatePolicy policy = GatePolicy.bare();
      for (CheckProvider provider : providers) {
        for (Setting<?> setting : provider.settings()) {
          policy = setting.applyDefault(policy);
        }
      }
      return policy.settingsMap();
    }
  }

  /** Every check provider on the class path, built-in ones included, by order. */
  static List<CheckProvider> providers() {
    return Loaded.PROVIDERS;
  }

  /** Each provider's settings at their defaults. */
  static Map<Class<?>, CheckSettings> defaultSettings() {
    return Loaded.DEFAULT_SETTINGS;
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
