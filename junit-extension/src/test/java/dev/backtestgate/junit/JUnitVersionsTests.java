package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * A class path with one JUnit Jupiter API and another engine is refused before the first gated test, with the fix
 * for the build that runs the tests (sbt's is run for real by the cli module's SbtSampleTests).
 */
class JUnitVersionsTests {
  private static final Optional<String> API = Optional.of("5.14.4");

  private static String refusal(String engine, TestRunner runner) {
    Throwable thrown = catchThrowable(() -> JUnitVersions.check(API, Optional.of(engine), runner));
    assertThat(thrown).isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("The test class path mixes JUnit Jupiter versions: junit-jupiter-api 5.14.4 with "
            + "junit-jupiter-engine " + engine + ".");
    return thrown.getMessage();
  }

  @Test
  void underMavenTheFixImportsTheBomOfTheDeclaredEngine() {
    assertThat(refusal("5.10.5", TestRunner.MAVEN)).contains("Maven chose each version separately",
        "Fix: import the JUnit BOM in <dependencyManagement>", "<artifactId>junit-bom</artifactId><version>5.10.5"
            + "</version><type>pom</type><scope>import</scope>", "mvn dependency:tree")
        .doesNotContain("Gradle", "sbt", "Console Launcher");
  }

  @Test
  void underGradleTheFixIsThePlatformOfTheApi() {
    assertThat(refusal("5.13.4", TestRunner.GRADLE)).contains("Gradle chose each version separately",
        "testImplementation(platform(\"org.junit:junit-bom:5.14.4\"))", "gradle dependencyInsight")
        .doesNotContain("<dependencyManagement>", "sbt", "Console Launcher");
  }

  @Test
  void underSbtTheFixPinsTheEngineAndLauncherOfTheApi() {
    assertThat(refusal("5.13.4", TestRunner.SBT)).contains("sbt chose each version separately",
        "\"org.junit.jupiter\" % \"junit-jupiter-engine\" % \"5.14.4\" % Test,\n",
        "\"org.junit.platform\" % \"junit-platform-launcher\" % \"1.14.4\" % Test\n", "show Test/fullClasspath")
        .doesNotContain("<dependencyManagement>", "Gradle", "Console Launcher");
  }

  @Test
  void underTheConsoleLauncherTheFixIsTheStandaloneJarOfTheApi() {
    assertThat(refusal("5.13.4", TestRunner.CONSOLE_LAUNCHER)).contains(
        "junit-platform-console-standalone-1.14.4.jar", "org.junit.platform:junit-platform-console-standalone:1.14.4")
        .doesNotContain("<dependencyManagement>", "Gradle", "sbt");
  }

  @Test
  void underAnotherRunnerTheFixIsGivenForEachBuild() {
    assertThat(refusal("5.13.4", TestRunner.UNKNOWN)).contains("Maven: import org.junit:junit-bom:5.13.4",
        "Gradle: testImplementation(platform(\"org.junit:junit-bom:5.14.4\"))",
        "sbt: \"org.junit.jupiter\" % \"junit-jupiter-engine\" % \"5.14.4\" % Test and "
            + "\"org.junit.platform\" % \"junit-platform-launcher\" % \"1.14.4\" % Test",
        "the Console Launcher: junit-platform-console-standalone-1.14.4.jar");
  }

  @Test
  void thePlatformOfJUnit5IsOneDotAndFromJUnit6OnTheSame() {
    assertThat(JUnitVersions.platform("5.14.4")).isEqualTo("1.14.4");
    assertThat(JUnitVersions.platform("5.11.0-M1")).isEqualTo("1.11.0-M1");
    assertThat(JUnitVersions.platform("6.1.3")).isEqualTo("6.1.3");
  }

  @Test
  void oneVersionOrAnUnknownOnePasses() {
    assertThatCode(() -> JUnitVersions.check(Optional.of("6.1.3"), Optional.of("6.1.3"), TestRunner.MAVEN))
        .doesNotThrowAnyException();
    assertThatCode(() -> JUnitVersions.check(Optional.empty(), Optional.of("5.10.5"), TestRunner.SBT))
        .doesNotThrowAnyException();
    assertThatCode(() -> JUnitVersions.check(API, Optional.empty(), TestRunner.UNKNOWN)).doesNotThrowAnyException();
  }

  @Test
  void thisSuitesClassPathHasOneVersionAndItIsRead() {
    Optional<String> api = JUnitVersions.api();
    Optional<String> engine = JUnitVersions.engine(Thread.currentThread().getContextClassLoader());

    assertThat(api).isPresent();
    assertThat(engine).isEqualTo(api);
  }

  @Test
  void aClassPathWithoutTheEngineHasNoEngineVersion() {
    assertThat(JUnitVersions.engine(new ClassLoader(null) {})).isEmpty();
  }
}
