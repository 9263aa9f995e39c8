package dev.backtestgate.report;

import static dev.backtestgate.SchemaAssertions.CLAIM;
import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Mode;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.internal.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every JSON report embeds the evaluation's claim, byte for byte what ClaimJson writes. */
class ReportClaimTests {
  @TempDir Path repo;

  @Test
  void theReportEmbedsTheClaimOfItsRun() throws IOException {
    ReportScenarios scenarios = new ReportScenarios(repo);
    BacktestRun run = ReportScenarios.leaky(ReportScenarios.GATE);

    PublishedGate gate = scenarios.publish(run, Mode.LOCAL);

    String report = Files.readString(gate.reportFile());
    assertValid(REPORT, report);
    JsonNode claim = new ObjectMapper().readTree(report).get("claim");
    String text = CanonicalJson.write(claim);
    assertValid(CLAIM, text);
    Claim read = ClaimJson.parse(text, "report");
    assertThat(text).isEqualTo(ClaimJson.write(Claim.of(gate.result(), run).withTrials(read.trials())));
    assertThat(read.variances()).isNotNull();
    assertThat(read.trials().recorded()).as("the report's claim records what the trials ledger counted").isTrue();
  }
}
