package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.cli.workflow.fixtures.DirectFixture;
import dev.backtestgate.cli.workflow.fixtures.HistoryFixture;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.opentest4j.AssertionFailedError;

/**
 * accept-history on the reports of real gated runs: it names the backtests that declare the rewritten table and read
 * a rewritten partition, voids their sign-offs, the gate then finds them stale with the rewrite's reason, pending
 * lists them, and a new review covers again.
 */
class BlastRadiusTests {
  private static final String P = "dev.backtestgate.cli.workflow.fixtures.";
  private static final String READER = P + "HistoryFixture#reader";
  private static final String EARLY = P + "HistoryFixture#early";
  private static final String OTHER = P + "DirectFixture#gbm";
  private static final LocalDate TODAY = LocalDate.now(Clock.systemUTC());
  private static final String RECORD = "history/statements.changes/" + TODAY + "-DATA-1234.json";
  private static final String REASON = "history of statements rewritten in 2026-01-01, 2026-01-02, see " + RECORD;

  @TempDir Path module;
  Path reports;
  Path reviews;
  ReviewActions actions;

  @BeforeEach
  void signedOffGatesThatDeclareTheTable() throws Refusal {
    reports = module.resolve("target/backtest-gate");
    reviews = module.resolve("leakage-reviews");
    actions = new ReviewActions(module, module, reports, reviews, TODAY);
    runGates("local");
    actions.decide(new ReviewActions.Request("*Fixture#*", "ana@example.com", "the lift is the new bureau data",
        "all", "+30d", true), true);
    assertThat(runGates("verify")).isEmpty();
  }

  /** Runs the three gates; the failure messages of those that failed. */
  private List<String> runGates(String mode) {
    return EngineTestKit.engine("junit-jupiter")
        .selectors(selectClass(HistoryFixture.class),
            selectMethod(DirectFixture.class, "gbm", "dev.backtestgate.junit.Backtest"))
        .configurationParameter("backtestgate.report-dir", reports.toString())
        .configurationParameter("backtestgate.review-dir", reviews.toString())
        .configurationParameter("backtestgate.mode", mode)
        .execute().testEvents().failed().stream()
        .map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow().getThrowable()
            .orElseThrow())
        .map(t -> (t instanceof AssertionFailedError ? "" : t.getClass().getName() + ": ") + t.getMessage())
        .toList();
  }

  private void proposeRewrite() throws IOException {
    EventLog rewritten = EventLog.numericBuilder("statements")
        .add(1, Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T01:00:00Z"), 11.0)
        .add(2, Instant.parse("2026-01-02T00:00:00Z"), Instant.parse("2026-01-02T01:00:00Z"), 21.0)
        .build();
    HistoryManifest.of(rewritten, PartitionGranularity.DAY, Instant.parse("2026-02-01T00:00:00Z"))
        .writeProposed(reports, Path.of("history/statements.json"));
  }

  private List<String> accept() throws Refusal {
    return actions.acceptHistory(new HistoryChange.Request("statements.json", "history/statements.json",
        "bo@example.com", "DATA-1234", "status codes normalized in place", "true", null));
  }

  private JsonNode report(String gate) throws IOException {
    return new ObjectMapper().readTree(reports.resolve(gate + ".json").toFile());
  }

  @Test
  void acceptHistoryNamesTheSuspectsAndVoidsTheirSignOffs() throws IOException, Refusal {
    proposeRewrite();
    List<String> out = accept();
    String text = String.join("\n", out);
    assertThat(text).contains("Blast radius: 1 gated backtest declares statements and read rewritten partitions:\n"
        + "  " + READER + "\n"
        + "    report: " + reports.resolve(READER + ".json") + "\n"
        + "    rewritten partitions it read: 2026-01-01, 2026-01-02\n"
        + "    sign-off: leakage-reviews/" + READER + ".json VOID: " + REASON);
    assertThat(text).as("decided in 2025 only, before the rewritten partitions").doesNotContain(EARLY)
        .as("does not declare the table").doesNotContain(OTHER);
    Path voidFile = reviews.resolve("voided/" + TODAY + "-DATA-1234.json");
    assertThat(text).contains("Voided 1 sign-off in leakage-reviews/voided/" + TODAY + "-DATA-1234.json: \""
        + REASON + "\".");
    assertThat(out.get(out.size() - 1)).contains("'leakage-reviews/voided/" + TODAY + "-DATA-1234.json'",
        "'" + RECORD + "'", "'history/statements.json'");
    JsonNode record = new ObjectMapper().readTree(voidFile.toFile());
    assertThat(record.path("reason").asText()).isEqualTo(REASON);
    assertThat(record.path("signOffs")).hasSize(1);
    assertThat(record.path("signOffs").get(0).path("gate").asText()).isEqualTo(READER);
    assertThat(new ObjectMapper().readTree(module.resolve(RECORD).toFile()).path("voidRecord").asText())
        .isEqualTo("leakage-reviews/voided/" + TODAY + "-DATA-1234.json");

    List<String> failures = runGates("verify");
    assertThat(failures).hasSize(1);
    assertThat(failures.get(0)).contains(READER)
        .contains("The leakage review " + reviews.resolve(READER + ".json") + " is stale: " + REASON
            + " (void record " + voidFile + ")")
        .contains("sign-off -Dgate='" + READER + "'");
    assertThat(report(READER).path("signOff").path("status").asText()).isEqualTo("voided");
    assertThat(report(READER).path("signOff").path("reason").asText()).isEqualTo(REASON);
    assertThat(report(EARLY).path("verdict").asText()).isEqualTo("PASSED_WITH_SIGN_OFF");

    String pending = String.join("\n", actions.pending());
    assertThat(pending).contains("1 sign-off voided by a rewrite of history (stale: no longer covering until "
        + "reviewed again) under " + reviews + ":\n"
        + "  " + READER + "\n"
        + "    sign-off: " + reviews.resolve(READER + ".json") + "\n"
        + "    stale: " + REASON + "\n"
        + "    void record: " + voidFile);
    assertThatThrownBy(() -> actions.renew(new ReviewActions.Request(READER, "ana", null, "all", "+30d", false)))
        .hasMessageContaining(READER + ": the review is void (" + REASON);

    runGates("local");
    actions.decide(new ReviewActions.Request(READER, "ana@example.com", "reviewed on the rewritten history", "all",
        "+30d", true), true);
    assertThat(runGates("verify")).as("a new review covers again").isEmpty();
    assertThat(report(READER).path("verdict").asText()).isEqualTo("PASSED_WITH_SIGN_OFF");
    assertThat(actions.pending()).noneMatch(line -> line.contains("voided"));
  }

  @Test
  void withoutReportsAcceptHistoryRefusesInsteadOfClaimingNoSuspects() throws IOException {
    proposeRewrite();
    try (var files = Files.list(reports)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
        Files.delete(f);
      }
    }
    assertThatThrownBy(this::accept)
        .hasMessageStartingWith("accept-history refused, nothing was written: no gate report under " + reports
            + ", so the backtests this rewrite reaches cannot be named")
        .hasMessageContaining("Run the gated backtests first (mvn verify");
    assertThat(module.resolve("history")).doesNotExist();
    assertThat(reviews.resolve("voided")).doesNotExist();
  }

  @Test
  void aMalformedVoidRecordFailsEveryCoveredGateAndPendingNamesIt() throws IOException, Refusal {
    proposeRewrite();
    accept();
    Path voidFile = reviews.resolve("voided/" + TODAY + "-DATA-1234.json");
    Files.writeString(voidFile, Files.readString(voidFile).replace("\"reason\"", "\"reasons\""));
    List<String> failures = runGates("verify");
    assertThat(failures).hasSize(3).allSatisfy(f -> assertThat(f).contains("The leakage review " + voidFile
        + " cannot be read: at $.reasons, unknown field"));
    assertThat(String.join("\n", actions.pending())).contains("Unreadable void records (until each is fixed, no "
        + "sign-off covers its gate: the gates fail closed):\n  " + voidFile + " is malformed at $.reasons");
  }

  @Test
  void aRewriteNoBacktestReadVoidsNothingAndSaysSo() throws IOException, Refusal {
    EventLog later = EventLog.numericBuilder("statements")
        .add(1, Instant.parse("2027-03-01T00:00:00Z"), Instant.parse("2027-03-01T01:00:00Z"), 1.0).build();
    HistoryManifest.of(later, PartitionGranularity.DAY, Instant.parse("2027-04-01T00:00:00Z"))
        .writeProposed(reports, Path.of("history/statements.json"));
    List<String> out = accept();
    assertThat(out).contains("Blast radius: none of the 3 gated backtests with a report under " + reports
        + " declares statements with decisions at or after a rewritten partition; no sign-off voided.");
    assertThat(reviews.resolve("voided")).doesNotExist();
    assertThat(runGates("verify")).isEmpty();
  }
}
