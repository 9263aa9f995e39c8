package dev.backtestgate.maven;

import dev.backtestgate.cli.workflow.GatedRunCheck;
import dev.backtestgate.cli.workflow.Versions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The CI recipes of docs/ci.md parse and publish the files the check goal writes. */
class CiRecipesTests {
  private static final Path DOC = Path.of(System.getProperty("basedir", "")).toAbsolutePath().getParent()
      .resolve("docs/ci.md");
  private static final Pattern BLOCK = Pattern.compile("```(yaml|groovy)\\n(.*?)```", Pattern.DOTALL);
  private static final String SARIF = "target/backtest-gate/" + GatedRunCheck.SARIF_FILE;
  private static final String COMMAND = "mvn -B verify -Dmaven.test.failure.ignore=true";
  private static final Map<String, String> BLOCKS = new LinkedHashMap<>();

  @BeforeAll
  static void read() throws IOException {
    Matcher m = BLOCK.matcher(Files.readString(DOC));
    while (m.find()) {
      String body = m.group(2);
      String firstLine = body.substring(0, body.indexOf('\n'));
      BLOCKS.put(firstLine.replaceFirst("^(#|//) ", ""), body);
    }
    assertThat(BLOCKS).containsOnlyKeys(".github/workflows/backtest-gate.yml", ".gitlab-ci.yml", "Jenkinsfile");
  }

  private static JsonNode yaml(String name) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readTree(BLOCKS.get(name));
  }

  @Test
  void gitHubUploadsTheSarifAndTheReportsEvenWhenTheBuildFails() throws IOException {
    JsonNode workflow = yaml(".github/workflows/backtest-gate.yml");
    assertThat(workflow.path("permissions").path("security-events").asText()).isEqualTo("write");
    List<JsonNode> steps = new ArrayList<>();
    workflow.path("jobs").path("build").path("steps").forEach(steps::add);
    assertThat(steps).anySatisfy(s -> assertThat(s.path("run").asText()).isEqualTo(COMMAND));
    assertThat(steps).anySatisfy(s -> {
      assertThat(s.path("uses").asText()).startsWith("github/codeql-action/upload-sarif@");
      assertThat(s.path("if").asText()).isEqualTo("always()");
      assertThat(s.path("with").path("sarif_file").asText()).isEqualTo(SARIF);
    });
    assertThat(steps).anySatisfy(s -> {
      assertThat(s.path("uses").asText()).startsWith("actions/upload-artifact@");
      assertThat(s.path("if").asText()).isEqualTo("always()");
      assertThat(s.path("with").path("path").asText()).contains("**/target/backtest-gate/");
    });
  }

  @Test
  void gitLabKeepsTheReportsAsAnArtifact() throws IOException {
    JsonNode job = yaml(".gitlab-ci.yml").path("build");
    assertThat(job.path("script").get(0).asText()).isEqualTo(COMMAND);
    JsonNode artifacts = job.path("artifacts");
    assertThat(artifacts.path("when").asText()).isEqualTo("always");
    assertThat(artifacts.path("paths").get(0).asText()).isEqualTo("target/backtest-gate/");
    assertThat(artifacts.path("reports").path("junit").asText()).isEqualTo("target/surefire-reports/TEST-*.xml");
  }

  @Test
  void jenkinsArchivesTheReportsAndRecordsTheSarif() {
    String jenkinsfile = BLOCKS.get("Jenkinsfile");
    assertThat(jenkinsfile).contains("sh '" + COMMAND + "'")
        .contains("archiveArtifacts artifacts: '**/target/backtest-gate/**'")
        .contains("sarif(pattern: '**/" + SARIF + "')")
        .contains("junit testResults: '**/target/surefire-reports/TEST-*.xml'");
    assertThat(jenkinsfile.chars().filter(c -> c == '{').count())
        .isEqualTo(jenkinsfile.chars().filter(c -> c == '}').count());
  }
}
