package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code check} goal given a module whose gated tests could lose a report: two test classes that Surefire may
 * run in separate forks, gated under one id, each writing the same report file.
 */
class HostileCheckGoalTests {
  private static final String FORKS = "dev/backtestgate/cli/workflow/forks/";

  private static List<GatedMethod> scan(Path own, String... classes) throws IOException {
    TestClasses.copy(own, classes);
    try (ClassIndex index = new ClassIndex(own, TestClasses.classpath())) {
      return GatedTestScanner.scan(index);
    }
  }

  @Test
  void twoTestsSharingAGateIdFailTheCheckNamingBoth(@TempDir Path own) throws IOException {
    List<GatedMethod> gated = scan(own, FORKS + "CleanForkFixture", FORKS + "LeakyForkFixture");
    // One report survives, as when two forks wrote churn-gbm.json: the check must not call that a pass.
    GateReport survivor = new GateReport(own.resolve("churn-gbm.json"), Instant.now(), "churn-gbm", "PASSED",
        "sha256:1", null, 0.05, List.of(), "missing", null, false);
    BuildCheck.Outcome outcome = BuildCheck.run(gated, new GateReports.Listing(List.of(survivor), List.of()),
        Instant.EPOCH, new SurefireSetup("3.5.4", List.of(), List.of(), null));

    assertThat(outcome.missing()).isEmpty();
    assertThat(outcome.shared()).singleElement().satisfies(shared -> {
      assertThat(shared.gateId()).isEqualTo("churn-gbm");
      assertThat(shared.tests()).extracting(GatedMethod::name).containsExactly(
          "dev.backtestgate.cli.workflow.forks.CleanForkFixture#gbm", "dev.backtestgate.cli.workflow.forks.LeakyForkFixture#gbm");
    });
    assertThat(CheckMessages.sharedIds(outcome.shared())).contains(
        "1 gate id is declared by more than one @LeakageGated test",
        "churn-gbm: dev.backtestgate.cli.workflow.forks.CleanForkFixture#gbm, dev.backtestgate.cli.workflow.forks.LeakyForkFixture#gbm",
        "dev/backtestgate/cli/workflow/forks/LeakyForkFixture.java:",
        "forkCount > 1", "one is lost",
        "Fix: give each test its own id");
  }

  @Test
  void aDisabledTestOrOneOfTheTemplatesOwnInvocationsSharesNoId() {
    GatedMethod on = method("a.A#gbm", "churn-gbm", false, null);
    GatedMethod off = method("a.B#gbm", "churn-gbm", false, "@Disabled");
    GatedMethod template = method("a.C#grid", "a.C#grid", true, null);
    GatedMethod other = method("a.D#grid", "a.D#grid", true, null);
    assertThat(BuildCheck.shared(List.of(on, off, template, other))).isEmpty();
    assertThat(BuildCheck.shared(List.of(on, method("a.E#rf", "churn-gbm", true, null))))
        .singleElement().extracting(BuildCheck.SharedId::gateId).isEqualTo("churn-gbm");
    assertThat(CheckMessages.sharedIds(BuildCheck.shared(List.of(on, method("a.F#rf", "Churn-GBM", false, null)))))
        .contains("churn-gbm (ids that differ only in case name one file): a.A#gbm, a.F#rf");
  }

  private static GatedMethod method(String name, String gateId, boolean template, String disabled) {
    return new GatedMethod(name, gateId, template, disabled, name.substring(0, name.indexOf('#')).replace('.', '/'),
        new SourceLocation(name.substring(0, name.indexOf('#')), "a", null, "m", 0));
  }

  private static final String GATE = "com.acme.ChurnBacktest#gbm";
  private static final String VALID = "{\"schema\": 2, \"gate\": \"" + GATE + "\", \"verdict\": \"PASSED\","
      + " \"comparison\": {\"available\": false}, \"findings\": [], \"signOff\": {\"status\": \"missing\"}}";

  static Stream<Arguments> reports() {
    return Stream.of(
        Arguments.of("not JSON", "PASSED", "not readable JSON"),
        Arguments.of("cut short", VALID.substring(0, VALID.length() / 2), "not readable JSON"),
        Arguments.of("an array", "[" + VALID + "]", "$ is not a JSON object"),
        Arguments.of("no schema", VALID.replace("\"schema\": 2, ", ""), "no $.schema number"),
        Arguments.of("the schema as text", VALID.replace("\"schema\": 2", "\"schema\": \"2\""), "no $.schema number"),
        Arguments.of("another schema", VALID.replace("\"schema\": 2", "\"schema\": 1"), "report schema 1"),
        Arguments.of("a verdict that is no verdict", VALID.replace("\"PASSED\"", "\"GREEN\""),
            "$.verdict 'GREEN' is not a verdict"),
        Arguments.of("a verdict in another case", VALID.replace("\"PASSED\"", "\"passed\""),
            "$.verdict 'passed' is not a verdict"),
        Arguments.of("a duplicate verdict", VALID.replace("\"verdict\": \"PASSED\",",
            "\"verdict\": \"FAILED\", \"verdict\": \"PASSED\","), "Duplicate field 'verdict'"),
        Arguments.of("garbage after the report", VALID + " {}", "not readable JSON"),
        Arguments.of("findings that are no list", VALID.replace("\"findings\": []", "\"findings\": {}"),
            "$.findings is missing or not an array"));
  }

  @ParameterizedTest(name = "a report that is {0} counts as no report")
  @MethodSource("reports")
  void aReportTheCheckCannotTrustCountsAsNoReport(String what, String text, String reason, @TempDir Path dir)
      throws IOException {
    Files.writeString(dir.resolve(GATE + ".json"), text);
    GatedMethod test = method(GATE, GATE, false, null);

    GateReports.Listing listing = GateReports.read(dir);
    BuildCheck.Outcome outcome = BuildCheck.run(List.of(test), listing, Instant.EPOCH,
        new SurefireSetup("3.5.4", List.of(), List.of(), null));

    assertThat(listing.skipped()).singleElement().asString().startsWith(GATE + ".json: ").contains(reason);
    assertThat(outcome.missing()).extracting(BuildCheck.Missing::test).containsExactly(test);
  }

  @Test
  void theValidReportCountsSoEveryCaseAboveCanFail(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve(GATE + ".json"), VALID);
    BuildCheck.Outcome outcome = BuildCheck.run(List.of(method(GATE, GATE, false, null)), GateReports.read(dir),
        Instant.EPOCH, new SurefireSetup("3.5.4", List.of(), List.of(), null));
    assertThat(outcome.missing()).isEmpty();
  }

  @Test
  void aReportThatIsALinkToAnotherBuildsReportIsNotRead(@TempDir Path dir) throws IOException {
    Path elsewhere = Files.writeString(dir.resolve("elsewhere.txt"), VALID);
    Files.createSymbolicLink(dir.resolve(GATE + ".json"), elsewhere);
    BuildCheck.Outcome outcome = BuildCheck.run(List.of(method(GATE, GATE, false, null)), GateReports.read(dir),
        Instant.EPOCH, new SurefireSetup("3.5.4", List.of(), List.of(), null));
    assertThat(outcome.missing()).hasSize(1);
  }
}
