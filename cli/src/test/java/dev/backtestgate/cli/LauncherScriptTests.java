package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher script runs the tool with the user's arguments and passes its exit code on; a missing jar is exit 2. */
class LauncherScriptTests {
  private static final Path SCRIPT = Path.of(System.getProperty("basedir", "")).toAbsolutePath()
      .resolve("src/main/sh/backtest-gate");

  private record Run(int code, String out) {}

  private static Run script(Map<String, String> env, Path home, String... args) throws IOException,
      InterruptedException {
    String[] command = new String[args.length + 1];
    command[0] = SCRIPT.toString();
    System.arraycopy(args, 0, command, 1, args.length);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().remove("BACKTEST_GATE_JAR");
    builder.environment().remove("BACKTEST_GATE_CLASSPATH");
    builder.environment().put("HOME", home.toString());
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().putAll(env);
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Run(process.waitFor(), out);
  }

  @Test
  void runsTheToolAndPassesItsExitCodeOn(@TempDir Path home) throws Exception {
    Map<String, String> classpath = Map.of("BACKTEST_GATE_CLASSPATH", System.getProperty("java.class.path"));
    Run version = script(classpath, home, "--version");
    assertThat(version.code()).isZero();
    assertThat(version.out()).startsWith("backtest-gate ");

    Run typo = script(classpath, home, "pendng", "--module", home.toString());
    assertThat(typo.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(typo.out()).contains("Did you mean pending?");
  }

  @Test
  void withoutTheJarItSaysWhereItLooked(@TempDir Path home) throws Exception {
    Run run = script(Map.of(), home, "check");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.out()).contains("the executable jar (backtest-gate-cli-<version>-all.jar) is not beside",
        home + "/.local/lib/backtest-gate", "set BACKTEST_GATE_JAR");
  }
}
