package dev.backtestgate;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.GateFixtures.DAY;
import static dev.backtestgate.GateFixtures.NOW;
import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.screen.featurelabel.FeatureScreen;
import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.pointintime.PointInTimeEvidence;
import dev.backtestgate.history.HistoryEvidence;
import dev.backtestgate.screen.featurelabel.FeatureLabelSettings;
import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.pointintime.PointInTimeViolation;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.screen.featurelabel.FeatureLabelFinding;
import dev.backtestgate.screen.featurelabel.FeatureLabelScreen;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import dev.backtestgate.time.EventLog;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * Evidence computed elsewhere is judged exactly as the run it describes: {@code evaluate(GateEvidence.of(run))}
 * equals {@code evaluate(run)} whole (verdict, findings, comparison, fingerprint, sign-off status), and evidence
 * that does not fit the policy or itself fails closed.
 */
class GateEvidenceTests {
  private static final ReviewStore NO_REVIEWS = ReviewStore.directory(Path.of("target/no-such-review-dir"));

  // 4 to 8 % of the draws pass (no leak, no history, no proxy, a small lift): 400 tries make the coverage check
  // below miss a passing run once in about ten million builds, where 60 missed one build in twelve
  @Property(tries = 400)
  void evidenceIsJudgedExactlyAsTheRunItDescribes(
      @ForAll @IntRange(min = 1, max = 10_000) int seed,
      @ForAll @IntRange(min = 30, max = 400) int rows,
      @ForAll @IntRange(min = 0, max = 25) int candidateSignalTenths,
      @ForAll boolean leaky,
      @ForAll @IntRange(min = 1, max = 60) int leakEvery,
      @ForAll @IntRange(min = 0, max = 30) int lagHours,
      @ForAll @IntRange(min = 1, max = 10) int maxLiftHundredths,
      @ForAll boolean withHistory,
      @ForAll ScreenedValues screened) {
    GateFixtures.Data d = data(seed, rows, candidateSignalTenths / 10.0, 0.9);
    long[] status = d.decided().clone();
    for (int i = 0; i < rows; i++) {
      status[i] -= (leaky && i % leakEvery == 0) ? -3 * 3_600_000L : 2 * DAY;
    }
    BacktestRun.Builder builder = run("com.acme.Backtest#gbm", d).feature("status", status);
    if (withHistory) {
      builder.input(editedHistory()).input(LateWriteDetector.withDefaults().detect(editedLog()))
          .input(tableHistory());
    }
    screened.record(builder, d, seed);
    BacktestRun run;
    try {
      run = builder.build();
    } catch (InvalidBacktestRunException e) {
      return; // a one-class draw: nothing to compare
    }
    GatePolicy policy = GatePolicy.defaults().withMaxLift(maxLiftHundredths / 100.0)
        .withAvailabilityLag(Duration.ofHours(lagHours));

    GateResult fromRun = BacktestGate.evaluate(run, policy, NO_REVIEWS, CLOCK);
    GateResult fromEvidence = BacktestGate.evaluate(GateEvidence.of(run, policy), policy, NO_REVIEWS, CLOCK);

    assertThat(fromEvidence).isEqualTo(fromRun);
    Statistics.label("verdict").collect(fromRun.verdict()).coverage(c -> {
      c.check(Verdict.PASSED).count(n -> n > 0);
      c.check(Verdict.FAILED).count(n -> n > 0);
    });
    Statistics.label("findings").collect(fromRun.findings().stream().map(Finding::kind).sorted().toList())
        .coverage(c -> c.check(java.util.List.of("point-in-time")).count(n -> n > 0));
  }

  /** What values of the feature 'status' the run records for the feature–label screen. */
  enum ScreenedValues {
    NONE,
    /** The label, slightly blurred: a proxy the screen must flag. */
    PROXY,
    /** Noise, with missing values. */
    NOISE,
    /** A handful of categories. */
    CATEGORIES;

    void record(BacktestRun.Builder builder, GateFixtures.Data d, int seed) {
      java.util.Random random = new java.util.Random(seed);
      int n = d.candidate().length;
      switch (this) {
        case NONE -> { }
        case PROXY -> builder.featureValues("status", java.util.stream.IntStream.range(0, n)
            .mapToDouble(i -> (d.labels()[i] ? 1 : 0) + 0.2 * random.nextGaussian()).toArray());
        case NOISE -> builder.featureValues("status", random.doubles(n).map(v -> v < 0.1 ? Double.NaN : v)
            .toArray());
        case CATEGORIES -> builder.featureCategories("status", random.ints(n, -1, 5).toArray());
      }
    }
  }

  @Test
  void aTableLogHistoryTravelsWithTheEvidenceAndItsVersionIsBoundIntoTheFingerprint() {
    GateFixtures.Data d = data(5, 300, 1.0, 0.95);
    BacktestRun plain = run("com.acme.Backtest#gbm", d).build();
    BacktestRun read = run("com.acme.Backtest#gbm", d).input(tableHistory()).build();

    GateEvidence evidence = GateEvidence.of(read, GatePolicy.defaults());
    GateResult result = BacktestGate.evaluate(evidence, GatePolicy.defaults(), NO_REVIEWS, CLOCK);

    assertThat(evidence.part(HistoryEvidence.class).orElseThrow().tableHistories()).containsExactly(tableHistory());
    assertThat(evidence.fingerprint()).isEqualTo(BacktestGate.fingerprint(read))
        .isNotEqualTo(BacktestGate.fingerprint(plain));
    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.findings()).extracting(Finding::kind)
        .contains("check-failed", "rewritten-history", "late-writes");
    assertThat(result).isEqualTo(BacktestGate.evaluate(read, GatePolicy.defaults(), NO_REVIEWS, CLOCK));
  }

  @Test
  void aDecisionAfterNowFailsBothWaysAndNamesTheLatestRow() {
    GateFixtures.Data d = data(3, 200, 1.0, 0.95);
    d.decided()[150] = NOW.toEpochMilli() + DAY;
    BacktestRun run = run("com.acme.Backtest#gbm", d).build();

    GateResult fromRun = BacktestGate.evaluate(run, GatePolicy.defaults(), NO_REVIEWS, CLOCK);
    GateResult fromEvidence =
        BacktestGate.evaluate(GateEvidence.of(run, GatePolicy.defaults()), GatePolicy.defaults(), NO_REVIEWS, CLOCK);

    assertThat(fromRun.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(fromEvidence.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(fromEvidence.unresolved()).singleElement().isInstanceOfSatisfying(Finding.CheckFailed.class, f ->
        assertThat(f.reason()).startsWith("row 150 is decided at 2026-12-03T10:00:00Z, after now "
            + "(2026-12-02T10:00:00Z)").contains("epoch milliseconds"));
  }

  @Test
  void evidenceComputedUnderAnotherLagOrConfidenceFailsNamingBothAndTheKey() {
    BacktestRun run = run("com.acme.Backtest#gbm", data(1, 500, 1.0, 0.95)).build();
    GateEvidence evidence = GateEvidence.of(run, GatePolicy.defaults());
    GatePolicy stricter = GatePolicy.defaults().withAvailabilityLag(Duration.ofHours(1)).withConfidence(0.99);

    GateResult result = BacktestGate.evaluate(evidence, stricter, NO_REVIEWS, CLOCK);

    assertThat(BacktestGate.evaluate(evidence, GatePolicy.defaults(), NO_REVIEWS, CLOCK).verdict())
        .isEqualTo(Verdict.PASSED);
    assertThat(result.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(result.unresolved()).extracting(f -> ((Finding.CheckFailed) f).reason()).containsExactly(
        "the evidence's interval was computed at confidence 0.95 but the gate's policy uses 0.99 "
            + "(backtestgate.confidence): compute the evidence at 0.99.",
        "the evidence's point-in-time results were computed with an availability lag of PT0S but the gate's policy "
            + "uses PT1H (backtestgate.availability-lag): compute the evidence with a lag of PT1H.",
        "the evidence's lift per period was computed at confidence 0.95 but the gate's policy uses 0.99 "
            + "(backtestgate.confidence): measure it at 0.99.");
  }

  @Test
  void evidenceThatLeavesATimedFeatureUncheckedIsRefused() {
    GateEvidence e = GateEvidence.of(run("g#m", data(1, 300, 1.0, 0.95)).build(), GatePolicy.defaults());

    GateEvidence bare = new GateEvidence(e.gateId(), e.summary(), e.comparison(), e.timelessReasons(),
        e.latestDecision(), e.latestDecisionRow(), e.fingerprint());
    assertThatThrownBy(() -> bare.with(new PointInTimeEvidence(Duration.ZERO, Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("point-in-time results are given for [] but the timed features are [balance]")
        .hasMessageContaining("an unchecked feature is not a pass");
    GateResult unchecked = BacktestGate.evaluate(bare.with(e.part(LiftTrend.class).orElseThrow()),
        GatePolicy.defaults(), NO_REVIEWS, CLOCK);
    assertThat(unchecked.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(unchecked.unresolved()).extracting(f -> ((Finding.CheckFailed) f).reason()).containsExactly(
        "the evidence carries no point-in-time results, but the features [balance] are timed: add a "
            + "PointInTimeEvidence with each timed feature's result (an unchecked feature is not a pass).");
    assertThatThrownBy(() -> e.with(e.part(PointInTimeEvidence.class).orElseThrow()))
        .hasMessageContaining("the evidence already carries point-in-time results (for [balance])");
  }

  @Test
  void everyPartThatDoesNotFitIsNamedAtOnce() {
    GateEvidence e = GateEvidence.of(run("g#m", data(1, 300, 1.0, 0.95)).build(), GatePolicy.defaults());
    RunSummary oneClass = new RunSummary("gbm-v7", "prod-v3", 300, 0, e.summary().features(),
        e.summary().timelessFeatures());
    Map<String, Optional<PointInTimeViolation>> wrongLag = new LinkedHashMap<>();
    wrongLag.put("balance", Optional.of(new PointInTimeViolation("balance", 1, 300, 300, Duration.ofHours(1),
        Duration.ofHours(2), java.util.List.of())));

    Map<Class<?>, EvidencePart<?>> parts = Map.of(PointInTimeEvidence.class,
        new PointInTimeEvidence(Duration.ZERO, wrongLag));
    assertThatThrownBy(() -> new GateEvidence(" ", oneClass, e.comparison(), e.timelessReasons(), e.latestDecision(),
        300, "sha256:xyz", parts))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the gate id is blank")
        .hasMessageContaining("the fingerprint 'sha256:xyz' is not 'sha256-v2:' and 64 lower-case hex digits")
        .hasMessageContaining("fix how it is computed");
    assertThatThrownBy(() -> new GateEvidence("g#m", oneClass, e.comparison(), e.timelessReasons(),
        e.latestDecision(), 300, e.fingerprint(), parts))
        .hasMessageContaining("300 rows and 0 positives; an AUC needs at least one positive and one negative row")
        .hasMessageContaining("the latest decision's row 300 is not a row (0..299)");
    GateEvidence base = new GateEvidence("g#m", e.summary(), e.comparison(), e.timelessReasons(), e.latestDecision(),
        e.latestDecisionRow(), e.fingerprint());
    assertThatThrownBy(() -> base.with(new PointInTimeEvidence(Duration.ZERO, wrongLag)))
        .hasMessageContaining("filed under 'balance' is of 'balance' over 300 rows with a lag of PT2H, not of "
            + "'balance' over 300 rows with a lag of PT0S");
    assertThatThrownBy(() -> new GateEvidence("g#m", e.summary(), e.comparison(), e.timelessReasons(),
        e.latestDecision(), e.latestDecisionRow(), e.fingerprint(), Map.of(LiftTrend.class,
        e.part(PointInTimeEvidence.class).orElseThrow())))
        .hasMessageContaining("the part filed under LiftTrend is a PointInTimeEvidence: add parts with with(part)");
  }

  @Test
  void aRunWithWhatEvidenceCannotCarryIsRefusedNotTrimmed() {
    GateFixtures.Data d = data(1, 300, 1.0, 0.95);
    BacktestRun run = run("g#m", d).training(d.decided(), d.decided()).featureValues("balance", d.candidate())
        .build();

    assertThatThrownBy(() -> GateEvidence.of(run, GatePolicy.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Run g#m records training rows (label horizon, train/test overlap), which gate evidence does "
            + "not carry: evaluate the run itself with BacktestGate.evaluate(run, ...).");
  }

  @Test
  void aFeatureThatAloneSeparatesTheClassesFailsBothWays() {
    for (ScreenedValues screened : ScreenedValues.values()) {
      GateFixtures.Data d = data(4, 400, 1.0, 0.95);
      BacktestRun.Builder builder = run("com.acme.Backtest#gbm", d).feature("status", d.known());
      screened.record(builder, d, 4);
      BacktestRun run = builder.build();

      GateResult fromRun = BacktestGate.evaluate(run, GatePolicy.defaults(), NO_REVIEWS, CLOCK);
      GateResult fromEvidence = BacktestGate.evaluate(GateEvidence.of(run, GatePolicy.defaults()),
          GatePolicy.defaults(), NO_REVIEWS, CLOCK);

      assertThat(fromEvidence).as(screened.name()).isEqualTo(fromRun);
      assertThat(fromRun.unresolved()).as(screened.name()).hasSize(screened == ScreenedValues.PROXY ? 1 : 0)
          .allSatisfy(f -> assertThat(f).isInstanceOf(FeatureLabelFinding.class));
    }
  }

  @Test
  void aScreenComputedElsewhereIsJudgedAndMustFitTheEvidence() {
    GateFixtures.Data d = data(1, 300, 1.0, 0.95);
    GateEvidence plain = GateEvidence.of(run("g#m", d).build(), GatePolicy.defaults());
    java.util.Random random = new java.util.Random(5);
    double[] nearLabel = new double[d.labels().length]; // the label, blurred: AUC about 0.95
    for (int i = 0; i < nearLabel.length; i++) {
      nearLabel[i] = (d.labels()[i] ? 1 : 0) + 0.4 * random.nextGaussian();
    }
    FeatureScore proxy = FeatureLabelScreen.screen(d.labels(), new FeatureColumn.Numeric("balance", nearLabel), 0.95);
    assertThat(proxy.auc()).isBetween(0.9, 0.999);

    GateResult flagged = BacktestGate.evaluate(plain.with(FeatureScreen.of(proxy)), GatePolicy.defaults(), NO_REVIEWS,
        CLOCK);
    assertThat(flagged.unresolved()).singleElement().isInstanceOfSatisfying(FeatureLabelFinding.class,
        f -> assertThat(f.score()).isEqualTo(proxy));
    assertThat(BacktestGate.evaluate(plain.with(FeatureScreen.of(proxy)), GatePolicy.defaults().with(new FeatureLabelSettings(0.999)),
        NO_REVIEWS, CLOCK).verdict()).isEqualTo(Verdict.PASSED);

    FeatureScore at99 = FeatureLabelScreen.screen(d.labels(), new FeatureColumn.Numeric("balance", nearLabel), 0.99);
    assertThat(BacktestGate.evaluate(plain.with(FeatureScreen.of(at99)), GatePolicy.defaults().with(new FeatureLabelSettings(0.999)),
        NO_REVIEWS, CLOCK).unresolved()).extracting(f -> ((Finding.CheckFailed) f).reason()).containsExactly(
        "the feature-label screen of 'balance' was computed at confidence 0.99 but the gate's policy uses 0.95 "
            + "(backtestgate.confidence): screen it at 0.95.");

    FeatureScore stranger = FeatureLabelScreen.screen(d.labels(), new FeatureColumn.Numeric("branch", nearLabel),
        0.95);
    assertThatThrownBy(() -> plain.with(FeatureScreen.of(proxy, proxy, stranger)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the feature screen scores 'balance' twice: screen each feature once")
        .hasMessageContaining("the feature screen scores 'branch', which is not among the features [balance, region]");
  }

  private static EventLog cleanLog() {
    return log(false);
  }

  private static EventLog editedLog() {
    return log(true);
  }

  private static EventLog log(boolean edited) {
    EventLog.NumericBuilder b = EventLog.numericBuilder("balances");
    long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    for (int i = 0; i < 60; i++) {
      b.add(i % 3, start + i * DAY, edited && i == 5 ? start + 200 * DAY : start + i * DAY, edited && i == 5 ? -1 : i);
    }
    return b.build();
  }

  /** A history read from a table's own log: an unreadable part of the window, a rewrite and late writes. */
  private static dev.backtestgate.history.TableHistory tableHistory() {
    return new dev.backtestgate.history.TableHistory("/lake/status", "delta", 12, "since version 3",
        editedHistory(), LateWriteDetector.withDefaults().detect(editedLog()),
        java.util.List.of("the log no longer holds versions 3 to 5 (delta.logRetentionDuration)"));
  }

  private static dev.backtestgate.history.HistoryCheckResult editedHistory() {
    long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    HistoryManifest manifest = HistoryManifest.of(cleanLog(), PartitionGranularity.DAY,
        Instant.ofEpochMilli(start + 40 * DAY));
    return HistoryCheck.compare(manifest, editedLog());
  }
}
