package dev.backtestgate.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.backtestgate.maven.fixtures.DirectFixture;
import dev.backtestgate.maven.fixtures.InheritedFixture;
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
  private static final String P = "dev.backtestgate.maven.fixtures.";

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
    // DirectFixture#gbm and #custom and InheritedFixture#inherited fail (lift, perfect AUC); MetaFixture did not run
    assertThat(results).hasSize(4);
    JsonNode gbm = result(results, P + "DirectFixture#gbm");
    assertThat(gbm.path("ruleId").asText()).isEqualTo("lift");
    assertThat(gbm.path("message").path("text").asText())
        .startsWith("Leakage gate FAILED: " + P + "DirectFixture#gbm: AUC lift +")
        .contains("is above the 0.050 limit; Candidate cand has an AUC of 1.000; no leakage review covers it");
    JsonNode location = gbm.path("locations").get(0).path("physicalLocation");
    assertThat(location.path("artifactLocation").path("uri").asText())
        .isEqualTo("src/test/java/dev/backtestgate/maven/fixtures/DirectFixture.java");
    assertThat(location.path("artifactLocation").path("uriBaseId").asText()).isEqualTo("SRCROOT");
    assertThat(location.path("region").path("startLine").asInt())
        .isEqualTo(lineOf("DirectFixture.java", "void gbm(Backtest backtest)"));
    assertThat(gbm.path("properties").path("report").asText()).endsWith("DirectFixture#gbm.json");
    assertThat(gbm.path("relatedLocations").get(0).path("physicalLocation").path("artifactLocation").path("uri")
        .asText()).endsWith("DirectFixture%23gbm.json");

    JsonNode inherited = result(results, P + "InheritedFixture#inherited");
    JsonNode base = inherited.path("locations").get(0).path("physicalLocation");
    assertThat(base.path("artifactLocation").path("uri").asText())
        .isEqualTo("src/test/java/dev/backtestgate/maven/fixtures/BaseFixture.java");
    assertThat(base.path("region").path("startLine").asInt())
        .isEqualTo(lineOf("BaseFixture.java", "void inherited(Backtest backtest)"));

    JsonNode notRun = result(results, "composed");
    assertThat(notRun.path("ruleId").asText()).isEqualTo("not-run");
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

  private static JsonNode result(JsonNode results, String gate) {
    for (JsonNode r : results) {
      if (r.path("properties").path("gate").asText().equals(gate)) {
        return r;
      }
    }
    throw new AssertionError("no result for " + gate + " in " + text);
  }

  private static int lineOf(String file, String text) throws IOException {
    List<String> lines = Files.readAllLines(TEST_SOURCES.resolve("dev/backtestgate/maven/fixtures/" + file));
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i + 1;
      }
    }
    throw new AssertionError(text + " not in " + file);
  }
}
