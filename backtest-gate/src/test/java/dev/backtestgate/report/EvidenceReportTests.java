package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gate judged on evidence goes through the same reporting and review workflow as a run: the same console text,
 * a schema-valid report, a pending sign-off in local mode, and a committed sign-off that covers it; only the page
 * says why it draws no ROC curve.
 */
class EvidenceReportTests {
  @TempDir Path repo;

  @Test
  void evidenceIsReportedReviewedAndSignedOffLikeItsRun() throws IOException {
    ReportScenarios scenarios = new ReportScenarios(repo);
    BacktestRun run = ReportScenarios.leaky(ReportScenarios.GATE);
    GatePolicy local = GatePolicy.defaults().withMode(Mode.LOCAL);
    GateEvidence evidence = GateEvidence.of(run, local);

    PublishedGate fromEvidence = GateReporter.publish(evidence,
        BacktestGate.evaluate(evidence, local, scenarios.store, CLOCK), scenarios.files, scenarios.store);
    String page = Files.readString(fromEvidence.htmlFile());
    String report = Files.readString(fromEvidence.reportFile());
    String pending = Files.readString(fromEvidence.pendingFile());
    PublishedGate fromRun = scenarios.publish(run, Mode.LOCAL);

    assertThat(fromEvidence.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(fromEvidence.text()).isEqualTo(fromRun.text());
    // the same report, but for the claim's DeLong variances, which evidence does not carry
    assertThat(report).contains("\"variances\": null")
        .isEqualTo(withoutClaimVariances(Files.readString(fromRun.reportFile())));
    assertThat(pending).contains("\"variances\": null")   // the pending file embeds the report's claim
        .isEqualTo(withoutClaimVariances(Files.readString(fromRun.pendingFile())));
    assertValid(REPORT, report);
    assertThat(page).contains("No ROC curve is drawn: this run was judged on evidence computed where its rows live "
        + "(3,000 rows)");

    scenarios.approve(fromEvidence, List.of());
    GateResult signedOff = BacktestGate.evaluate(evidence, local, scenarios.store, CLOCK);

    assertThat(signedOff.verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(BacktestGate.evaluate(run, local, scenarios.store, CLOCK).verdict())
        .isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
  }

  @Test
  void aScreenedFeatureIsReportedFromEvidenceAsFromItsRun() throws IOException {
    ReportScenarios scenarios = new ReportScenarios(repo);
    dev.backtestgate.GateFixtures.Data d = dev.backtestgate.GateFixtures.data(3, 1_000, 1.0, 0.95);
    double[] proxy = new double[d.labels().length];
    for (int i = 0; i < proxy.length; i++) {
      proxy[i] = d.labels()[i] ? 1 + i % 7 : -(i % 5);
    }
    BacktestRun run = dev.backtestgate.GateFixtures.run(ReportScenarios.GATE, d).featureValues("balance", proxy)
        .build();
    GatePolicy verify = GatePolicy.defaults().withMode(Mode.VERIFY);
    GateEvidence evidence = GateEvidence.of(run, verify);

    PublishedGate fromEvidence = GateReporter.publish(evidence,
        BacktestGate.evaluate(evidence, verify, scenarios.store, CLOCK), scenarios.files, scenarios.store);
    String page = Files.readString(fromEvidence.htmlFile());
    String report = Files.readString(fromEvidence.reportFile());
    PublishedGate fromRun = scenarios.publish(run, Mode.VERIFY); // the same files, rewritten

    assertThat(fromEvidence.result().unresolved()).extracting(dev.backtestgate.Finding::kind)
        .containsExactly("feature-label");
    assertThat(fromEvidence.text()).isEqualTo(fromRun.text());
    assertThat(report).isEqualTo(withoutClaimVariances(Files.readString(fromRun.reportFile())));
    assertThat(page).contains("id=\"feature-label-table\"").contains("No ROC curve is drawn");
  }

  /**
   * A run's report (or pending sign-off) as evidence writes it: the claim without its DeLong variances and feature
   * summaries.
   */
  private static String withoutClaimVariances(String report) {
    return report.replaceAll("(?s)(\n    \"variances\": )\\{.*?\\}", "$1null")
        .replaceAll("(?s)(\n    \"featureValues\": )\\[.*?\n    \\]", "$1[]");
  }
}
