package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertInvalid;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Mode;
import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every report the code writes validates against docs/schemas/report.schema.json, whatever its findings. */
class ReportSchemaTests {
  @TempDir Path repo;

  @Test
  void everyKindOfReportIsSchemaValid() throws IOException {
    ReportScenarios scenarios = new ReportScenarios(repo);
    String gate = ReportScenarios.GATE;
    EventLog.NumericBuilder clean = EventLog.numericBuilder("balances");
    EventLog.NumericBuilder edited = EventLog.numericBuilder("balances");
    long day = 86_400_000L;
    long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    for (int i = 0; i < 60; i++) {
      clean.add(i % 3, start + i * day, start + i * day, i);
      edited.add(i % 3, start + i * day, i == 5 ? start + 200 * day : start + i * day, i == 5 ? -1 : i);
    }
    HistoryManifest manifest = HistoryManifest.of(clean.build(), PartitionGranularity.DAY,
        Instant.ofEpochMilli(start + 40 * day));
    List<BacktestRun> runs = List.of(
        ReportScenarios.passing(gate),
        ReportScenarios.leaky(gate),
        ReportScenarios.lateStatus(gate),
        run(gate, data(1, 2_000, 1.0, 0.95)).input(HistoryCheck.compare(manifest, edited.build()))
            .input(LateWriteDetector.withDefaults().detect(edited.build())).build(),
        run(gate, data(1, 2_000, 1.0, 0.95)).check(CustomCheckTests.THIN_SEGMENTS).build());
    for (BacktestRun run : runs) {
      for (Mode mode : List.of(Mode.LOCAL, Mode.VERIFY)) {
        assertValid(REPORT, Files.readString(scenarios.publish(run, mode).reportFile()));
      }
    }
  }

  @Test
  void theReportRecordsTheDecisionWindowAndTheDeclaredHistoryTables() throws IOException {
    ReportScenarios scenarios = new ReportScenarios(repo);
    EventLog.NumericBuilder log = EventLog.numericBuilder("balances");
    long day = 86_400_000L;
    long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    for (int i = 0; i < 60; i++) {
      log.add(i % 3, start + i * day, start + i * day, i);
    }
    HistoryManifest manifest = HistoryManifest.of(log.build(), PartitionGranularity.MONTH,
        Instant.ofEpochMilli(start + 40 * day));
    BacktestRun run = run(ReportScenarios.GATE, data(1, 2_000, 1.0, 0.95))
        .input(HistoryCheck.compare(manifest, log.build())).build();
    String json = Files.readString(scenarios.publish(run, Mode.LOCAL).reportFile());
    assertValid(REPORT, json);
    com.fasterxml.jackson.databind.JsonNode data = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json)
        .path("run").path("data");
    long[] times = run.decisionTimes();
    assertThat(data.path("earliestDecision").asText())
        .isEqualTo(Instant.ofEpochMilli(java.util.Arrays.stream(times).min().orElseThrow()).toString());
    assertThat(data.path("latestDecision").asText())
        .isEqualTo(Instant.ofEpochMilli(java.util.Arrays.stream(times).max().orElseThrow()).toString());
    assertThat(data.path("historyTables")).hasSize(1);
    assertThat(data.path("historyTables").get(0).path("table").asText()).isEqualTo("balances");
    assertThat(data.path("historyTables").get(0).path("granularity").asText()).isEqualTo("month");
    assertThat(data.path("historyTables").get(0).path("firstPartition").asText())
        .isEqualTo(data.path("earliestDecision").asText().substring(0, 7));
    assertInvalid(REPORT, json.replace("\"granularity\": \"month\"", "\"granularity\": \"week\""));
  }

  @Test
  void theSchemaRejectsAReportWithAClassNameForAKind() throws IOException {
    ReportScenarios scenarios = new ReportScenarios(repo);
    String json = Files.readString(scenarios.publish(ReportScenarios.leaky(ReportScenarios.GATE), Mode.LOCAL)
        .reportFile());
    assertInvalid(REPORT, json.replace("\"kind\": \"lift\"", "\"kind\": \"LiftAboveLimit\""));
    assertInvalid(REPORT, json.replace("\"schema\": 2", "\"schema\": 1"));
  }
}
