package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.cli.workflow.Shell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The command line given mistyped, missing or hostile input: each is refused with exit code 2 (could not check) or 1
 * (a reviewer command refused), a message naming the problem and the fix, and nothing written.
 */
class HostileCommandLineTests {
  @TempDir
  Path module;



  private static final String UNGATED = "dev/backtestgate/cli/HostileCommandLineTests.class";

  /** Test classes with one class, not gated (this one), and an empty results directory. */
  @BeforeEach
  void testClassesAndResults() throws IOException {
    Path own = Path.of(HostileCommandLineTests.class.getProtectionDomain().getCodeSource().getLocation().getPath());
    Files.createDirectories(module.resolve("classes/dev/backtestgate/cli"));
    Files.copy(own.resolve(UNGATED), module.resolve("classes").resolve(UNGATED));
    Files.createDirectories(module.resolve("results"));
  }

  private ToolRun check(String... more) {
    List<String> args = new ArrayList<>(List.of("check", "--module", module.toString(), "--test-classes", "classes",
        "--results", "results"));
    args.addAll(List.of(more));
    return ToolRun.of(args.toArray(String[]::new));
  }

  @ParameterizedTest(name = "[{0}]")
  @CsvSource(delimiter = '|', value = {
      "pendng | unknown command 'pendng' for backtest-gate. Did you mean pending",
      "sigoff | unknown command 'sigoff' for backtest-gate. Did you mean sign-off",
      "chek | unknown command 'chek' for backtest-gate. Did you mean check",
      "--verbose | unknown option '--verbose' for backtest-gate.",
      "'' | unknown command '' for backtest-gate."})
  void anUnknownCommandIsNamedWithWhatWasMeant(String command, String message) {
    ToolRun run = ToolRun.of(command);
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains(message, "backtest-gate --help lists the commands.");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "check | --test-clases | Did you mean --test-classes?",
      "check | --result | Did you mean --results?",
      "sign-off | --gaet | Did you mean --gate?",
      "sign-off | --attests | Did you mean --attest?",
      "pending | --report | Did you mean --reports?",
      "accept-history | --manfest | Did you mean --manifest?"})
  void anUnknownOptionIsNamedWithWhatWasMeant(String command, String option, String meant) {
    ToolRun run = ToolRun.of(command, option, "x");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("unknown option '" + option + "' for backtest-gate " + command + ".", meant,
        "backtest-gate " + command + " --help lists its options.");
  }

  @Test
  void noCommandIsNotAPass() {
    ToolRun run = ToolRun.of();
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("name a command: check, pending, sign-off");
  }

  @Test
  void checkWithoutTestClassesSaysWhereTheyAre() {
    ToolRun run = ToolRun.of("check", "--module", module.toString(), "--results", "results");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("check needs --test-classes", "Gradle: --test-classes build/classes/java/test");
  }

  @Test
  void checkWithoutResultsSaysWhereTheyAre() {
    ToolRun run = ToolRun.of("check", "--module", module.toString(), "--test-classes", "classes");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("check needs --results", "Gradle: --results build/test-results/test");
  }

  @Test
  void aModuleThatDoesNotExist() {
    ToolRun run = ToolRun.of("pending", "--module", module.resolve("nope").toString());
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("The module directory " + module.resolve("nope") + " does not exist.",
        "--module");
  }

  @Test
  void testClassesThatDoNotExist() {
    ToolRun run = ToolRun.of("check", "--module", module.toString(), "--test-classes", "build/classes", "--results", "results");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("The test classes directory " + module.resolve("build/classes")
        + " does not exist.", "Compile the tests first");
  }

  @Test
  void resultsThatDoNotExist() {
    ToolRun run = ToolRun.of("check", "--module", module.toString(), "--test-classes", "classes", "--results", "build/results");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("The JUnit XML results directory " + module.resolve("build/results")
        + " does not exist.", "Gradle: build/test-results/test");
  }

  @Test
  void aResultsDirectoryWithNoJUnitXml() throws IOException {
    Files.writeString(module.resolve("results/pom.xml"), "<project/>");
    Files.writeString(module.resolve("results/notes.txt"), "not xml");
    ToolRun run = check();
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("No JUnit XML test results under " + module.resolve("results"),
        "Run the tests first");
  }

  @Test
  void aTruncatedResultsFile() throws IOException {
    Files.writeString(module.resolve("results/TEST-com.acme.ChurnBacktest.xml"),
        "<?xml version=\"1.0\"?><testsuite name=\"com.acme.ChurnBacktest\"><testcase name=\"gbm\" classn");
    ToolRun run = check();
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("TEST-com.acme.ChurnBacktest.xml is not well-formed XML",
        "a test run that was killed can leave a truncated file");
  }

  @Test
  void aResultsFileWithAnEntityIsNotExpanded() throws IOException {
    Files.writeString(module.resolve("results/TEST-x.xml"), "<?xml version=\"1.0\"?><!DOCTYPE t [<!ENTITY e SYSTEM "
        + "\"file:///etc/passwd\">]><testsuite name=\"x\"><testcase classname=\"x\" name=\"&e;\"/></testsuite>");
    ToolRun run = check();
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("TEST-x.xml is not well-formed XML").doesNotContain("root:");
  }

  @Test
  void aClassPathElementThatDoesNotExist() {
    ToolRun run = check("--classpath", "lib/missing.jar");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("The class path element " + module.resolve("lib/missing.jar") + " does not exist.");
  }

  @Test
  void aSinceThatIsNotAnInstant() {
    ToolRun run = check("--since", "yesterday");
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("'yesterday'", "--since", "backtest-gate check --help lists its options.");
  }

  @Test
  void testClassesWithNoClassIsNotAPass() throws IOException {
    Files.delete(module.resolve("classes").resolve(UNGATED));
    Files.writeString(module.resolve("results/TEST-x.xml"), "<testsuite name=\"x\"><testcase classname=\"x\" "
        + "name=\"y\"/></testsuite>");
    ToolRun run = check();
    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("No compiled class under " + module.resolve("classes"), "Kotlin: "
        + "build/classes/kotlin/test");
  }

  @Test
  void noGatedTestAmongTheClassesPassesAndSaysSo() throws IOException {
    Files.writeString(module.resolve("results/TEST-x.xml"), "<testsuite name=\"x\"><testcase classname=\"x\" "
        + "name=\"y\"/></testsuite>");
    ToolRun run = check();
    assertThat(run.code()).isEqualTo(Main.OK);
    assertThat(run.err()).contains("no enabled @LeakageGated test in " + module.resolve("classes")
        + ": nothing to check");
    assertThat(module.resolve("target/backtest-gate")).doesNotExist();
  }

  @Test
  void aSignOffWithoutItsFieldsIsRefusedInTheToolsSpelling() {
    ToolRun run = ToolRun.of("sign-off", "--module", module.toString(), "--gate", "com.acme.ChurnBacktest#gbm");
    assertThat(run.code()).isEqualTo(Main.FINDINGS);
    assertThat(run.err()).contains("sign-off needs --reviewer=", "--rationale=", "--attest=all",
        "For example: backtest-gate sign-off --module=" + Shell.quote(module.toString()) + " --gate=",
        "(backtest-gate pending --module=" + Shell.quote(module.toString()) + " lists the gates waiting for a review)")
        .doesNotContain("mvn", "-D");
    assertThat(module.resolve("leakage-reviews")).doesNotExist();
  }

  @Test
  void aSignOffWithNothingPendingSaysHowToGetOne() {
    ToolRun run = ToolRun.of("sign-off", "--module", module.toString(), "--gate", "com.acme.ChurnBacktest#gbm", "--reviewer",
        "ana@example.com", "--rationale", "real", "--attest", "all");
    assertThat(run.code()).isEqualTo(Main.FINDINGS);
    assertThat(run.err()).contains("sign-off refused: no pending sign-off under", "There are none",
        "your build's test task (local mode, the default outside CI)").doesNotContain("mvn");
    assertThat(module.resolve("leakage-reviews")).doesNotExist();
  }

  @Test
  void anExpiryThatIsNotADate() {
    ToolRun run = ToolRun.of("renew", "--module", module.toString(), "--gate", "g", "--reviewer", "ana@example.com",
        "--attest", "all", "--expires", "soon");
    assertThat(run.code()).isEqualTo(Main.FINDINGS);
    assertThat(run.err()).contains("--expires=soon is neither a date nor a number of days", "+90d for 90 days from "
        + "today");
  }

  @Test
  void acceptHistoryWithNothingProposedSaysWhereProposalsComeFrom() {
    ToolRun run = ToolRun.of("accept-history", "--module", module.toString());
    assertThat(run.code()).isEqualTo(Main.FINDINGS);
    assertThat(run.err()).contains("accept-history refused: no proposed history manifest under "
        + module.resolve("target/backtest-gate/history-manifests"), "run the build first")
        .doesNotContain("-Dmanifest", "-Dreviewer", "mvn backtest-gate");
    assertThat(module.resolve("leakage-reviews")).doesNotExist();
  }

}
