package dev.backtestgate.claim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.SchemaAssertions;
import dev.backtestgate.lifttrend.LiftPeriods;
import dev.backtestgate.lifttrend.LiftTrendSettings;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A claim made from a real evaluation: its numbers are DeLong's, it survives its file, and its schema takes it. */
class ClaimTests {
  static final Instant JAN_1 = Instant.parse("2026-01-01T00:00:00Z");
  static final long DAY = 86_400_000L;

  @TempDir
  Path reviews;

  /** A backtest of {@code n} rows decided over 180 days from January 2026, the baseline scored or only an AUC. */
  static BacktestRun run(int n, boolean pairedBaseline, long seed) {
    return builder(n, pairedBaseline, seed).build();
  }

  /** {@link #run}'s builder, to record more inputs. */
  static BacktestRun.Builder builder(int n, boolean pairedBaseline, long seed) {
    Random random = new Random(seed);
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] times = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      candidate[i] = shared + random.nextGaussian() + (labels[i] ? 1.3 : 0);
      baseline[i] = shared + random.nextGaussian() + (labels[i] ? 1.1 : 0);
      times[i] = JAN_1.toEpochMilli() + (long) (random.nextDouble() * 180 * DAY);
    }
    BacktestRun.Builder b = BacktestRun.builder("churn-v7").labels(labels).candidate("gbm", candidate)
        .decisionTimes(times).timelessFeature("tenure", "fixed at signup");
    return pairedBaseline ? b.baseline("logreg", baseline) : b.baselineAuc("logreg", 0.70);
  }

  static GateResult evaluate(BacktestRun run, Path reviews) {
    return BacktestGate.evaluate(run, GatePolicy.defaults(), ReviewStore.directory(reviews),
        Clock.fixed(Instant.parse("2026-09-01T00:00:00Z"), ZoneOffset.UTC));
  }

  @Test
  void aPairedClaimCarriesDeLongsVariancesThePeriodsAndSurvivesItsFile() {
    BacktestRun run = run(3_000, true, 1);
    // tag::claim[]
    GateResult result = evaluate(run, reviews);   // BacktestGate.evaluate(run, policy, reviews, clock)
    Claim claim = Claim.of(result, run);   // variances recomputed from the run's rows in the lift trend's one pass
    // end::claim[]

    AucComparison exact = DeLong.compare(run.labels(), run.candidateScores(), run.baseline().rowScores().get(),
        0.95);
    assertThat(claim.variances().candidate()).isCloseTo(exact.candidateVariance(), within(1e-15));
    assertThat(claim.variances().baseline()).isCloseTo(exact.baselineVariance(), within(1e-15));
    assertThat(claim.variances().covariance()).isCloseTo(exact.covariance(), within(1e-15));
    assertThat(claim.liftVariance().orElseThrow()).isCloseTo(exact.standardError() * exact.standardError(),
        within(1e-15));
    assertThat(claim.lift()).isEqualTo(result.comparison().lift());
    assertThat(claim.fingerprint()).isEqualTo(result.fingerprint());
    assertThat(claim.pairedBaseline()).isTrue();
    assertThat(claim.liftPerPeriod()).hasSize(6).allSatisfy(p -> assertThat(p.lift()).isNotNull());
    assertThat(claim.features()).containsExactly("tenure");
    assertThat(claim.earliestDecision()).isAfterOrEqualTo(JAN_1);

    String text = ClaimJson.write(claim);
    assertThat(ClaimJson.parse(text, "claim.json")).isEqualTo(claim);
    assertThat(ClaimJson.write(ClaimJson.parse(text, "claim.json"))).isEqualTo(text);
    SchemaAssertions.assertValid(SchemaAssertions.CLAIM, text);
  }

  @Test
  void aBaselineOfOnlyAnAucNumberClaimsTheCandidatesVarianceAndNoPeriods() {
    BacktestRun run = run(1_000, false, 2);

    Claim claim = Claim.of(evaluate(run, reviews), run);

    assertThat(claim.interval()).isEqualTo(Comparison.Interval.CANDIDATE_ONLY);
    assertThat(claim.variances().candidate())
        .isCloseTo(DeLong.estimate(run.labels(), run.candidateScores(), 0.95).variance(), within(1e-15));
    assertThat(claim.variances().baseline()).isZero();
    assertThat(claim.liftPerPeriod()).isNull();
    String text = ClaimJson.write(claim);
    assertThat(text).contains("\"interval\": \"candidate-only\"", "\"liftPerPeriod\": null");
    SchemaAssertions.assertValid(SchemaAssertions.CLAIM, text);
    assertThat(ClaimJson.parse(text, "claim.json")).isEqualTo(claim);
  }

  @Test
  void theClaimRecordsThePeriodLengthItsLiftTrendCut() {
    BacktestRun run = run(3_000, true, 4);
    GateResult weekly = BacktestGate.evaluate(run, GatePolicy.defaults().with(LiftTrendSettings.parse(
        java.util.Map.of(LiftTrendSettings.PERIODS, "week"))), ReviewStore.directory(reviews),
        Clock.fixed(Instant.parse("2026-09-01T00:00:00Z"), ZoneOffset.UTC));

    Claim claim = Claim.of(weekly, run);

    assertThat(claim.periodLength()).isEqualTo(LiftPeriods.WEEK);
    assertThat(claim.liftPerPeriod()).hasSizeGreaterThan(20).first().satisfies(p -> assertThat(p.period())
        .contains("W"));
    String text = ClaimJson.write(claim);
    assertThat(text).contains("\"periodLength\": \"week\"");
    assertThat(ClaimJson.parse(text, "claim.json")).isEqualTo(claim);
    SchemaAssertions.assertValid(SchemaAssertions.CLAIM, text);
    assertThat(Claim.of(evaluate(run, reviews), run).periodLength()).as("the default").isEqualTo(LiftPeriods.MONTH);
  }

  @Test
  void aTableDeclaredByAManifestFileRecordsTheManifestsDigestAndPathAndTheFingerprintIsUnchanged()
      throws java.io.IOException {
    dev.backtestgate.time.EventLog.CategoricalBuilder status =
        dev.backtestgate.time.EventLog.categoricalBuilder("status");
    for (int day = 0; day < 5; day++) {
      status.add(day, JAN_1.toEpochMilli() + day * DAY, JAN_1.toEpochMilli() + day * DAY + 1, "active");
    }
    dev.backtestgate.time.EventLog log = status.build();
    dev.backtestgate.history.HistoryManifest manifest = dev.backtestgate.history.HistoryManifest.of(log,
        dev.backtestgate.history.PartitionGranularity.DAY, JAN_1.plusMillis(4 * DAY));
    Path file = reviews.resolve("status.json");
    java.nio.file.Files.writeString(file, manifest.toJson());
    String sha = java.util.HexFormat.of().formatHex(sha256(java.nio.file.Files.readAllBytes(file)));

    BacktestRun fromFile = builder(1_000, true, 5)
        .input(dev.backtestgate.history.HistoryCheck.compare(file, log)).build();
    BacktestRun fromManifest = builder(1_000, true, 5)
        .input(dev.backtestgate.history.HistoryCheck.compare(manifest, log)).build();
    GateResult result = evaluate(fromFile, reviews);
    Claim claim = Claim.of(result, fromFile);

    assertThat(claim.dataRead()).singleElement().satisfies(t -> {
      assertThat(t.table()).isEqualTo("status");
      assertThat(t.version()).isEqualTo("manifest-sha256:" + sha + "@" + file.toAbsolutePath().normalize());
      assertThat(t.reason()).isEmpty();
    });
    assertThat(result.fingerprint()).as("the fingerprint binds no manifest digest")
        .isEqualTo(evaluate(fromManifest, reviews).fingerprint());
    assertThat(Claim.of(evaluate(fromManifest, reviews), fromManifest).dataRead()).singleElement()
        .satisfies(t -> assertThat(t.version()).as("a manifest checked without its file").isNull());
    String text = ClaimJson.write(claim);
    assertThat(ClaimJson.parse(text, "claim.json")).isEqualTo(claim);
    SchemaAssertions.assertValid(SchemaAssertions.CLAIM, text);
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return java.security.MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void theSchemaRefusesWhatTheReaderRefuses() {
    BacktestRun run = run(1_000, false, 3);
    String text = ClaimJson.write(Claim.of(evaluate(run, reviews), run));

    assertThat(SchemaAssertions.assertInvalid(SchemaAssertions.CLAIM, text.replace("\"schema\": 1", "\"schema\": 2")))
        .isNotEmpty();
    assertThat(SchemaAssertions.assertInvalid(SchemaAssertions.CLAIM,
        text.replace("\"features\"", "\"extra\": 1,\n  \"features\""))).isNotEmpty();
    assertThat(SchemaAssertions.assertInvalid(SchemaAssertions.CLAIM, text.replace("\"periodLength\": \"month\"",
        "\"periodLength\": \"fortnight\""))).isNotEmpty();
    assertThat(SchemaAssertions.assertInvalid(SchemaAssertions.CLAIM, text.replace("\"periodLength\": \"month\",",
        ""))).isNotEmpty();
  }

  @Test
  void theTrialsTheLedgerCountedSurviveTheFileAndAClaimWithoutThemWritesNone() {
    BacktestRun run = run(1_000, true, 5);
    Claim plain = Claim.of(evaluate(run, reviews), run);

    assertThat(ClaimJson.write(plain)).doesNotContain("\"trials\"");
    assertThat(ClaimJson.parse(ClaimJson.write(plain), "c.json").trials()).isEqualTo(Claim.Trials.NOT_RECORDED);
    for (Claim.Trials trials : java.util.List.of(
        Claim.Trials.counted(30, 5, 2.04, 0.41, java.util.Optional.empty()),
        Claim.Trials.counted(30, 5, 2.04, 0.41, java.util.Optional.of(0.38)),
        Claim.Trials.counted(1, 5, 0, Double.NaN, java.util.Optional.empty()),
        Claim.Trials.notCounted("the trials ledger was off (backtestgate.ledger=off)"))) {
      Claim claim = plain.withTrials(trials);
      String text = ClaimJson.write(claim);

      SchemaAssertions.assertValid(SchemaAssertions.CLAIM, text);
      assertThat(ClaimJson.parse(text, "c.json")).isEqualTo(claim);
      assertThat(ClaimJson.write(ClaimJson.parse(text, "c.json"))).isEqualTo(text);
    }
    assertThat(Claim.Trials.counted(30, 5, 2.04, 0.41, java.util.Optional.empty()).freshRowsConfirm()).isTrue();
    assertThat(Claim.Trials.counted(1, 5, 0, 0.01, java.util.Optional.empty()).freshRowsConfirm()).isFalse();
  }
}
