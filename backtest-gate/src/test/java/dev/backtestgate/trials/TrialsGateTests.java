package dev.backtestgate.trials;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The done-when case through the gate and its reporter: a suite that tries 30 honest-looking variants on one
 * window sees {@code many-trials} on the best of them, with the count, the expected best z and the deflated p; a
 * genuinely better model still passes. And every report says where the trials are counted, or that they are not.
 */
class TrialsGateTests {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-07T09:00:00Z"), ZoneOffset.UTC);
  private static final long START = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  private static final int ROWS = 10_000;
  /** A window where the best of the 30 variants reaches z 3.0 by chance (most seeds leave it below 1.96). */
  private static final long SEED = 58L;

  @TempDir
  Path dir;
  private ReportFiles files;
  private ReviewStore reviews;
  private final boolean[] labels = new boolean[ROWS];
  private final double[] signal = new double[ROWS];
  private final double[] baseline = new double[ROWS];
  private final double[] shared = new double[ROWS];
  private final long[] decided = new long[ROWS];
  private final long[] known = new long[ROWS];
  private final Random random = new Random(SEED);

  @BeforeEach
  void window() {
    files = new ReportFiles(dir.resolve("reports"));
    reviews = ReviewStore.directory(dir.resolve("leakage-reviews"));
    for (int i = 0; i < ROWS; i++) {
      labels[i] = random.nextDouble() < 0.3;
      signal[i] = (labels[i] ? 1.0 : 0) + random.nextGaussian();
      baseline[i] = signal[i] + random.nextGaussian();
      shared[i] = random.nextGaussian();
      decided[i] = START + i * 600_000L;
      known[i] = decided[i] - 86_400_000L;
    }
  }

  @Test
  void thirtyHonestLookingVariantsOnOneWindowLeaveTheBestOneWithManyTrialsAndABetterModelPasses() throws IOException {
    GatePolicy policy = GatePolicy.defaults().withMode(Mode.VERIFY)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(dir.resolve("l"))));
    double bestZ = Double.NEGATIVE_INFINITY;
    BacktestRun best = null;
    for (int k = 0; k < 30; k++) {   // the suite: 30 variants, each gated and published as a gated test would be
      BacktestRun variant = run("variant-" + k, variant());
      PublishedGate published = publish(variant, policy);
      if (published.result().comparison().z() > bestZ) {
        bestZ = published.result().comparison().z();
        best = variant;
      }
    }
    assertThat(bestZ).as("the best variant looks significant on its own").isGreaterThan(1.96);

    PublishedGate rerun = publish(best, policy);   // the team picks the best and runs its gate again: no new trial
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

    double[] better = new double[ROWS];
    for (int i = 0; i < ROWS; i++) {
      better[i] = signal[i] + (labels[i] ? 0.2 : 0) + 0.3 * shared[i] + Math.sqrt(0.91) * random.nextGaussian();
    }
    PublishedGate real = publish(run("better", better), policy);
    assertThat(real.result().comparison().lift()).isBetween(0.02, 0.05);
    assertThat(real.result().findings()).as(real.text()).noneMatch(ManyTrialsFinding.class::isInstance);
    assertThat(real.result().verdict()).as(real.text()).isEqualTo(Verdict.PASSED);
  }

  @Test
  void aSignOffRecordsTheTrialsAndTheClaimAndMoreTrialsOnTheSameRowsMakeItTrialsGrew() throws IOException {
    GatePolicy verify = GatePolicy.defaults().withMode(Mode.VERIFY)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(dir.resolve("l"))));
    double bestZ = Double.NEGATIVE_INFINITY;
    BacktestRun best = null;
    for (int k = 0; k < 30; k++) {
      BacktestRun variant = run("variant-" + k, variant());
      double z = publish(variant, verify).result().comparison().z();
      if (z > bestZ) {
        bestZ = z;
        best = variant;
      }
    }
    PublishedGate local = publish(best, verify.withMode(Mode.LOCAL));   // the failing gate writes its pending file
    assertThat(local.pendingWritten()).as(local.text()).isTrue();
    SignOff pending = SignOffJson.parse(Files.readString(local.pendingFile()), local.pendingFile());
    ManyTrialsFinding many = local.result().findings().stream().filter(ManyTrialsFinding.class::isInstance)
        .map(ManyTrialsFinding.class::cast).findFirst().orElseThrow();
    assertThat(pending.reviewed().trials())
        .isEqualTo(SignOff.Trials.counted(30, many.deflation().deflatedP()));
    JsonNode reportClaim = new ObjectMapper().readTree(Files.readString(local.reportFile())).get("claim");
    assertThat(new ObjectMapper().readTree(pending.claim())).isEqualTo(reportClaim);

    Files.createDirectories(reviews.directory());
    Files.writeString(reviews.locationOf(pending.gate()), SignOffJson.write(new SignOff(pending.schema(),
        pending.gate(), pending.fingerprint(), pending.reviewed(), Decision.APPROVED, "ana@acme.com",
        LocalDate.parse("2026-12-07"), LocalDate.parse("2027-03-07"), "Chosen knowing the 30 tries; confirmed later.",
        new SignOff.Checklist(true, true, true, true, true), List.of(), pending.claim())));
    PublishedGate covered = publish(best, verify);
    assertThat(covered.result().verdict()).as(covered.text()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);

    publish(run("variant-30", variant()), verify);   // one more try on the same rows
    PublishedGate grew = publish(best, verify);

    assertThat(grew.result().signOff()).isEqualTo(new SignOffStatus.TrialsGrew(reviews.locationOf(pending.gate()), 30,
        "", 31));
    assertThat(grew.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(grew.text()).contains("was made knowing 30 trials on these rows; the trials ledger now counts 31, so "
        + "the lift is the best of more tries than the reviewer judged. Confirm the lift on decisions no trial has "
        + "scored (a later window than these rows), or review it again knowing the 31 trials:");
    JsonNode status = new ObjectMapper().readTree(Files.readString(grew.reportFile())).get("signOff");
    assertThat(status.path("status").asText()).isEqualTo("trials-grew");
    assertThat(status.path("reviewedTrials").asInt()).isEqualTo(30);
    assertThat(status.path("currentTrials").asInt()).isEqualTo(31);
  }

  @Test
  void aLiftSignOffDoesNotGoStaleWithMoreTrialsWhileTheDeflatedLiftStillPasses() throws IOException {
    GatePolicy verify = GatePolicy.defaults().withMode(Mode.VERIFY).withMaxLift(0.01)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(dir.resolve("l"))));
    double[] better = new double[ROWS];
    for (int i = 0; i < ROWS; i++) {
      better[i] = signal[i] + (labels[i] ? 0.2 : 0) + 0.3 * shared[i] + Math.sqrt(0.91) * random.nextGaussian();
    }
    BacktestRun real = run("better", better);
    PublishedGate local = publish(real, verify.withMode(Mode.LOCAL));   // the lift is above max-lift: a sign-off
    SignOff pending = SignOffJson.parse(Files.readString(local.pendingFile()), local.pendingFile());
    assertThat(pending.reviewed().trials().counted()).isEqualTo(1);
    Files.createDirectories(reviews.directory());
    Files.writeString(reviews.locationOf(pending.gate()), SignOffJson.write(new SignOff(pending.schema(),
        pending.gate(), pending.fingerprint(), pending.reviewed(), Decision.APPROVED, "ana@acme.com",
        LocalDate.parse("2026-12-07"), LocalDate.parse("2027-03-07"), "The new bureau feed explains the lift.",
        new SignOff.Checklist(true, true, true, true, true), List.of(), pending.claim())));

    for (int k = 0; k < 3; k++) {
      publish(run("variant-" + k, variant()), verify);
    }
    PublishedGate again = publish(real, verify);

    assertThat(again.result().findings()).noneMatch(ManyTrialsFinding.class::isInstance);
    assertThat(again.result().signOff().covers()).as(again.text()).isTrue();
    assertThat(again.result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
  }

  @Test
  void everyReportSaysWhereTheTrialsAreCountedOrThatTheyAreNot() throws IOException {
    Path ledger = dir.resolve("ledger");
    PublishedGate counted = publish(run("v", variant()),
        GatePolicy.defaults().withMode(Mode.VERIFY).with(TrialsSettings.DEFAULTS.withLedger(Optional.of(ledger))));
    JsonNode json = new ObjectMapper().readTree(Files.readString(counted.reportFile()));
    assertThat(json.path("trials").path("ledger").asText()).isEqualTo(ledger.toAbsolutePath().toString());
    assertThat(json.path("trials").path("recorded").asBoolean()).isTrue();
    assertThat(json.path("policy").path("settings").path("backtestgate.ledger").asText()).isEqualTo(ledger.toString());
    assertThat(counted.text()).contains("Trials: recorded in the trials ledger " + ledger.toAbsolutePath());
    assertThat(Files.readString(counted.htmlFile())).contains("Trials ledger")
        .contains("recorded in the trials ledger " + ledger.toAbsolutePath());

    PublishedGate off = publish(run("w", variant()),
        GatePolicy.defaults().withMode(Mode.VERIFY).with(TrialsSettings.off()));
    JsonNode offJson = new ObjectMapper().readTree(Files.readString(off.reportFile()));
    assertThat(offJson.path("trials").path("ledger").isNull()).isTrue();
    assertThat(offJson.path("trials").path("recorded").asBoolean()).isFalse();
    assertThat(offJson.path("policy").path("settings").path("backtestgate.ledger").asText()).isEqualTo("off");
    assertThat(off.text()).contains("Trials: not counted (backtestgate.ledger=off)");
    assertThat(Files.readString(off.htmlFile())).contains("not counted (backtestgate.ledger=off)");
  }

  private PublishedGate publish(BacktestRun run, GatePolicy policy) {
    GateResult result = BacktestGate.evaluate(run, policy, reviews, CLOCK);
    return GateReporter.publish(run, result, files, reviews);
  }

  /** The baseline's signal plus unit noise, 9% of its variance a feature every variant shares: no real lift. */
  private double[] variant() {
    double[] scores = new double[ROWS];
    for (int i = 0; i < ROWS; i++) {
      scores[i] = signal[i] + 0.3 * shared[i] + Math.sqrt(0.91) * random.nextGaussian();
    }
    return scores;
  }

  private BacktestRun run(String candidate, double[] scores) {
    return BacktestRun.builder("com.acme.ChurnBacktest#variants").labels(labels).candidate(candidate, scores)
        .baseline("prod-v3", baseline).decisionTimes(decided).feature("balance", known)
        .timelessFeature("region", "set once at account opening").build();
  }
}
