package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.cli.workflow.Versions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample project of src/it/sbt, which is docs/cli.md's sbt recipe, built and run by sbt itself: {@code java -jar
 * sbt-launch.jar test} in the project, sbt bootstrapped from Maven Central into target/sbt (its boot, global, Ivy and
 * Coursier directories, and a home of its own: nothing of {@code ~/.sbt}, {@code ~/.ivy2} or {@code ~/.cache} is read
 * or written), this build's backtest-gate-junit resolved from a repository written under target/sbt
 * ({@link BuildRepository}), every other artifact from Maven Central alone. The churn gate fails the run and the
 * check; signed off through the tool, the next run (forked, checked with {@code --since}) and the check pass; without
 * the recipe's JUnit pins, the gate refuses the mixed JUnit versions with sbt's fix.
 */
class SbtSampleTests {
  private static final Path SBT = SampleProjects.MODULE_DIR.resolve("target/sbt");
  private static final Path LAUNCHER = SBT.resolve("sbt-launch.jar");
  private static final Path REPOSITORIES = SBT.resolve("repositories");

  @TempDir
  Path dir;
  private Path project;
  private int runs;

  @BeforeAll
  static void repositories() throws IOException {
    assertThat(LAUNCHER).as("copied by the build (maven-dependency-plugin, process-test-resources)").exists();
    Path repository = BuildRepository.write(SBT.resolve("repository"));
    // the launcher fetches sbt from these, and the build resolves from them alone (sbt.override.build.repos)
    Files.writeString(REPOSITORIES, "[repositories]\n"
        + "  backtest-gate-build: " + repository.toUri() + "\n"
        + "  maven-central: https://repo.maven.apache.org/maven2/\n");
  }

  @BeforeEach
  void copy() throws IOException {
    project = dir.resolve("churn");
    SampleProjects.copy(SampleProjects.MODULE_DIR.resolve("src/it/sbt"), project);
    Path build = project.resolve("build.sbt");
    Files.writeString(build, SbtRecipe.filled(Files.readString(build)));
  }

  /** Runs sbt's launcher with {@code commands} in the project, in a JVM of its own; returns its exit code. */
  private int sbt(String... commands) throws IOException, InterruptedException {
    Path home = Files.createDirectories(SBT.resolve("home"));
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Duser.home=" + home, "-Dsbt.global.base=" + SBT.resolve("global"),
        "-Dsbt.boot.directory=" + SBT.resolve("boot"), "-Dsbt.ivy.home=" + SBT.resolve("ivy2"),
        "-Dsbt.coursier.home=" + SBT.resolve("coursier"), "-Dsbt.repository.config=" + REPOSITORIES,
        "-Dsbt.override.build.repos=true", "-Dsbt.server.autostart=false", "-Dsbt.supershell=false",
        "-Dsbt.color=false", "-Dsbt.ci=true",
        // a developer's machine even when this build runs on CI (CI=true would make it verify mode, which writes no
        // pending sign-off): the unforked test run sees sbt's system properties
        "-Dbacktestgate.mode=local",
        "-XX:TieredStopAtLevel=1", // a third less CPU for a short-lived sbt: the machine running the build is shared
        "-jar", LAUNCHER.toString()));
    command.addAll(List.of(commands));
    Path log = dir.resolve("sbt-" + ++runs + ".log");
    ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    Map<String, String> environment = builder.environment();
    environment.keySet().removeIf(key -> key.startsWith("SBT_") || key.startsWith("COURSIER_")
        || key.equals("JAVA_TOOL_OPTIONS") || key.equals("JAVA_OPTS"));
    environment.put("HOME", home.toString());
    Process process = builder.start();
    if (!process.waitFor(20, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("sbt did not finish within 20 minutes:\n" + log(runs));
    }
    return process.exitValue();
  }

  private String log(int run) throws IOException {
    return Files.readString(dir.resolve("sbt-" + run + ".log"), StandardCharsets.UTF_8);
  }

  /** The check as docs/cli.md prints it, in the project. */
  private ToolRun check(String... more) {
    List<String> args = new ArrayList<>(SbtRecipe.checkArguments());
    args.addAll(List.of(more));
    args.addAll(List.of("--module", project.toString()));
    return ToolRun.of(args.toArray(String[]::new));
  }

  @Test
  void theChurnGateFailsTheRunUntilSignedOffAndTheJUnitMixIsRefusedWithSbtsFix() throws Exception {
    assertThat(sbt("test")).as(log(1)).isEqualTo(1);
    assertThat(log(1)).contains("backtest-gate: com.acme.PricingBacktest#glm PASSED",
        "Leakage gate FAILED: com.acme.ChurnBacktest#gbm", "Failed: Total 2, Failed 1, Errors 0, Passed 1")
        .doesNotContain("mixes JUnit");
    ToolRun failed = check();
    assertThat(failed.code()).as(failed.err()).isEqualTo(Main.FINDINGS);
    assertThat(failed.err()).contains("1 leakage gate FAILED in this build", "com.acme.ChurnBacktest#gbm")
        .doesNotContain("PricingBacktest", "produced no gate report");

    ToolRun signed = ToolRun.of("sign-off", "--module", project.toString(), "--gate", "com.acme.ChurnBacktest#gbm",
        "--reviewer", "ana@example.com", "--rationale", "the churn model uses the new billing feed",
        "--attest", "all");
    assertThat(signed.code()).as(signed.err()).isZero();
    // forked, as docs/cli.md has it: sbt stamps each suite when its results come back, so the check takes --since
    String since = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    assertThat(sbt("set Test / fork := true", "test")).as(log(2)).isZero();
    ToolRun passed = check("--since", since);
    assertThat(passed.code()).as(passed.err()).isZero();
    assertThat(passed.out()).contains("all 2 gated tests produced a gate report in this build");

    // the recipe without its pins: sbt-jupiter-interface's engine beside backtest-gate-junit's newer api
    assertThat(sbt("set libraryDependencies ~= (_.filterNot(_.organization.startsWith(\"org.junit\")))", "test"))
        .as(log(3)).isEqualTo(1);
    assertThat(log(3)).contains("The test class path mixes JUnit Jupiter versions: junit-jupiter-api "
        + SbtRecipe.JUNIT + " with junit-jupiter-engine 5.13.4.",
        "\"org.junit.jupiter\" % \"junit-jupiter-engine\" % \"" + SbtRecipe.JUNIT + "\" % Test",
        "\"org.junit.platform\" % \"junit-platform-launcher\" % \"" + SbtRecipe.PLATFORM + "\" % Test")
        .doesNotContain("<dependencyManagement>");
  }
}
