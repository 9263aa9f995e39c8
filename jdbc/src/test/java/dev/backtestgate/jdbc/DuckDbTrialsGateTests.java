package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.trials.ManyTrialsFinding;
import dev.backtestgate.trials.TrialKey;
import dev.backtestgate.trials.TrialsChecks;
import dev.backtestgate.trials.TrialsSettings;
import dev.backtestgate.trials.TrialsUncounted;
import dev.backtestgate.trials.TrialsWindow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trials tests' done-when case with {@code backtestgate.ledger=jdbc:duckdb:<file>}: 30 variants with no real lift
 * on one window leave the best with {@code many-trials}, as with the directory store, and a better model passes; an
 * unreachable database is a warning, or {@code check-failed} when the ledger is required.
 */
class DuckDbTrialsGateTests {
  @TempDir
  Path dir;

  @Test
  void thirtyVariantsCountedInADuckDbFileLeaveTheBestWithManyTrials() throws IOException {
    String url = "jdbc:duckdb:" + dir.resolve("trials.duckdb");
    GatePolicy policy = TrialsChecks.LEDGER.applyTo(GatePolicy.defaults().withMode(Mode.VERIFY), url,
        "the test");
    TrialsWindow window = new TrialsWindow(dir);
    BacktestRun best = window.bestOfThirty(policy);
    PublishedGate rerun = window.publish(best, policy);
    ManyTrialsFinding many = rerun.result().findings().stream().filter(ManyTrialsFinding.class::isInstance)
        .map(ManyTrialsFinding.class::cast).findFirst().orElseThrow(() -> new AssertionError(rerun.text()));
    assertThat(many.deflation().trials()).isEqualTo(30);
    assertThat(rerun.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(rerun.text()).contains("30 distinct candidates were scored on these rows")
        .contains("Trials: recorded in the trials ledger " + url + ".");
    JsonNode json = new ObjectMapper().readTree(Files.readString(rerun.reportFile()));
    assertThat(json.path("trials").path("ledger").asText()).isEqualTo(url);
    assertThat(json.path("policy").path("settings").path("backtestgate.ledger").asText()).isEqualTo(url);
    assertThat(JdbcTrialLedgers.ledger(url, TrialsSettings.DEFAULT_LEDGER_TABLE).read(TrialKey.of(best).testSet())
        .entries()).hasSize(31);   // every evaluation is an entry; the re-run adds no trial

    PublishedGate real = window.publish(window.run("better", window.better()), policy);
    assertThat(real.result().findings()).as(real.text()).noneMatch(ManyTrialsFinding.class::isInstance);
    assertThat(real.result().verdict()).as(real.text()).isEqualTo(Verdict.PASSED);
  }

  @Test
  void anUnreachableDatabaseIsAWarningOrWhenRequiredCheckFailedAndTheReportHidesThePassword() throws IOException {
    String url = "jdbc:postgresql://127.0.0.1:1/trials?user=ci&password=s3cret&connectTimeout=2";
    String shown = "jdbc:postgresql://127.0.0.1:1/trials?user=ci&password=***&connectTimeout=2";
    TrialsWindow window = new TrialsWindow(dir);
    BacktestRun run = window.run("v", window.variant());
    GatePolicy policy = GatePolicy.defaults().withMode(Mode.VERIFY).with(TrialsSettings.DEFAULTS
        .withLedgerAt(Optional.of(url)));
    PublishedGate warned = window.publish(run, policy);
    assertThat(warned.result().findings()).filteredOn(TrialsUncounted.class::isInstance).singleElement()
        .extracting(f -> ((TrialsUncounted) f).why()).asString().contains("the database " + shown
            + " cannot be used as the trials ledger");
    assertThat(warned.result().verdict()).isEqualTo(Verdict.PASSED);
    assertThat(warned.text()).contains("Trials: this evaluation was not recorded in the trials ledger " + shown)
        .doesNotContain("s3cret");
    assertThat(Files.readString(warned.reportFile())).doesNotContain("s3cret");
    assertThat(Files.readString(warned.htmlFile())).doesNotContain("s3cret");

    PublishedGate failed = window.publish(run, policy.with(TrialsSettings.DEFAULTS.withLedgerAt(Optional.of(url))
        .withRequired(true)));
    assertThat(failed.result().findings()).filteredOn(Finding.CheckFailed.class::isInstance).singleElement()
        .extracting(f -> ((Finding.CheckFailed) f).reason()).asString().contains(shown)
        .contains("backtestgate.ledger-required=true");
    assertThat(failed.result().verdict()).isEqualTo(Verdict.FAILED);
  }
}
