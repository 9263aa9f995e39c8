package dev.backtestgate.trials;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
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
import java.time.ZoneOffset;
import java.util.List;
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

    // once this very candidate ships under a committed claim, its production decisions are the fresh rows
    Path claimFile = dev.backtestgate.claim.ClaimJson.file(window.reviews().directory(), best.gateId());
    Files.createDirectories(claimFile.getParent());
    Files.writeString(claimFile, dev.backtestgate.claim.ClaimJson.write(dev.backtestgate.claim.Claim.of(
        rerun.result(), best)));
    assertThat(window.publish(best, policy).text()).contains("This candidate shipped under the claim " + claimFile
        + ": its matured production decisions were scored by no trial, so they confirm the lift without deflating it. "
        + "Read them as fresh rows: backtest-gate tripwire --claim '" + claimFile + "' <outcomes.csv>");
    Files.writeString(claimFile, Files.readString(claimFile).replace("\"name\": \"" + best.candidateName() + "\"",
        "\"name\": \"an-earlier-model\""));
    assertThat(window.publish(best, policy).text()).as("another model's claim").doesNotContain("shipped under");
    Files.delete(claimFile);

    PublishedGate real = window.publish(window.run("better", window.better()), policy);
    assertThat(real.result().comparison().lift()).isBetween(0.02, 0.05);
    assertThat(real.result().findings()).as(real.text()).noneMatch(ManyTrialsFinding.class::isInstance);
    assertThat(real.result().verdict()).as(real.text()).isEqualTo(Verdict.PASSED);
  }

  /**
   * The same suite with every trial's scores kept: the bootstrap reality check decides; a damaged kept file is
   * named and the approximation decides instead. (The variants are gated without keeping scores and kept
   * afterwards, so the suite pays for one bootstrap, not thirty.)
   */
  @Test
  void withTheScoresKeptTheBootstrapRealityCheckDecidesAndADamagedKeptFileFallsBackNamingIt() throws IOException {
    Path ledger = dir.resolve("l");
    GatePolicy plain = GatePolicy.defaults().withMode(Mode.VERIFY)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(ledger)));
    GatePolicy keeping = plain.with(TrialsSettings.DEFAULTS.withLedger(Optional.of(ledger)).withKeepScores(true));
    TrialScores kept = new TrialScores(ledger.toAbsolutePath());
    double bestZ = Double.NEGATIVE_INFINITY;
    BacktestRun best = null;
    for (int k = 0; k < 30; k++) {
      BacktestRun variant = run("variant-" + k, variant());
      PublishedGate published = publish(variant, plain);
      kept.keep(TrialKey.of(variant), variant);
      if (published.result().comparison().z() > bestZ) {
        bestZ = published.result().comparison().z();
        best = variant;
      }
    }
    PublishedGate rerun = publish(best, keeping);
    // the variants share the rows' baseline noise, so their lifts move together: the exact check sees few
    // independent tries and keeps the best one's lift (p 0.049, Monte-Carlo standard error 0.003, so near the line);
    // the approximation, blind to that correlation, deflates it to p 0.152 and fails it (the approximation is the
    // conservative one, docs/trials.md)
    assertThat(rerun.result().findings()).as(rerun.text()).noneMatch(ManyTrialsFinding.class::isInstance);
    assertThat(rerun.result().verdict()).as(rerun.text()).isEqualTo(Verdict.PASSED);
    TrialKey key = TrialKey.of(best);
    List<Double> zs = trialZs(ledger, best);
    TrialScores.Kept all = kept.read(best, key, trialDigests(ledger, best));
    assertThat(all.trials()).hasSize(30);
    RealityCheck exact = RealityCheck.of(window.labels(), List.copyOf(all.trials().values()),
        List.copyOf(all.trials().keySet()).indexOf(key.scores()), RealityCheck.REPLICATES, TrialsChecks.seedOf(key),
        0.95);
    Deflation approximate = Deflation.of(zs, bestZ, 0.95);
    assertThat(exact.trials()).isEqualTo(30);
    assertThat(exact.replicates()).isEqualTo(RealityCheck.REPLICATES);
    assertThat(exact.significant()).isTrue();
    assertThat(approximate.significantDeflated()).isFalse();
    assertThat(exact.pValue()).as("bootstrap p against the deflated p %s", approximate.deflatedP())
        .isLessThan(approximate.deflatedP()).isCloseTo(0.049, org.assertj.core.data.Offset.offset(0.001));
    // what the evaluation records is the deciding check's answer: the claim names the bootstrap and keeps both
    // p-values; the sign-off's deflated p is the bootstrap's
    JsonNode claimed = new ObjectMapper().readTree(Files.readString(rerun.reportFile())).path("claim").path("trials");
    assertThat(claimed.path("count").asInt()).isEqualTo(30);
    assertThat(claimed.path("method").asText()).isEqualTo("bootstrap");
    assertThat(claimed.path("bootstrapP").asDouble()).isEqualTo(exact.pValue());
    assertThat(claimed.path("deflatedP").asDouble()).isEqualTo(approximate.deflatedP());
    assertThat(TrialsChecks.recorded(key, rerun.result().comparison(), rerun.result().policy(), best).reviewed())
        .isEqualTo(SignOff.Trials.counted(30, exact.pValue()));

    Path damaged;
    TrialKey bestKey = key;
    try (var files = Files.list(ledger.resolveSibling("l-scores").resolve(bestKey.testSetHex()))) {
      damaged = files.filter(f -> !f.getFileName().toString().equals(
          bestKey.scores().substring(TrialKey.SCORES_PREFIX.length()) + ".scores.gz")).sorted().findFirst()
          .orElseThrow();
    }
    Files.write(damaged, new byte[] {31, -117, 8, 0});   // a gzip header and nothing more
    PublishedGate fallback = publish(best, keeping);
    assertThat(fallback.text()).contains("kept scores skipped: " + damaged.toAbsolutePath())
        .contains("so the lift is deflated by the approximation");
    ManyTrialsFinding approximated = fallback.result().findings().stream()
        .filter(ManyTrialsFinding.class::isInstance).map(ManyTrialsFinding.class::cast).findFirst()
        .orElseThrow(() -> new AssertionError(fallback.text()));
    assertThat(approximated.exact()).isEmpty();
    assertThat(approximated.deflation().deflatedP()).isEqualTo(approximate.deflatedP());
    assertThat(fallback.result().verdict()).isEqualTo(Verdict.FAILED);
  }

  /** Scores are kept only where they can be: a baseline known by its AUC alone keeps none, said in the report. */
  @Test
  void aBaselineKnownOnlyByItsAucKeepsNoScoresAndSaysSo() throws IOException {
    Path ledger = dir.resolve("fixed");
    GatePolicy keeping = GatePolicy.defaults().withMode(Mode.VERIFY)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(ledger)).withKeepScores(true));
    BacktestRun fixed = BacktestRun.builder("com.acme.ChurnBacktest#fixed").labels(window.labels())
        .candidate("v", variant()).baselineAuc("legacy", 0.7).decisionTimes(window.decided())
        .feature("balance", window.known())
        .timelessFeature("region", "set once at account opening").build();
    PublishedGate published = publish(fixed, keeping);
    assertThat(published.text()).contains("Its scores are not kept: the baseline is an AUC number, not scores on "
        + "the rows.");
    assertThat(Files.exists(ledger.resolveSibling("fixed-scores"))).isFalse();
  }

  /**
   * Every way a kept file can be damaged is named with the file and why, and the trial counts as not kept: not gzip,
   * truncated, another trial's file under this one's name, scores that do not hash to the digest on these rows.
   */
  @Test
  void aDamagedKeptFileIsNamedWithWhyAndCountsAsNotKept() throws IOException {
    TrialScores kept = new TrialScores(dir.resolve("k").toAbsolutePath());
    BacktestRun a = run("a", variant());
    BacktestRun b = run("b", variant());
    TrialKey ka = TrialKey.of(a);
    TrialKey kb = TrialKey.of(b);
    Path fa = kept.keep(ka, a);
    Path fb = kept.keep(kb, b);
    BacktestRun c = run("c", variant());
    List<String> digests = List.of(ka.scores(), kb.scores(), TrialKey.of(c).scores());
    TrialScores.Kept all = kept.read(c, TrialKey.of(c), digests);
    assertThat(all.trials()).hasSize(3);   // c's own, from the run
    assertThat(all.trials().get(ka.scores()).candidate()).isEqualTo(a.candidateScores());

    byte[] good = Files.readAllBytes(fa);
    Files.write(fa, "not gzip".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(kept.read(c, TrialKey.of(c), digests).skipped()).singleElement().asString()
        .startsWith(fa + " is not the kept scores of trial " + ka.scores() + " (not gzip: ");
    Files.write(fa, java.util.Arrays.copyOf(good, good.length / 2));
    assertThat(kept.read(c, TrialKey.of(c), digests).skipped()).singleElement().asString().endsWith("(truncated)");
    Files.copy(fb, fa, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    assertThat(kept.read(c, TrialKey.of(c), digests).skipped()).singleElement().asString()
        .contains("(it holds " + kb.scores() + " on 10,000 rows, not this trial on these 10,000 rows)");
    Files.write(fa, good);
    boolean[] flipped = window.labels().clone();
    flipped[0] = !flipped[0];
    BacktestRun otherRows = BacktestRun.builder("com.acme.ChurnBacktest#variants").labels(flipped)
        .candidate("c", c.candidateScores()).baseline("prod-v3", window.baseline()).decisionTimes(window.decided())
        .feature("balance", window.known()).timelessFeature("region", "set once at account opening").build();
    assertThat(kept.read(otherRows, new TrialKey(ka.testSet(), TrialKey.of(otherRows).scores()), digests)
        .skipped()).anyMatch(line -> line.contains("its scores do not hash to its digest on these rows"));
    assertThat(kept.read(c, TrialKey.of(c), List.of(ka.scores(), "scores-v1:" + "0".repeat(64))).missing())
        .containsExactly("scores-v1:" + "0".repeat(64));
  }

  /** A test set over the size limit keeps no scores: the reason names both counts; the approximation decides. */
  @Test
  void aTestSetOverTheSizeLimitKeepsNoScoresAndSaysWhy() {
    int n = TrialScores.MAX_ROWS + 1;
    boolean[] many = new boolean[n];
    double[] scores = new double[n];
    double[] prod = new double[n];
    long[] times = new long[n];
    for (int i = 0; i < n; i++) {
      many[i] = i % 3 == 0;
      scores[i] = i % 7;
      prod[i] = i % 5;
      times[i] = TrialsWindow.START + i;
    }
    BacktestRun big = BacktestRun.builder("com.acme.ChurnBacktest#big").labels(many).candidate("v", scores)
        .baseline("prod-v3", prod).decisionTimes(times).timelessFeature("region", "set once").build();
    assertThat(TrialScores.unkeepable(big)).contains("the test set has 1,000,001 rows, more than the 1,000,000 "
        + "whose scores are kept");
  }

  /** One leaky trial (z near 12) among honest ones does not inflate V and deflate the honest lifts. */
  @Test
  void oneLeakyTrialIsSetAsideFromTheSpreadOfZ() {
    List<Double> honest = List.of(0.4, -0.6, 1.1, 0.2, -0.3, 0.9, 1.6, -1.0, 0.5, 3.2);
    List<Double> withLeak = new java.util.ArrayList<>(honest);
    withLeak.add(12.0);
    Deflation clean = Deflation.of(honest, 3.2, 0.95);
    Deflation leaky = Deflation.of(withLeak, 3.2, 0.95);
    double naive = sampleVariance(withLeak);
    assertThat(naive).as("the leak alone would make V").isGreaterThan(10);
    assertThat(leaky.zVariance()).isCloseTo(clean.zVariance(), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(leaky.expectedBestZ()).isLessThan(Deflation.expectedBestZ(11, naive) / 3);
    assertThat(leaky.trials()).isEqualTo(11);
    assertThat(Deflation.of(withLeak, 12.0, 0.95).significantDeflated()).as("the leaky trial itself stands out")
        .isTrue();
  }

  /** What the finding says when the bootstrap decides: the method, N and B, in the text and the JSON evidence. */
  @Test
  void aFindingDecidedByTheBootstrapSaysSo() {
    List<Double> zs = List.of(0.1, 2.2, -0.4, 1.0, 0.3, 0.8);
    ManyTrialsFinding f = new ManyTrialsFinding(Deflation.of(zs, 2.2, 0.95), 5, "the trials ledger l", zs, 1,
        Optional.of(new RealityCheck(6, 1_000, 2.2, 0.091, 0.95)));
    var r = f.render();
    assertThat(r.headline()).contains("not significant against them by the bootstrap reality check over 6 kept "
        + "trials, 1,000 replicates (p 0.091)");
    assertThat(r.lines()).anyMatch(l -> l.startsWith("Decided by the bootstrap reality check over 6 kept trials, "
        + "1,000 replicates (Hansen's SPA, paired on these rows): p 0.091 against the best of them"));
    assertThat(r.evidence()).containsEntry("method", "bootstrap").containsEntry("replicates", 1_000)
        .containsEntry("bootstrapP", 0.091);
    assertThat(new ManyTrialsFinding(Deflation.of(zs, 2.2, 0.95), 5, "l", zs, 1).render().evidence())
        .containsEntry("method", "approximation");
  }

  private static List<String> trialDigests(Path ledger, BacktestRun run) {
    return TrialLedger.directory(ledger.toAbsolutePath()).read(TrialKey.of(run).testSet()).entries().stream()
        .map(e -> e.key().scores()).distinct().toList();
  }

  private static List<Double> trialZs(Path ledger, BacktestRun run) {
    java.util.Map<String, Double> zs = new java.util.LinkedHashMap<>();
    TrialLedger.directory(ledger.toAbsolutePath()).read(TrialKey.of(run).testSet()).entries()
        .forEach(e -> zs.putIfAbsent(e.key().scores(), e.z()));
    return List.copyOf(zs.values());
  }

  private static double sampleVariance(List<Double> xs) {
    double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    return xs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (xs.size() - 1);
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

    Files.createDirectories(window.reviews().directory());
    Files.writeString(window.reviews().locationOf(pending.gate()), SignOffJson.write(new SignOff(pending.schema(),
        pending.gate(), pending.fingerprint(), pending.reviewed(), Decision.APPROVED, "ana@acme.com",
        LocalDate.parse("2026-12-07"), LocalDate.parse("2027-03-07"), "Chosen knowing the 30 tries; confirmed later.",
        new SignOff.Checklist(true, true, true, true, true), List.of(), pending.claim())));
    PublishedGate covered = publish(best, verify);
    assertThat(covered.result().verdict()).as(covered.text()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(Files.readString(covered.htmlFile())).contains(String.format(java.util.Locale.ROOT,
        "<tr><th scope=\"row\">Reviewed trials</th><td>30 on these rows, deflated p %.3f</td></tr>", many.deflation().deflatedP()));

    publish(run("variant-30", variant()), verify);   // one more try on the same rows
    PublishedGate grew = publish(best, verify);

    assertThat(grew.result().signOff()).isEqualTo(new SignOffStatus.TrialsGrew(window.reviews().locationOf(pending.gate()), 30,
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

  /**
   * The sign-off and the claim record the reading the verdict judged: a trial another fork appends between the
   * evaluation and its report is not counted into this one's record (it counts at the next evaluation).
   */
  @Test
  void theReportRecordsTheTrialsTheVerdictCountedNotOnesAppendedSince() throws IOException {
    GatePolicy local = GatePolicy.defaults().withMode(Mode.LOCAL)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(dir.resolve("l"))));
    BacktestRun best = window.bestOfThirty(local);
    dev.backtestgate.GateResult result = dev.backtestgate.BacktestGate.evaluate(best, local, window.reviews(),
        TrialsWindow.CLOCK);
    publish(run("another-fork", variant()), local);   // a 31st trial lands before this evaluation is reported
    PublishedGate reported = dev.backtestgate.report.GateReporter.publish(best, result,
        new ReportFiles(dir.resolve("reports")), window.reviews());

    assertThat(reported.pendingWritten()).as(reported.text()).isTrue();
    SignOff pending = SignOffJson.parse(Files.readString(reported.pendingFile()), reported.pendingFile());
    assertThat(pending.reviewed().trials().counted()).isEqualTo(30);
    assertThat(new ObjectMapper().readTree(pending.claim()).path("trials").path("count").asInt()).isEqualTo(30);
    assertThat(publish(best, local).result().findings()).filteredOn(ManyTrialsFinding.class::isInstance)
        .singleElement().satisfies(f -> assertThat(((ManyTrialsFinding) f).deflation().trials()).isEqualTo(31));
  }

  @Test
  void aLiftSignOffDoesNotGoStaleWithMoreTrialsWhileTheDeflatedLiftStillPasses() throws IOException {
    GatePolicy verify = GatePolicy.defaults().withMode(Mode.VERIFY).withMaxLift(0.01)
        .with(TrialsSettings.DEFAULTS.withLedger(Optional.of(dir.resolve("l"))));
    BacktestRun real = run("better", window.better());
    PublishedGate local = publish(real, verify.withMode(Mode.LOCAL));   // the lift is above max-lift: a sign-off
    SignOff pending = SignOffJson.parse(Files.readString(local.pendingFile()), local.pendingFile());
    assertThat(pending.reviewed().trials().counted()).isEqualTo(1);
    Files.createDirectories(window.reviews().directory());
    Files.writeString(window.reviews().locationOf(pending.gate()), SignOffJson.write(new SignOff(pending.schema(),
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

  private BacktestRun run(String candidate, double[] scores) {
    return window.run(candidate, scores);
  }

  private double[] variant() {
    return window.variant();
  }

  private PublishedGate publish(BacktestRun run, GatePolicy policy) {
    return window.publish(run, policy);
  }
}
