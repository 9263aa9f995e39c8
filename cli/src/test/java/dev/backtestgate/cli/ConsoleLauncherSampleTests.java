package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample project of src/it/console-launcher, built without Maven: compiled with javac, run by the JUnit Platform
 * Console Launcher in its own JVM, checked and reviewed with this tool. The check fails closed when the launcher's
 * filter skips the gated classes, fails on a gate that needs a review, and passes once a reviewer signed it off
 * through the tool.
 */
class ConsoleLauncherSampleTests {
  private static final Path MODULE_DIR = SampleProjects.MODULE_DIR;
  private static final Path LAUNCHER = MODULE_DIR.resolve("target/console-launcher/junit-platform-console-standalone.jar");
  private static final String ALL = ".*(Tests?|Backtest)";

  @TempDir
  Path project;

  @BeforeEach
  void compile() throws IOException {
    SampleProjects.copy(MODULE_DIR.resolve("src/it/console-launcher"), project);
    List<String> sources;
    try (Stream<Path> files = Files.walk(project.resolve("src/test/java"))) {
      sources = files.filter(p -> p.toString().endsWith(".java")).map(Path::toString).toList();
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> args = new ArrayList<>(List.of("-d", project.resolve("build/classes/test").toString(),
        "-classpath", System.getProperty("java.class.path"), "--release", "17", "-nowarn"));
    args.addAll(sources);
    assertThat(javac.run(null, null, null, args.toArray(String[]::new))).as("javac").isZero();
  }

  /** Runs the launcher in its own JVM from the project directory; returns its exit code. */
  private int launch(String... filter) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", LAUNCHER.toString(), "execute", "--disable-banner", "--details=none",
        "--class-path", project.resolve("build/classes/test") + File.pathSeparator + libraries(),
        "--select-package", "com.acme", "--reports-dir", "build/test-results",
        "--config", "backtestgate.mode=local"));
    command.addAll(List.of(filter));
    Process process = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
        .redirectOutput(project.resolve("launcher.log").toFile()).start();
    return process.waitFor();
  }

  /**
   * The gate's jars (or, in a build of some modules only, their classes directories) and their dependencies, without
   * JUnit's (the launcher brings its own) and without this module's test classes (gated fixtures of their own).
   */
  private static String libraries() {
    String own = MODULE_DIR.resolve("target/test-classes").toString();
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(p -> !p.isBlank() && !p.equals(own) && !p.contains(File.separator + "junit" + File.separator)
            && !p.contains("opentest4j") && !p.contains("surefire"))
        .reduce((a, b) -> a + File.pathSeparator + b).orElseThrow();
  }



  private ToolRun check() {
    return ToolRun.of("check", "--module", project.toString(), "--test-classes", "build/classes/test", "--results",
        "build/test-results");
  }

  /** Moves every report back a minute: the reports of an earlier run. */
  private void age() throws IOException {
    try (Stream<Path> files = Files.walk(project.resolve("target/backtest-gate"))) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Files.setLastModifiedTime(file, FileTime.from(Files.getLastModifiedTime(file).toInstant().minusSeconds(60)));
      }
    }
  }

  @Test
  void theLaunchersDefaultFilterSkipsTheBacktestsAndTheCheckNamesThem() throws Exception {
    assertThat(launch()).as("the launcher ran FeatureTests alone, green").isZero();

    ToolRun check = check();

    assertThat(check.code()).isEqualTo(Main.FINDINGS);
    assertThat(check.err()).contains("2 @LeakageGated tests produced no gate report in this build",
        "com.acme.ChurnBacktest#gbm", "com.acme.PricingBacktest#glm",
        "name no test of com.acme.ChurnBacktest, com.acme.PricingBacktest", "--include-classname")
        .doesNotContain("mvn ", "Surefire");
  }

  @Test
  void aGateThatNeedsAReviewFailsUntilItIsSignedOffThroughTheTool() throws Exception {
    assertThat(launch("--include-classname", ALL)).as("the churn gate fails").isEqualTo(1);
    ToolRun failed = check();
    assertThat(failed.code()).isEqualTo(Main.FINDINGS);
    assertThat(failed.err()).as(Files.readString(project.resolve("launcher.log"))).doesNotContain("PricingBacktest");
    assertThat(failed.err()).contains("1 leakage gate FAILED in this build", "com.acme.ChurnBacktest#gbm",
        "backtest-gate pending").doesNotContain("mvn ");
    assertThat(project.resolve("target/backtest-gate/backtest-gate.sarif")).exists();

    ToolRun pending = ToolRun.of("pending", "--module", project.toString());
    assertThat(pending.code()).isZero();
    assertThat(pending.out()).contains("1 pending sign-off", "com.acme.ChurnBacktest#gbm",
        "sign off:  backtest-gate sign-off --gate='com.acme.ChurnBacktest#gbm' --reviewer='<you>'");

    ToolRun refused = ToolRun.of("sign-off", "--module", project.toString(), "--gate", "com.acme.ChurnBacktest#gbm",
        "--reviewer", "ana@example.com", "--rationale", "the churn model uses the new billing feed");
    assertThat(refused.code()).isEqualTo(Main.FINDINGS);
    assertThat(refused.err()).contains("sign-off needs --attest=all").doesNotContain("-D");
    assertThat(project.resolve("leakage-reviews")).doesNotExist();

    ToolRun signed = ToolRun.of("sign-off", "--module", project.toString(), "--gate", "com.acme.ChurnBacktest#gbm",
        "--reviewer", "ana@example.com", "--rationale", "the churn model uses the new billing feed",
        "--attest", "all");
    assertThat(signed.code()).as(signed.err()).isZero();
    assertThat(signed.out()).contains("approved by ana@example.com", "git add");
    try (Stream<Path> reviews = Files.list(project.resolve("leakage-reviews"))) {
      assertThat(reviews).hasSize(1);
    }

    age();
    assertThat(launch("--include-classname", ALL)).as("signed off, every gate passes").isZero();
    ToolRun passed = check();
    assertThat(passed.code()).as(passed.err()).isZero();
    assertThat(passed.out()).contains("all 2 gated tests produced a gate report in this build");

    age();
    assertThat(launch()).as("the default filter: FeatureTests alone").isZero();
    ToolRun skipped = check();
    assertThat(skipped.code()).as("the earlier run's reports do not count").isEqualTo(Main.FINDINGS);
    assertThat(skipped.err()).contains("is from an earlier build and does not count");
  }
}
