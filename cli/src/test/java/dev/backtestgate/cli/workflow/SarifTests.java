package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import dev.backtestgate.cli.workflow.fixtures.DirectFixture;
import dev.backtestgate.cli.workflow.fixtures.InheritedFixture;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

class SarifTests {
  private static final Path MODULE = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
  private static final Path TEST_SOURCES = MODULE.resolve("src/test/java");
  private static final String P = "dev.backtestgate.cli.workflow.fixtures.";

  @TempDir
  static Path reports;

  private static JsonNode sarif;
  private static String text;

  /** Real gates: the fixtures' failing gates through the JUnit extension, then the check's SARIF from them. */
  @BeforeAll
  static void build(@TempDir Path reviews, @TempDir Path own) throws IOException {
    Instant start = Instant.now();
    EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(DirectFixture.class), selectClass(InheritedFixture.class))
        .configurationParameter("backtestgate.report-dir", reports.toString())
        .configurationParameter("backtestgate.review-dir", reviews.toString())
        .configurationParameter("backtestgate.mode", "verify")
        .execute();
    List<GatedMethod> gated;
    TestClasses.copy(own, TestClasses.fixtures().toArray(String[]::new));
    try (ClassIndex index = new ClassIndex(own, TestClasses.classpath())) {
      gated = GatedTestScanner.scan(index).stream()
          .filter(m -> m.name().startsWith(P + "DirectFixture") || m.name().startsWith(P + "InheritedFixture")
              || m.name().equals(P + "MetaFixture#viaMeta"))
          .toList();
    }
    BuildCheck.Outcome outcome = BuildCheck.run(gated, GateReports.read(reports), start,
        new SurefireSetup("3.5.4", List.of(), List.of(), null));
    Path file = SarifFile.write(reports, outcome, List.of(TEST_SOURCES), MODULE);
    assertThat(file).isEqualTo(reports.resolve("backtest-gate.sarif"));
    text = Files.readString(file);
    sarif = new ObjectMapper().readTree(text);
  }

  @Test
  void isValidAgainstTheSarif210Schema() throws IOException {
    JsonSchema schema;
    try (InputStream in = SarifTests.class.getResourceAsStream("/sarif-schema-2.1.0.json")) {
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(in);
    }
    Set<ValidationMessage> errors = schema.validate(sarif);
    assertThat(errors).isEmpty();
    assertThat(sarif.path("version").asText()).isEqualTo("2.1.0");
  }

  @Test
  void oneResultPerFailedGateAtTheTestMethodsDeclaration() throws IOException {
    JsonNode results = sarif.path("runs").get(0).path("results");
    // DirectFixture#gbm and #custom and InheritedFixture#inherited fail (lift and perfect AUC: one result for each
    // kind); MetaFixture did not run
    assertThat(results).hasSize(7);
    JsonNode gbm = result(results, P + "DirectFixture#gbm", "lift");
    assertThat(gbm.path("message").path("text").asText())
        .startsWith("Leakage gate FAILED: " + P + "DirectFixture#gbm: AUC lift +")
        .endsWith("is above the 0.050 limit; no leakage review covers it");
    assertThat(result(results, P + "DirectFixture#gbm", "perfect-auc").path("message").path("text").asText())
        .isEqualTo("Leakage gate FAILED: " + P + "DirectFixture#gbm: Candidate cand has an AUC of 1.000; no leakage "
            + "review covers it");
    assertThat(gbm.path("properties").path("kinds")).extracting(JsonNode::asText)
        .containsExactly("lift", "perfect-auc");
    assertThat(gbm.path("partialFingerprints").path("backtestGate/v2").asText()).isEqualTo(P + "DirectFixture#gbm lift");
    JsonNode location = gbm.path("locations").get(0).path("physicalLocation");
    assertThat(location.path("artifactLocation").path("uri").asText())
        .isEqualTo("src/test/java/dev/backtestgate/cli/workflow/fixtures/DirectFixture.java");
    assertThat(location.path("artifactLocation").path("uriBaseId").asText()).isEqualTo("SRCROOT");
    assertThat(location.path("region").path("startLine").asInt())
        .isEqualTo(lineOf("DirectFixture.java", "void gbm(Backtest backtest)"));
    assertThat(gbm.path("properties").path("report").asText()).endsWith("DirectFixture#gbm.json");
    assertThat(gbm.path("relatedLocations").get(0).path("physicalLocation").path("artifactLocation").path("uri")
        .asText()).endsWith("DirectFixture%23gbm.json");

    JsonNode inherited = result(results, P + "InheritedFixture#inherited", "lift");
    JsonNode base = inherited.path("locations").get(0).path("physicalLocation");
    assertThat(base.path("artifactLocation").path("uri").asText())
        .isEqualTo("src/test/java/dev/backtestgate/cli/workflow/fixtures/BaseFixture.java");
    assertThat(base.path("region").path("startLine").asInt())
        .isEqualTo(lineOf("BaseFixture.java", "void inherited(Backtest backtest)"));

    JsonNode notRun = result(results, "composed", "not-run");
    assertThat(notRun.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt())
        .isEqualTo(lineOf("MetaFixture.java", "void viaMeta(Backtest backtest)"));
  }

  @Test
  void rulesAreTheFindingKindsWithHelp() {
    JsonNode rules = sarif.path("runs").get(0).path("tool").path("driver").path("rules");
    assertThat(rules).extracting(r -> r.path("id").asText()).containsExactly("lift", "perfect-auc", "not-run");
    assertThat(rules.get(0).path("help").path("text").asText()).contains("mvn backtest-gate:sign-off");
  }

  @Test
  void encodesFileNamesAsUriReferences() {
    assertThat(Sarif.encode("target/backtest-gate/a.B$C#m[1].json"))
        .isEqualTo("target/backtest-gate/a.B$C%23m%5B1%5D.json");
  }

  @Test
  void aGateThatFailedForAPointInTimeLeakIsFiledUnderThatRuleAtTheTestMethod(@TempDir Path dir, @TempDir Path reviews,
      @TempDir Path own) throws IOException {
    Instant start = Instant.now();
    EngineTestKit.engine("junit-jupiter").selectors(selectClass(PointInTimeCases.class))
        .configurationParameter("backtestgate.report-dir", dir.toString())
        .configurationParameter("backtestgate.review-dir", reviews.toString())
        .configurationParameter("backtestgate.mode", "verify")
        .execute().testEvents().assertStatistics(stats -> stats.failed(1));
    String internal = PointInTimeCases.class.getName().replace('.', '/');
    TestClasses.copy(own, internal);
    List<GatedMethod> gated;
    try (ClassIndex index = new ClassIndex(own, TestClasses.classpath())) {
      gated = GatedTestScanner.scan(index);
    }
    BuildCheck.Outcome outcome = BuildCheck.run(gated, GateReports.read(dir), start,
        new SurefireSetup("3.5.4", List.of(), List.of(), null));
    JsonNode log = new ObjectMapper().readTree(Files.readString(SarifFile.write(dir, outcome, List.of(TEST_SOURCES),
        MODULE)));

    // the gate failed for its lift and for the late feature: one result under each rule, both at the test method
    JsonNode results = log.path("runs").get(0).path("results");
    assertThat(results).extracting(r -> r.path("ruleId").asText()).containsExactly("lift", "point-in-time");
    String gate = PointInTimeCases.class.getName() + "#lateBalance";
    JsonNode leak = result(results, gate, "point-in-time");
    assertThat(leak.path("message").path("text").asText()).startsWith("Leakage gate FAILED: " + gate + ": Feature "
        + "'balance' was recorded after the decision time").doesNotContain("AUC lift");
    int line = lineOf(Path.of("dev/backtestgate/cli/workflow/SarifTests.java"), "void lateBalance(" + "Backtest backtest) {");
    for (JsonNode r : results) {
      assertThat(r.path("locations").get(0).path("physicalLocation").path("region").path("startLine").asInt())
          .isEqualTo(line);
    }
    JsonNode rules = log.path("runs").get(0).path("tool").path("driver").path("rules");
    assertThat(rules).extracting(r -> r.path("id").asText()).containsExactly("lift", "point-in-time");
    assertThat(rules.get(1).path("help").path("text").asText()).contains("waive the feature");
    assertThat(reviews).isEmptyDirectory();
  }

  /** A gate whose lift is above the limit and whose feature was recorded after the decision. */
  static class PointInTimeCases {
    @Test
    @LeakageGated
    void lateBalance(Backtest backtest) {
      int n = 200;
      boolean[] labels = new boolean[n];
      double[] candidate = new double[n];
      double[] baseline = new double[n];
      long[] decided = new long[n];
      long[] known = new long[n];
      for (int i = 0; i < n; i++) {
        labels[i] = i % 3 == 0;
        baseline[i] = (i * 37 % 101) / 101.0 + (labels[i] ? 0.3 : 0);
        candidate[i] = baseline[i] + (labels[i] ? 0.4 : 0);
        decided[i] = 1_767_225_600_000L + i * 86_400_000L;
        known[i] = decided[i] + 3_600_000L;
      }
      backtest.labels(labels).candidate("cand", candidate).baseline("base", baseline).decisionTimes(decided)
          .feature("balance", known);
    }
  }

  private static JsonNode result(JsonNode results, String gate, String rule) {
    for (JsonNode r : results) {
      if (r.path("properties").path("gate").asText().equals(gate) && r.path("ruleId").asText().equals(rule)) {
        return r;
      }
    }
    throw new AssertionError("no result for " + gate + " under " + rule + " in " + text);
  }

  private static int lineOf(String file, String text) throws IOException {
    return lineOf(Path.of("dev/backtestgate/cli/workflow/fixtures/" + file), text);
  }

  private static int lineOf(Path file, String text) throws IOException {
    List<String> lines = Files.readAllLines(TEST_SOURCES.resolve(file));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError(text + " not in " + file);
  }
}
