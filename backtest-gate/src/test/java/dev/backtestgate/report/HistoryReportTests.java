package dev.backtestgate.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table's history report: its outcome, its findings as the gate writes them, apart from the gates' reports. */
class HistoryReportTests {
  private static final Instant READ = Instant.parse("2026-12-05T10:00:00Z");

  @TempDir
  Path dir;

  @Test
  void aCleanHistoryIsACleanReportBesideNoGate() throws IOException {
    HistoryReport.Written w = HistoryReport.write(new ReportFiles(dir), "delta:/lake/status", "versions 0 to 3", READ,
        List.of(), List.of());

    assertThat(w.json().getParent()).isEqualTo(dir.resolve("table-history"));
    assertThat(w.html()).hasFileName(w.json().getFileName().toString().replace(".json", ".html"));
    JsonNode json = new ObjectMapper().readTree(w.json().toFile());
    assertThat(json.get("report").asText()).isEqualTo("table-history");
    assertThat(json.get("outcome").asText()).isEqualTo("clean");
    assertThat(json.get("findings")).isEmpty();
    assertThat(Files.readString(w.html())).contains("class=\"banner passed\"", "data-outcome=\"clean\"",
        "No closed partition was rewritten");
    try (var top = Files.list(dir)) {
      assertThat(top).as("nothing beside the gates' reports").containsExactly(dir.resolve("table-history"));
    }
  }

  @Test
  void aPartThatCouldNotBeReadIsNotChecked() throws IOException {
    Finding failed = new Finding.CheckFailed("history of delta:/lake/status", "the log no longer holds version 0");
    HistoryReport.Written w = HistoryReport.write(new ReportFiles(dir), "delta:/lake/status", "versions 5 to 9", READ,
        List.of(failed), List.of("A note the reader could not see past."));

    JsonNode json = new ObjectMapper().readTree(w.json().toFile());
    assertThat(json.get("outcome").asText()).isEqualTo("not-checked");
    assertThat(json.get("findings").get(0).get("kind").asText()).isEqualTo("check-failed");
    assertThat(json.get("findings").get(0).get("unresolved").asBoolean()).isTrue();
    assertThat(json.get("notes").get(0).asText()).isEqualTo("A note the reader could not see past.");
    assertThat(Files.readString(w.html())).contains("class=\"banner failed\"", "NOT CHECKED",
        "data-kind=\"check-failed\"", "the log no longer holds version 0", "What this reading cannot see");
  }
}
