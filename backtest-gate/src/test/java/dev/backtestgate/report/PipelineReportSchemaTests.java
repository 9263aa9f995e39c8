package dev.backtestgate.report;

import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertInvalid;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Mode;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineInput;
import dev.backtestgate.pipeline.PipelineRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a run with a pipeline: its {@code lift-attribution} and {@code lift-carrier} findings validate
 * against docs/schemas/report.schema.json, and a share outside [0, 1] does not.
 */
class PipelineReportSchemaTests {
  @TempDir Path repo;

  /** The score is the sum of the columns it is given: fitting learns nothing, so every refit reproduces it. */
  private static final Pipeline SUM = training -> rows -> {
    double[] out = new double[rows.rows()];
    for (int c = 0; c < rows.width(); c++) {
      double[] x = rows.column(c);
      for (int i = 0; i < out.length; i++) {
        out[i] += x[i];
      }
    }
    return out;
  };

  @Test
  void theAttributionAndTheCarrierAreSchemaValidAndAShareAboveOneIsNot() throws IOException {
    int rows = 1_000;
    Random random = new Random(13);
    double[][] train = new double[2][rows];
    boolean[] trainLabels = new boolean[rows];
    double[][] test = new double[2][rows];
    boolean[] testLabels = new boolean[rows];
    double[] baseline = new double[rows];
    for (int i = 0; i < rows; i++) {
      trainLabels[i] = random.nextBoolean();
      testLabels[i] = random.nextBoolean();
      for (int f = 0; f < 2; f++) {
        train[f][i] = (trainLabels[i] ? 1 : 0) + random.nextGaussian();
        test[f][i] = (testLabels[i] ? 1 : 0) + random.nextGaussian();
      }
      baseline[i] = test[0][i] + 0.01 * random.nextGaussian();   // the production model: 'a' alone
    }
    PipelineRows training = PipelineRows.builder().feature("a", train[0]).feature("b", train[1]).labels(trainLabels)
        .build();
    double[] candidate = SUM.fit(training).score(PipelineRows.builder().feature("a", test[0]).feature("b", test[1])
        .build());
    // tag::baseline-features[]
    BacktestRun run = BacktestRun.builder(ReportScenarios.GATE).labels(testLabels).candidate("a-and-b", candidate)
        .baseline("a-only", baseline, "a")   // the baseline's own features; JUnit: backtest.baseline(name, scores, "a")
        .decisionTimes(new long[rows]).timelessFeature("a", "test")
        .timelessFeature("b", "test").featureValues("a", test[0]).featureValues("b", test[1])
        .input(PipelineInput.of(SUM, training)).build();
    // end::baseline-features[]

    String json = Files.readString(new ReportScenarios(repo).publish(run, Mode.LOCAL).reportFile());
    assertValid(REPORT, json);
    ObjectNode report = (ObjectNode) new ObjectMapper().readTree(json);
    JsonNode carrier = null;
    for (JsonNode f : report.get("findings")) {
      if (f.get("kind").asText().equals("lift-carrier")) {
        carrier = f;
      }
    }
    assertThat(carrier).as("'b' carries the lift 'a-only' lacks").isNotNull();
    assertThat(carrier.get("subject").asText()).isEqualTo("b");
    ((ObjectNode) carrier.get("evidence")).put("share", 1.5);
    assertInvalid(REPORT, report.toString());
  }
}
