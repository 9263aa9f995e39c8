package dev.backtestgate.trials;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.PublishedGate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The done-when case through the gate and its reporter: a suite that tries 30 honest-looking variants on one
 * window sees {@code many-trials} on the best of them, with the count, the expected best z and the deflated p; a
 * genuinely better model still passes. And every report says where the trials are counted, or that they are not.
 */
class TrialsGateTests {
  @TempDir
  Path dir;
  private TrialsWindow window;

  @BeforeEach
  void window() {
    window = new TrialsWindow(dir);
  }

  @Test
  void thirtyHonestLookingVariantsOnOneWindowLeaveTheBestOneWithManyTrialsAndABetterModelPasses() throws IOException {
    GatePolicy policy = GatePolicy.defaults().withMode(Mode.VERIFY)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(dir.resolve("l"))));
    BacktestRun best = window.bestOfThirty(policy);
    PublishedGate rerun = window.publish(best, policy);   // the team picks the best and runs its gate again: no new trial
    assertThat(rerun.result().comparison().z()).as("the best variant looks significant on its own")
        .isGreaterThan(1.96);
    ManyTrialsFinding many = rerun.result().findings().stream().filter(ManyTrialsFinding.class::isInstance)
        .map(ManyTrialsFinding.class::cast).findFirst().orElseThrow(() -> new AssertionError(rerun.text()));
    Deflation d = many.deflation();
    assertThat(d.trials()).isEqualTo(30);
    assertThat(d.expectedBestZ()).isGreaterThan(1.0);
    assertThat(d.deflatedP()).isGreaterThan(0.05);
    assertThat(rerun.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(rerun.text()).contains("30 distinct candidates were scored on these rows")
        .contains(String.format("Expected best z of 30 candidates with no real lift: %.2f", d.expectedBestZ()))
        .contains(String.format("deflated p %.3f", d.deflatedP()))
        .contains("Next: confirm the lift on decisions no trial has scored (a later window")
        .contains("sign off knowing that 30 candidates were tried on these rows");

    assertThat(many.trialZs()).hasSize(30);
    assertThat(many.trialZs().get(many.thisRun())).isEqualTo(d.z());
    String page = Files.readString(rerun.htmlFile());
    assertThat(page).contains("id=\"trials-plot\"").contains("id=\"trials-best-of-n\"")
        .contains(String.format("best of 30 %.2f", d.expectedBestZ())).contains("(this run): z 3.01");
    assertThat(page.split("<g class=\"trial", -1)).hasSize(31);

    PublishedGate real = window.publish(window.run("better", window.better()), policy);
    assertThat(real.result().comparison().lift()).isBetween(0.02, 0.05);
    assertThat(real.result().findings()).as(real.text()).noneMatch(ManyTrialsFinding.class::isInstance);
    assertThat(real.result().verdict()).as(real.text()).isEqualTo(Verdict.PASSED);
  }

  @Test
  void everyReportSaysWhereTheTrialsAreCountedOrThatTheyAreNot() throws IOException {
    Path ledger = dir.resolve("ledger");
    PublishedGate counted = window.publish(window.run("v", window.variant()),
        GatePolicy.defaults().withMode(Mode.VERIFY).with(TrialsSettings.DEFAULTS.withLedger(Optional.of(ledger))));
    JsonNode json = new ObjectMapper().readTree(Files.readString(counted.reportFile()));
    assertThat(json.path("trials").path("ledger").asText()).isEqualTo(ledger.toAbsolutePath().toString());
    assertThat(json.path("trials").path("recorded").asBoolean()).isTrue();
    assertThat(json.path("policy").path("settings").path("backtestgate.ledger").asText()).isEqualTo(ledger.toString());
    assertThat(counted.text()).contains("Trials: recorded in the trials ledger " + ledger.toAbsolutePath());
    assertThat(Files.readString(counted.htmlFile())).contains("Trials ledger")
        .contains("recorded in the trials ledger " + ledger.toAbsolutePath());

    PublishedGate off = window.publish(window.run("w", window.variant()),
        GatePolicy.defaults().withMode(Mode.VERIFY).with(TrialsSettings.off()));
    JsonNode offJson = new ObjectMapper().readTree(Files.readString(off.reportFile()));
    assertThat(offJson.path("trials").path("ledger").isNull()).isTrue();
    assertThat(offJson.path("trials").path("recorded").asBoolean()).isFalse();
    assertThat(offJson.path("policy").path("settings").path("backtestgate.ledger").asText()).isEqualTo("off");
    assertThat(off.text()).contains("Trials: not counted (backtestgate.ledger=off)");
    assertThat(Files.readString(off.htmlFile())).contains("not counted (backtestgate.ledger=off)");
  }
}
