package dev.backtestgate.junit;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the extension reads from the world once per test run, not once per test: the clock, the environment
 * variables (CI detection), the base directory, and whether the configuration keys were checked. It lives in
 * the root context's store, so a test of the extension can install a fixed clock or environment there
 * before the first gated test runs ({@link #install}).
 *
 * @param clock the clock for "now" and "today"
 * @param environment the environment variables
 * @param baseDir what relative directories resolve against
 * @param gateIds the gate ids evaluated so far in this run, to refuse two tests sharing one id
 */
record RunEnvironment(Clock clock, Map<String, String> environment, Path baseDir, Set<String> gateIds) {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RunEnvironment.class);

  RunEnvironment {
    environment = Map.copyOf(environment);
  }

  /** The run's environment: the one installed, else the system's, computed (and the keys checked) once. */
  static RunEnvironment of(ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(RunEnvironment.class, key -> {
      UnknownKeys.check(UnknownKeys.visible(System.getProperties(), Thread.currentThread().getContextClassLoader()));
      return new RunEnvironment(Clock.systemUTC(), System.getenv(), GateSettings.baseDir(),
          ConcurrentHashMap.newKeySet());
    }, RunEnvironment.class);
  }

  /** Installs a fixed clock and environment for the rest of the run (tests of the extension only). */
  static void install(ExtensionContext context, Clock clock, Map<String, String> environment) {
    context.getRoot().getStore(NAMESPACE).put(RunEnvironment.class,
        new RunEnvironment(clock, environment, GateSettings.baseDir(), ConcurrentHashMap.newKeySet()));
  }
}
