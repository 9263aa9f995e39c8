package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.trials.TrialsSettings;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A grants audit inside a gated run: an offending role fails the gate, a clean audit adds nothing. */
class HistoryWritersTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);

  @TempDir Path repo;

  private static GrantsReport report(boolean etlMayWrite) {
    return new GrantsReport(List.of("statements"), "history_break_glass", List.of(
        new GrantsReport.Holder("statements", "history_break_glass", "UPDATE", GrantsReport.Source.DIRECT, "", true),
        new GrantsReport.Holder("statements", "risk_etl", "UPDATE", GrantsReport.Source.VIA_ROLE, "etl_writers",
            !etlMayWrite)));
  }

  private static BacktestRun run(GrantsReport grants) {
    int n = 200;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] decided = new long[n];
    java.util.Random random = new java.util.Random(7);
    for (int i = 0; i < n; i++) {
      labels[i] = i % 3 == 0;
      candidate[i] = (labels[i] ? 0.3 : 0) + random.nextDouble();
      baseline[i] = (labels[i] ? 0.28 : 0) + random.nextDouble();
      decided[i] = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() + i * 3_600_000L;
    }
    return BacktestRun.builder("com.acme.StatementsBacktest#scorecard").labels(labels).candidate("c", candidate)
        .baseline("b", baseline).decisionTimes(decided).timelessFeature("region", "static")
        .check(HistoryWriters.check(grants)).build();
  }

  @Test
  void aRoleThatCanRewriteHistoryFailsTheGateNamingTheRoleAndTheFix() throws Exception {
    ReviewStore store = ReviewStore.directory(repo.resolve("leakage-reviews"));
    BacktestRun run = run(report(true));
    GatePolicy policy = GatePolicy.defaults().withMode(Mode.VERIFY)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(repo.resolve(TrialsSettings.DEFAULT_LEDGER))));
    GateResult result = BacktestGate.evaluate(run, policy, store, CLOCK);
    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.unresolved()).singleElement().satisfies(f -> {
      assertThat(f.kind()).isEqualTo("history-writers");
      assertThat(f.subject()).isEqualTo("statements");
      assertThat(f.resolution()).isEqualTo(Finding.Resolution.FIX);
    });
    PublishedGate g = GateReporter.publish(run, result, new ReportFiles(repo.resolve("target/backtest-gate")), store);
    assertThat(g.text()).contains("Roles risk_etl can UPDATE, DELETE or TRUNCATE statements in place",
        "risk_etl can UPDATE statements (through membership of role etl_writers)",
        "A sign-off cannot cover this.",
        "REVOKE UPDATE, DELETE, TRUNCATE ON statements FROM etl_writers");
    assertThat(Files.readString(g.reportFile())).contains("\"kind\": \"history-writers\"", "\"role\": \"risk_etl\"");
  }

  @Test
  void aCleanAuditAddsNoFinding() {
    GateResult result = BacktestGate.evaluate(run(report(false)), GatePolicy.defaults().withMode(Mode.VERIFY),
        ReviewStore.directory(repo.resolve("leakage-reviews")), CLOCK);
    assertThat(result.findings()).isEmpty();
    assertThat(result.verdict()).isEqualTo(Verdict.PASSED);
  }
}
