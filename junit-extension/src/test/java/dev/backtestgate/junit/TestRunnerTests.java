package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The build that runs the tests, told from the test JVM's system properties and the classes it sees. */
class TestRunnerTests {
  private static final Predicate<String> NOTHING = type -> false;

  @Test
  void thisSuiteRunsUnderSurefire() {
    assertThat(TestRunner.of(System.getProperties(), Thread.currentThread().getContextClassLoader()))
        .isEqualTo(TestRunner.MAVEN);
  }

  @Test
  void gradlesTestWorkerPropertyMeansGradle() {
    Properties system = new Properties();
    system.setProperty("org.gradle.test.worker", "3");

    assertThat(TestRunner.of(system, NOTHING)).isEqualTo(TestRunner.GRADLE);
  }

  @Test
  void surefiresClassPathPropertyMeansMaven() {
    Properties system = new Properties();
    system.setProperty("surefire.test.class.path", "target/test-classes");

    assertThat(TestRunner.of(system, NOTHING)).isEqualTo(TestRunner.MAVEN);
  }

  @Test
  void sbtsTestInterfaceMeansSbtAndTheLaunchersMainClassTheConsoleLauncher() {
    assertThat(TestRunner.of(new Properties(), "sbt.testing.Framework"::equals)).isEqualTo(TestRunner.SBT);
    assertThat(TestRunner.of(new Properties(), "org.junit.platform.console.ConsoleLauncher"::equals))
        .isEqualTo(TestRunner.CONSOLE_LAUNCHER);
  }

  @Test
  void aClassLoaderThatSeesNoneOfThemIsUnknown() {
    assertThat(TestRunner.of(new Properties(), new ClassLoader(null) {})).isEqualTo(TestRunner.UNKNOWN);
  }

  @Test
  void nothingKnownIsUnknown() {
    assertThat(TestRunner.of(new Properties(), NOTHING)).isEqualTo(TestRunner.UNKNOWN);
  }
}
