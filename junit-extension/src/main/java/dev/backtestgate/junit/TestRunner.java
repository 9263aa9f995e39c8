package dev.backtestgate.junit;

import java.util.Properties;
import java.util.function.Predicate;

/**
 * The build tool that runs the tests, as far as the test JVM can tell, so that a refusal words its fix for the build
 * at hand. Read from what each tool leaves in the JVM: Gradle's test workers set {@code org.gradle.test.worker},
 * Surefire's forked JVM sets {@code surefire.test.class.path} and runs {@code ForkedBooter}, sbt's test frameworks
 * (sbt-jupiter-interface) implement {@code sbt.testing.Framework}, and the Console Launcher is its own main class.
 * Anything else (an IDE, Bazel) is {@link #UNKNOWN}, and the fix is given for each of them.
 *
 * <pre>{@code
 * TestRunner runner = TestRunner.of(System.getProperties(), Thread.currentThread().getContextClassLoader());
 * }</pre>
 */
enum TestRunner {
  MAVEN,
  GRADLE,
  SBT,
  CONSOLE_LAUNCHER,
  /** An IDE, Bazel, or anything else. */
  UNKNOWN;

  /** The tool that runs this JVM's tests: what {@code system} and the classes {@code loader} sees say. */
  static TestRunner of(Properties system, ClassLoader loader) {
    return of(system, type -> visible(type, loader));
  }

  /** The same, with {@code visible} telling whether a class of that name can be loaded. */
  static TestRunner of(Properties system, Predicate<String> visible) {
    if (system.getProperty("org.gradle.test.worker") != null) {
      return GRADLE;
    }
    if (system.getProperty("surefire.test.class.path") != null
        || visible.test("org.apache.maven.surefire.booter.ForkedBooter")) {
      return MAVEN;
    }
    if (visible.test("sbt.testing.Framework")) {
      return SBT;
    }
    if (visible.test("org.junit.platform.console.ConsoleLauncher")) {
      return CONSOLE_LAUNCHER;
    }
    return UNKNOWN;
  }

  private static boolean visible(String type, ClassLoader loader) {
    try {
      Class.forName(type, false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
