package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.GateFixtures.DAY;
import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateFixtures;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.trials.TrialsSettings;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOffStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateReporterTests {
  private static final String GATE = "com.acme.ChurnBacktest#gbm";
  @TempDir Path repo;
  private ReviewStore store;
  private ReportFiles reports;

  @BeforeEach
  void setUp() throws Exception {
    store = ReviewStore.directory(repo.resolve("leakage-reviews"));
    Files.createDirectories(store.directory());
    reports = new ReportFiles(repo.resolve("target/backtest-gate"));
  }

  private static BacktestRun leakyRun() {
    return run(GATE, data(7, 3_000, 1.8, 0.9)).build();
  }

  private PublishedGate publish(BacktestRun run, Mode mode, Clock clock) {
    GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults().with(TrialsSettings.DEFAULTS.withLedger(
        Optional.of(repo.resolve(TrialsSettings.DEFAULT_LEDGER)))), store, clock);   // the ledger in the project
    return Published.publish(run, result, mode, reports, store);
  }

  private String abs(String text) {
    return text.replace(repo.toString(), "/abs");
  }

  @Test
  void goldenFailureText() {
    PublishedGate g = publish(leakyRun(), Mode.LOCAL, CLOCK);
    assertThat(abs(g.text())).isEqualTo("""
        Leakage gate FAILED: com.acme.ChurnBacktest#gbm
        AUC lift +0.151 (candidate gbm-v7 0.863 vs baseline prod-v3 0.712, 95% CI +0.138..+0.164)
        is above the 0.050 limit. A lift this large is the classic signature of leaked future data.
        No leakage review covers it. To sign one off:
          1. Read the evidence: /abs/target/backtest-gate/com.acme.ChurnBacktest#gbm.json
          2. One command writes the review from this evidence and checks every field: mvn backtest-gate:sign-off -Dgate='com.acme.ChurnBacktest#gbm' -Dreviewer=<you> -Drationale='<why it is not a leak>' -Dattest=all (Maven), or backtest-gate sign-off --gate='com.acme.ChurnBacktest#gbm' --reviewer=<you> --rationale='<why it is not a leak>' --attest=all (the command-line tool, any build). By hand:
          3. mkdir -p '/abs/leakage-reviews' && cp '/abs/target/backtest-gate/pending/com.acme.ChurnBacktest#gbm.json' '/abs/leakage-reviews/com.acme.ChurnBacktest#gbm.json'
          4. In /abs/leakage-reviews/com.acme.ChurnBacktest#gbm.json set "decision" (approved or rejected), "reviewer", "reviewedOn" (today, YYYY-MM-DD), "expiresOn" (YYYY-MM-DD, e.g. in 90 days), "rationale", and set every checklist item to true once checked: preprocessingFitOnTrainingDataOnly, noDuplicatesAcrossTrainAndTest, featuresKnownAtDecisionTime, noTargetDerivedFeatures, testPeriodAfterTrainingLabelsResolved.
          5. Commit /abs/leakage-reviews/com.acme.ChurnBacktest#gbm.json with the change under review.
        Trials: recorded in the trials ledger /abs/.backtest-gate/trials.
        """);
  }

  @Test
  void verifyModeWritesNoPendingFileAndSaysHowToGetOne() {
    PublishedGate g = publish(leakyRun(), Mode.VERIFY, CLOCK);
    assertThat(g.pendingWritten()).isFalse();
    assertThat(g.pendingFile()).doesNotExist();
    assertThat(abs(g.text())).contains("  2. Run this backtest locally (backtestgate.mode=local, the default outside "
        + "CI): it writes /abs/target/backtest-gate/pending/com.acme.ChurnBacktest#gbm.json to copy to "
        + "/abs/leakage-reviews/com.acme.ChurnBacktest#gbm.json; then set \"decision\"");
  }

  @Test
  void noModeEverWritesIntoTheReviewDirectory() throws Exception {
    for (Mode mode : List.of(Mode.LOCAL, Mode.VERIFY)) {
      publish(leakyRun(), mode, CLOCK);
      BacktestRun pit = run("g#pit", data(3, 500, 1.0, 0.9)).feature("late", new long[500]).build();
      publish(pit, mode, CLOCK);
    }
    try (Stream<Path> files = Files.list(store.directory())) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aFilledInPendingSignOffMakesTheSameRunPass() throws Exception {
    PublishedGate failed = publish(leakyRun(), Mode.LOCAL, CLOCK);
    String pending = Files.readString(failed.pendingFile());
    assertThat(pending).contains("\"decision\": \"\"", "\"gate\": \"" + GATE + "\"");
    String filled = pending
        .replace("\"decision\": \"\"", "\"decision\": \"approved\"")
        .replace("\"reviewer\": \"\"", "\"reviewer\": \"ana@acme.com\"")
        .replace("\"reviewedOn\": \"\"", "\"reviewedOn\": \"2026-12-01\"")
        .replace("\"expiresOn\": \"\"", "\"expiresOn\": \"2027-03-01\"")
        .replace("\"rationale\": \"\"", "\"rationale\": \"New bureau features; checked joins.\"")
        .replace("false", "true");
    Files.writeString(store.locationOf(GATE), filled);

    PublishedGate passed = publish(leakyRun(), Mode.LOCAL, CLOCK);
    assertThat(passed.result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(abs(passed.text())).startsWith("Leakage gate PASSED with sign-off: " + GATE + "\n")
        .endsWith("Covered by the leakage review /abs/leakage-reviews/" + GATE + ".json, approved by ana@acme.com "
            + "on 2026-12-01, valid until 2027-03-01.\nTrials: recorded in the trials ledger /abs/.backtest-gate/trials.\n");

    Clock later = Clock.offset(CLOCK, Duration.ofDays(120));
    PublishedGate expired = publish(leakyRun(), Mode.LOCAL, later);
    assertThat(expired.result().signOff()).isInstanceOf(SignOffStatus.Expired.class);
    assertThat(expired.text()).contains("expired on 2027-03-01 (today is 2027-04-01). To renew it:");

    BacktestRun changedData = run(GATE, data(8, 3_000, 1.8, 0.9)).build();
    PublishedGate stale = publish(changedData, Mode.LOCAL, CLOCK);
    assertThat(stale.result().signOff()).isInstanceOf(SignOffStatus.Stale.class);
    assertThat(stale.text()).contains("no longer covers it: its fingerprint does not match this run's. It was signed "
        + "for data sha256-v2:", "The rows (labels, decision or knowledge times, recorded values), the model names "
        + "or the feature set changed since the review, or the file was copied from another run (scores are not "
        + "fingerprinted: retraining on the same data keeps a sign-off)", "To review it again:")
        .doesNotContain("labels, scores");

  }

  @Test
  void eachWayOfNotCoveringHasItsOwnMessage() throws Exception {
    PublishedGate failed = publish(leakyRun(), Mode.LOCAL, CLOCK);
    String pending = Files.readString(failed.pendingFile());
    Path file = store.locationOf(GATE);

    Files.writeString(file, pending);
    assertThat(publish(leakyRun(), Mode.LOCAL, CLOCK).text()).contains("has no decision yet");

    Files.writeString(file, pending.replace("\"decision\": \"\"", "\"decision\": \"approved\""));
    assertThat(publish(leakyRun(), Mode.LOCAL, CLOCK).text())
        .contains("is incomplete: reviewer, reviewedOn, expiresOn, rationale, checklist.");

    Files.writeString(file, pending.replace("\"decision\": \"\"", "\"decision\": \"rejected\"")
        .replace("\"rationale\": \"\"", "\"rationale\": \"status is the outcome in disguise\""));
    PublishedGate rejected = publish(leakyRun(), Mode.LOCAL, CLOCK);
    assertThat(rejected.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(rejected.text()).contains("REJECTED this backtest:\n  \"status is the outcome in disguise\"");

    Files.writeString(file, pending.replace("\"rows\":", "\"rowz\":"));
    assertThat(publish(leakyRun(), Mode.LOCAL, CLOCK).text())
        .contains("cannot be read: at $.reviewed.rowz, unknown field 'rowz'");

    Files.writeString(file, pending.replace("\"gate\": \"" + GATE, "\"gate\": \"other#gate"));
    assertThat(publish(leakyRun(), Mode.LOCAL, CLOCK).text())
        .contains("is for gate 'other#gate', not '" + GATE + "': it was copied to the wrong name");
  }

  @Test
  void rejectedAndMalformedReviewsFailEvenWithoutFindings() throws Exception {
    BacktestRun fine = run(GATE, data(1, 2_000, 1.0, 0.95)).build();
    Files.writeString(store.locationOf(GATE), "not json");
    PublishedGate g = publish(fine, Mode.LOCAL, CLOCK);
    assertThat(g.result().findings()).isEmpty();
    assertThat(g.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(g.text()).contains("cannot be read: at $, not valid JSON");
  }

  @Test
  void liftGrowthBeyondToleranceVoidsTheSignOff() throws Exception {
    PublishedGate failed = publish(leakyRun(), Mode.LOCAL, CLOCK);
    double lift = failed.result().comparison().lift();
    double candidateAuc = failed.result().comparison().candidateAuc();
    String filled = Files.readString(failed.pendingFile())
        .replace("\"decision\": \"\"", "\"decision\": \"approved\"")
        .replace("\"reviewer\": \"\"", "\"reviewer\": \"ana\"")
        .replace("\"reviewedOn\": \"\"", "\"reviewedOn\": \"2026-12-01\"")
        .replace("\"expiresOn\": \"\"", "\"expiresOn\": \"2027-03-01\"")
        .replace("\"rationale\": \"\"", "\"rationale\": \"ok\"")
        .replace("false", "true")
        .replace("\"lift\": " + lift, "\"lift\": " + (lift - 0.02))
        // the reviewed lift is the reviewed AUCs' difference: a review of a weaker candidate
        .replace("\"candidateAuc\": " + candidateAuc, "\"candidateAuc\": " + (candidateAuc - 0.02))
        // and the claim it embeds is that weaker run's too (a claim that disagrees with "reviewed" is malformed)
        .replace("\"value\": " + lift, "\"value\": " + (lift - 0.02))
        .replace("\"auc\": " + candidateAuc, "\"auc\": " + (candidateAuc - 0.02));
    Files.writeString(store.locationOf(GATE), filled);
    PublishedGate g = publish(leakyRun(), Mode.LOCAL, CLOCK);
    assertThat(g.result().signOff()).isInstanceOf(SignOffStatus.LiftGrew.class);
    assertThat(g.text()).contains("beyond the 0.010 tolerance (backtestgate.lift-tolerance)");
  }

  @Test
  void pointInTimeFailureNamesFeatureCountsAndExamples() {
    GateFixtures.Data d = data(1, 1_000, 1.0, 0.95);
    long[] status = d.decided().clone();
    for (int i = 0; i < status.length; i += 40) {
      status[i] += 37 * DAY + 4 * 3_600_000L;
    }
    PublishedGate g = publish(run(GATE, d).feature("status", status).build(), Mode.LOCAL, CLOCK);
    assertThat(g.text()).contains(
        "Feature 'status' was recorded after the decision time in 25 of 1,000 rows (2.5%), up to 37d 4h late.\n"
            + "  e.g. row 0 decided 2026-01-01T00:00:00Z, known 2026-02-07T04:00:00Z\n"
            + "       row 40 decided 2026-01-02T16:00:00Z, known 2026-02-08T20:00:00Z\n",
        "its backtest score is not evidence.",
        "waive it in \"waivers\": {\"kind\": \"point-in-time\", \"subject\": \"status\", \"reason\": \"...\"}",
        "backtestgate.availability-lag");
  }

  @Test
  void jsonReportCarriesTheWholeResult() throws Exception {
    PublishedGate g = publish(leakyRun(), Mode.LOCAL, CLOCK);
    JsonNode json = new ObjectMapper().readTree(g.reportFile().toFile());
    assertThat(json.get("verdict").asText()).isEqualTo("FAILED");
    assertThat(json.get("comparison").get("lift").asDouble()).isEqualTo(g.result().comparison().lift());
    assertThat(json.get("schema").asInt()).isEqualTo(2);
    assertThat(json.get("mode").asText()).isEqualTo("local");
    JsonNode lift = json.get("findings").get(0);
    assertThat(lift.get("kind").asText()).isEqualTo("lift");
    assertThat(lift.get("subject").asText()).isEmpty();
    assertThat(lift.get("resolution").asText()).isEqualTo("sign-off");
    assertThat(lift.get("headline").asText()).isEqualTo("AUC lift +0.151 is above the 0.050 limit.");
    assertThat(lift.get("evidence").get("maxLift").asDouble()).isEqualTo(0.05);
    assertThat(json.get("comparison").get("z").asDouble()).isEqualTo(g.result().comparison().z());
    assertThat(json.get("signOff").get("status").asText()).isEqualTo("missing");
    assertThat(json.get("pendingSignOff").get("written").asBoolean()).isTrue();
    assertThat(json.get("evaluatedOn").asText()).isEqualTo(LocalDate.now(CLOCK).toString());
  }

  @Test
  void eightThreadsPublishingAGateThatNowPassesAllClearItsLeftoverPendingSignOff() throws Exception {
    Path pending = publish(leakyRun(), Mode.LOCAL, CLOCK).pendingFile();
    String leftover = Files.readString(pending);
    BacktestRun fine = run(GATE, data(1, 2_000, 1.0, 0.95)).build();
    GateResult passed = BacktestGate.evaluate(fine, GatePolicy.defaults(), store, CLOCK);
    assertThat(passed.verdict()).isEqualTo(Verdict.PASSED);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      for (int round = 0; round < 10; round++) {
        Files.writeString(pending, leftover);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<PublishedGate>> all = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          all.add(pool.submit(() -> {
            start.await();
            return Published.publish(fine, passed, Mode.LOCAL, reports, store);
          }));
        }
        start.countDown();
        for (Future<PublishedGate> f : all) {
          assertThat(f.get().result().verdict()).isEqualTo(Verdict.PASSED); // none threw "does not exist"
        }
        assertThat(pending).doesNotExist();
      }
    } finally {
      pool.shutdown();
      assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue(); // no thread writes after the test ends
    }
  }

  @Test
  void reportDirectoryInsideReviewDirectoryIsRefused() {
    GateResult result = BacktestGate.evaluate(leakyRun(), GatePolicy.defaults(), store, CLOCK);
    ReportFiles inside = new ReportFiles(store.directory().resolve("out"));
    assertThatThrownBy(() -> Published.publish(leakyRun(), result, Mode.LOCAL, inside, store))
        .hasMessageContaining("lies inside the review directory")
        .hasMessageContaining("backtestgate.report-dir");
    assertThatThrownBy(() -> Published.publish(leakyRun(), result, Mode.AUTO, reports, store))
        .hasMessageContaining("mode auto must be resolved");
  }
}
