package dev.backtestgate.junit;

import dev.backtestgate.internal.FileNames;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the extension reads from the world once per test run, not once per test: the clock, the environment
 * variables (CI detection), the base directory, and whether the JUnit versions and the configuration keys were
 * checked. It lives in
 * the root context's store, so a test of the extension can install a fixed clock or environment there
 * before the first gated test runs ({@link #install}).
 *
 * @param clock the clock for "now" and "today"
 * @param environment the environment variables
 * @param baseDir what relative directories resolve against
 * @param claims the gated tests evaluated so far in this run by the file name of their gate id in lower case, to
 *     refuse two tests sharing one id or one file name (file names that differ only in case are one file on macOS
 *     and Windows)
 */
record RunEnvironment(Clock clock, Map<String, String> environment, Path baseDir,
    ConcurrentMap<String, Claim> claims) {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RunEnvironment.class);

  RunEnvironment {
    environment = Map.copyOf(environment);
  }

  /** The run's environment: the one installed, else the system's, computed (and the keys checked) once. */
  static RunEnvironment of(ExtensionContext context) {
    ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
    // checked once per run, also when a test installed its own clock: a misspelled key never goes unnoticed
    store.getOrComputeIfAbsent(UnknownKeys.class, key -> {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      JUnitVersions.check(JUnitVersions.api(), JUnitVersions.engine(loader),
          TestRunner.of(System.getProperties(), loader));
      UnknownKeys.check(UnknownKeys.visible(System.getProperties(), loader));
      return Boolean.TRUE;
    });
    return store.getOrComputeIfAbsent(RunEnvironment.class, key -> new RunEnvironment(Clock.systemUTC(),
        System.getenv(), GateSettings.baseDir(), new ConcurrentHashMap<>()), RunEnvironment.class);
  }

  /**
   * A gate id claimed by a test.
   *
   * @param gateId the gate id
   * @param test the test that claimed it, {@code Class#method}
   */
  record Claim(String gateId, String test) {}

  /**
   * Claims the file name of the gate id of {@code test} for this run. Atomic: of two tests claiming one name at
   * once (parallel execution), exactly one wins.
   *
   * @return the claim made earlier in this run for the same file name (possibly for the same gate id)
   */
  Optional<Claim> claim(GatedTest test) {
    return Optional.ofNullable(claims.putIfAbsent(FileNames.of(test.gateId()).toLowerCase(Locale.ROOT),
        new Claim(test.gateId(), test.name())));
  }

  /** Installs a fixed clock and environment for the rest of the run (tests of the extension only). */
  static void install(ExtensionContext context, Clock clock, Map<String, String> environment) {
    context.getRoot().getStore(NAMESPACE).put(RunEnvironment.class,
        new RunEnvironment(clock, environment, GateSettings.baseDir(), new ConcurrentHashMap<>()));
  }
}
