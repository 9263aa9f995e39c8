package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import dev.backtestgate.cli.workflow.fixtures.DirectFixture;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The reviewer's goals on the files of real gate runs (the JUnit extension through the JUnit Platform). */
class ReviewActionsTests {
  private static final String GATE = "dev.backtestgate.cli.workflow.fixtures.DirectFixture#gbm";
  private static final LocalDate TODAY = LocalDate.now(Clock.systemUTC());

  @TempDir
  Path module;
  Path reports;
  Path reviews;
  ReviewActions actions;

  @BeforeEach
  void failingGateInLocalMode() {
    reports = module.resolve("target/backtest-gate");
    reviews = module.resolve("leakage-reviews");
    runGate("local");
    actions = new ReviewActions(module, module, reports, reviews, TODAY);
  }

  private void runGate(String mode) {
    EngineTestKit.engine("junit-jupiter")
        .selectors(selectMethod(DirectFixture.class, "gbm", "dev.backtestgate.junit.Backtest"))
        .configurationParameter("backtestgate.report-dir", reports.toString())
        .configurationParameter("backtestgate.review-dir", reviews.toString())
        .configurationParameter("backtestgate.mode", mode)
        .execute();
  }

  private GateReport report() throws IOException {
    return GateReports.readOne(reports.resolve(GATE + ".json"));
  }

  private static ReviewActions.Request request(String reviewer, String rationale, String attest) {
    return new ReviewActions.Request(GATE, reviewer, rationale, attest, null, false);
  }

  @Test
  void pendingListsHeadlineLiftReportsAndTheCommand() {
    List<String> lines = actions.pending();
    String text = String.join("\n", lines);
    assertThat(lines.get(0)).isEqualTo("1 pending sign-off under " + reports.resolve("pending") + ":");
    assertThat(text).contains("  " + GATE + "\n    Leakage gate FAILED: " + GATE + ": AUC lift +")
        .contains("\n    lift +0.")
        .contains("    JSON report: " + reports.resolve(GATE + ".json"))
        .contains("    HTML report: " + reports.resolve(GATE + ".html"))
        .contains("    sign off:  mvn backtest-gate:sign-off -Dgate='" + GATE + "' -Dreviewer='<you>' "
            + "-Drationale='<why the lift is real>' -Dattest=all");
    assertThat(reviews).doesNotExist();
  }

  @Test
  void signOffNamesEveryMissingFieldAndWritesNothing() {
    assertThatThrownBy(() -> actions.decide(new ReviewActions.Request(GATE, " ", null, "", null, false), true))
        .isInstanceOf(Refusal.class)
        .hasMessageStartingWith("sign-off needs -Dreviewer=<who reviewed, e.g. ana@example.com>, "
            + "-Drationale=<why the lift is real and not a leak>, -Dattest=all (or a comma list of: "
            + "preprocessingFitOnTrainingDataOnly, noDuplicatesAcrossTrainAndTest, featuresKnownAtDecisionTime, "
            + "noTargetDerivedFeatures, testPeriodAfterTrainingLabelsResolved).");
    assertThatThrownBy(() -> actions.decide(request("ana", "real", "featuresKnownAtDecisionTime"), true))
        .hasMessageStartingWith("An approval attests every checklist item; not attested: "
            + "preprocessingFitOnTrainingDataOnly, noDuplicatesAcrossTrainAndTest, noTargetDerivedFeatures, "
            + "testPeriodAfterTrainingLabelsResolved.");
    assertThatThrownBy(() -> actions.decide(request("ana", "real", "all,noLeaks"), true))
        .hasMessageStartingWith("-Dattest names unknown checklist items: noLeaks.");
    assertThatThrownBy(() -> actions.decide(
        new ReviewActions.Request(GATE, "ana", "real", "all", "2001-01-01", false), true))
        .hasMessageStartingWith("-Dexpires=2001-01-01 is 2001-01-01, before today");
    assertThatThrownBy(() -> actions.decide(new ReviewActions.Request("nope#*", "ana", "real", "all", null, false), true))
        .hasMessageStartingWith("sign-off refused: no pending sign-off under " + reports.resolve("pending")
            + " is for a gate matching 'nope#*'.")
        .hasMessageContaining("Pending gates: " + GATE);
    assertThat(reviews).doesNotExist();
  }

  @Test
  void signOffWritesAReviewTheGateAccepts() throws IOException, Refusal {
    List<String> out = actions.decide(new ReviewActions.Request("*DirectFixture#g?m", "ana@example.com",
        "gbm learns the tenure spike", "all", "+30d", false), true);
    Path review = reviews.resolve(GATE + ".json");
    assertThat(out).containsExactly(
        "Wrote " + review + ": " + GATE + " approved by ana@example.com on " + TODAY + ", valid until "
            + TODAY.plusDays(30) + ".",
        "Next, commit it (signing off is a human act, committed like code):",
        "  git add 'leakage-reviews/" + GATE + ".json' && git commit -m 'Leakage review: approve " + GATE
            + " (ana@example.com)'");
    String text = Files.readString(review);
    assertThat(text).contains("\"decision\" : \"approved\"".replace(" : ", ": "))
        .contains("\"reviewedOn\": \"" + TODAY + "\"").contains("\"expiresOn\": \"" + TODAY.plusDays(30) + "\"")
        .contains("\"noTargetDerivedFeatures\": true").endsWith("}\n");
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    assertThat(json.readTree(text).get("claim")).as("the review keeps the claim of the run it covers")
        .isEqualTo(json.readTree(Files.readString(reports.resolve(GATE + ".json"))).get("claim"));
    assertThat(json.readTree(text).path("reviewed").has("trials")).isTrue();
    runGate("verify");
    assertThat(report().verdict()).isEqualTo("PASSED_WITH_SIGN_OFF");
  }

  @Test
  void signOffRefusesWaiversThatWaiveNoFindingOfTheRun() {
    assertThatThrownBy(() -> actions.decide(new ReviewActions.Request(GATE, "ana", "real", "all", null, false,
        "balance=load time"), true))
        .hasMessageContaining(GATE + ": -Dwaive item 'balance=load time' waives no finding of this run: 'balance' is "
            + "not the subject of a waivable finding (nor a kind: a kind goes before a colon, kind:subject=reason); it "
            + "has none that a waiver resolves.");
    assertThatThrownBy(() -> actions.decide(new ReviewActions.Request(GATE, "ana", "real", "all", null, false,
        "region"), true)).hasMessageStartingWith("-Dwaive item 'region' is not kind:subject=reason.");
    assertThatThrownBy(() -> actions.decide(new ReviewActions.Request(GATE, "ana", "no", null, null, false,
        "region=x"), false)).hasMessageStartingWith("-Dwaive with reject: a rejection waives nothing.");
    assertThat(reviews).doesNotExist();
  }

  @Test
  void anApprovalThatCouldNeverCoverAPointInTimeLeakIsRefusedWithTheWaiveItem() {
    runCases("lateAndLifted", "local");

    assertThatThrownBy(() -> actions.decide(casesRequest("lateAndLifted", null), true))
        .isInstanceOf(Refusal.class)
        .hasMessageStartingWith("sign-off refused, nothing was written:")
        .hasMessageContaining(CASES + "lateAndLifted: this approval would never cover the run: 1 finding needs more "
            + "than an approval:\n    - point-in-time (balance): Feature 'balance' was recorded after the decision "
            + "time")
        .hasMessageContaining("Only a waiver with a reason or a fix resolves it; if it is not a leak: "
            + "-Dwaive='point-in-time:balance=<why it is not a leak>'")
        .hasMessageContaining("To approve and waive it (only if not a leak), add: "
            + "-Dwaive='point-in-time:balance=<why it is not a leak>'");
    assertThat(reviews).doesNotExist();
  }

  @Test
  void waiversAreWrittenWithTheKindOfTheFindingTheyWaive() throws IOException, Refusal {
    runCases("lateAndLabelled", "local");

    actions.decide(casesRequest("lateAndLabelled", "balance=recorded at load time; feature-label:refund_flag=set "
        + "by the refunds team before the decision"), true);

    String review = Files.readString(reviews.resolve(CASES + "lateAndLabelled.json"));
    assertThat(review).contains("\"kind\": \"point-in-time\",\n      \"subject\": \"balance\",\n"
        + "      \"reason\": \"recorded at load time\"")
        .contains("\"kind\": \"feature-label\",\n      \"subject\": \"refund_flag\",\n"
        + "      \"reason\": \"set by the refunds team before the decision\"");
    runCases("lateAndLabelled", "verify");
    assertThat(GateReports.readOne(reports.resolve(CASES + "lateAndLabelled.json")).verdict())
        .isEqualTo("PASSED_WITH_SIGN_OFF");
  }

  @Test
  void aWaiverItemWithAKindWaivesOnlyThatKind() {
    runCases("lateAndLabelled", "local");

    assertThatThrownBy(() -> actions.decide(casesRequest("lateAndLabelled", "point-in-time:refund_flag=no"), true))
        .hasMessageContaining("-Dwaive item 'point-in-time:refund_flag=no' waives no finding of this run; its "
            + "waivable findings: point-in-time:balance, feature-label:refund_flag.");
    assertThat(reviews).doesNotExist();
  }

  @Test
  void pendingAsksForTheLiftOnlyWhenTheLiftIsAboveTheLimitAndPrintsTheWaiveItems() {
    runCases("late", "local");

    String text = String.join("\n", actions.pending());

    assertThat(text).contains("    sign off:  mvn backtest-gate:sign-off -Dgate='" + CASES + "late' -Dreviewer='<you>' "
        + "-Drationale='<why it is not a leak>' -Dattest=all -Dwaive='point-in-time:balance=<why it is not a leak>'")
        .contains("    an approval alone cannot cover:\n      - point-in-time (balance): Feature 'balance'")
        .endsWith("-Drationale='<why the lift is real>' -Dattest=all");
    assertThat(reviews).doesNotExist();
  }

  private static final String CASES = ReviewCases.class.getName() + "#";

  private void runCases(String method, String mode) {
    EngineTestKit.engine("junit-jupiter")
        .selectors(selectMethod(ReviewCases.class, method, "dev.backtestgate.junit.Backtest"))
        .configurationParameter("backtestgate.report-dir", reports.toString())
        .configurationParameter("backtestgate.review-dir", reviews.toString())
        .configurationParameter("backtestgate.mode", mode)
        .execute();
  }

  private static ReviewActions.Request casesRequest(String method, String waive) {
    return new ReviewActions.Request(CASES + method, "ana@example.com", "the model is better", "all", null, false,
        waive);
  }

  /** Gates that fail for more than their lift: a late feature, a feature that alone ranks the labels. */
  static class ReviewCases {
    private static final int N = 300;

    @Test
    @LeakageGated
    void late(Backtest backtest) {
      record(backtest, 0.0).feature("balance", known(3_600_000L));
    }

    @Test
    @LeakageGated
    void lateAndLifted(Backtest backtest) {
      record(backtest, 0.4).feature("balance", known(3_600_000L));
    }

    @Test
    @LeakageGated
    void lateAndLabelled(Backtest backtest) {
      double[] refunds = new double[N];
      for (int i = 0; i < N; i++) {
        refunds[i] = i % 3 == 0 ? 6 + (i % 11) : (i % 11) * 0.5;
      }
      record(backtest, 0.4).feature("balance", known(3_600_000L)).timelessFeature("refund_flag", "static")
          .featureValues("refund_flag", refunds);
    }

    private static Backtest record(Backtest backtest, double lift) {
      boolean[] labels = new boolean[N];
      double[] candidate = new double[N];
      double[] baseline = new double[N];
      for (int i = 0; i < N; i++) {
        labels[i] = i % 3 == 0;
        baseline[i] = (i * 37 % 101) / 101.0 + (labels[i] ? 0.3 : 0);
        candidate[i] = baseline[i] + (labels[i] ? lift : 0) + (i % 7 == 0 ? 0.001 : 0);
      }
      return backtest.labels(labels).candidate("cand", candidate).baseline("base", baseline)
          .decisionTimes(known(0));
    }

    private static long[] known(long after) {
      long[] times = new long[N];
      for (int i = 0; i < N; i++) {
        times[i] = 1_767_225_600_000L + i * 86_400_000L + after;
      }
      return times;
    }
  }

  @Test
  void signOffRefusesToReplaceAReviewUnlessTold() throws Refusal, IOException {
    actions.decide(request("ana", "real", "all"), true);
    String first = Files.readString(reviews.resolve(GATE + ".json"));
    assertThatThrownBy(() -> actions.decide(request("bo", "also real", "all"), true))
        .hasMessageContaining("a review already exists: " + reviews.resolve(GATE + ".json")
            + ". Edit it in place, or add -Dreplace=true");
    assertThat(Files.readString(reviews.resolve(GATE + ".json"))).isEqualTo(first);
    actions.decide(new ReviewActions.Request(GATE, "bo", "also real", "all", null, true), true);
    assertThat(Files.readString(reviews.resolve(GATE + ".json"))).contains("\"reviewer\": \"bo\"");
  }

  @Test
  void signOffRefusesAPendingFileOlderThanTheLatestReport() throws IOException {
    Path pending = reports.resolve("pending").resolve(GATE + ".json");
    Files.setLastModifiedTime(pending, FileTime.from(Instant.now().minusSeconds(3600)));
    runGate("verify"); // a later run that wrote no pending file
    assertThatThrownBy(() -> actions.decide(request("ana", "real", "all"), true))
        .hasMessageContaining(GATE + ": the pending file is older than the gate's latest report");
    assertThat(reviews).doesNotExist();
  }

  @Test
  void signOffRefusesAPendingFileForOtherData() throws IOException {
    Path pending = reports.resolve("pending").resolve(GATE + ".json");
    String text = Files.readString(pending);
    Files.writeString(pending, text.replaceAll("\"sha256-v2:[0-9a-f]+\"", "\"sha256-v2:" + "0".repeat(64) + "\""));
    assertThatThrownBy(() -> actions.decide(request("ana", "real", "all"), true))
        .hasMessageContaining("the pending file's fingerprint sha256-v2:" + "0".repeat(64) + " differs from the "
            + "latest report's " + report().fingerprint());
  }

  @Test
  void rejectWritesARejectedReviewThatFailsTheGate() throws IOException, Refusal {
    assertThatThrownBy(() -> actions.decide(new ReviewActions.Request(GATE, "ana", null, null, null, false), false))
        .hasMessageStartingWith("reject needs -Drationale=<why the result is not believed>.");
    actions.decide(new ReviewActions.Request(GATE, "ana", "balance is read after churn", null, null, false), false);
    assertThat(Files.readString(reviews.resolve(GATE + ".json"))).contains("\"decision\": \"rejected\"");
    runGate("verify");
    assertThat(report().verdict()).isEqualTo("FAILED");
    assertThat(report().signOffStatus()).isEqualTo("rejected");
  }

  @Test
  void renewExtendsAMatchingApprovedReviewOnly() throws IOException, Refusal {
    actions.decide(new ReviewActions.Request(GATE, "ana", "real", "all", "+1d", false), true);
    runGate("verify");
    ReviewActions later = new ReviewActions(module, module, reports, reviews, TODAY.plusDays(1));
    assertThatThrownBy(() -> later.renew(new ReviewActions.Request(GATE, "bo", null, "featuresKnownAtDecisionTime",
        null, false))).hasMessageStartingWith("An approval attests every checklist item");
    List<String> out = later.renew(new ReviewActions.Request(GATE, "bo", null, "all", "+60d", false));
    assertThat(out.get(0)).isEqualTo("Renewed " + reviews.resolve(GATE + ".json") + ": " + GATE
        + " re-attested by bo on " + TODAY.plusDays(1) + ", valid until " + TODAY.plusDays(61) + " (was "
        + TODAY.plusDays(1) + ").");
    String renewed = Files.readString(reviews.resolve(GATE + ".json"));
    assertThat(renewed).contains("\"reviewer\": \"bo\"").contains("\"rationale\": \"real\"");

    Files.writeString(reviews.resolve(GATE + ".json"),
        renewed.replaceAll("\"sha256-v2:[0-9a-f]+\"", "\"sha256-v2:" + "1".repeat(64) + "\""));
    assertThatThrownBy(() -> later.renew(new ReviewActions.Request(GATE, "bo", null, "all", null, false)))
        .hasMessageContaining(GATE + ": the data changed since the review (fingerprint sha256-v2:" + "1".repeat(64));
  }

  /**
   * A review made knowing fewer trials than the ledger now counts is not renewed: a renewal would re-date the old
   * count. (The report is the gate's own, its status set as a run over a grown ledger writes it; the trials story
   * itself is in the core's {@code TrialsGateTests}.)
   */
  @Test
  void renewRefusesAReviewTheTrialsOutgrew() throws IOException, Refusal {
    actions.decide(new ReviewActions.Request(GATE, "ana", "real", "all", "+1d", false), true);
    runGate("verify");
    Path report = reports.resolve(GATE + ".json");
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode tree =
        (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(Files.readString(report));
    tree.putObject("signOff").put("status", "trials-grew").put("file", reviews.resolve(GATE + ".json").toString())
        .put("reviewedTrials", 30).put("currentTrials", 31);
    Files.writeString(report, json.writerWithDefaultPrettyPrinter().writeValueAsString(tree));
    String before = Files.readString(reviews.resolve(GATE + ".json"));
    ReviewActions later = new ReviewActions(module, module, reports, reviews, TODAY.plusDays(1));

    assertThatThrownBy(() -> later.renew(new ReviewActions.Request(GATE, "bo", null, "all", "+60d", false)))
        .hasMessageStartingWith("renew refused, nothing was written:")
        .hasMessageContaining(GATE + ": the trials ledger counts more trials on these rows than the review recorded; "
            + "a renewal would keep the old count. Confirm the lift on a later window, or review the new run knowing "
            + "the count and sign it off again from its pending file (sign-off -Dreplace=true).");
    assertThat(Files.readString(reviews.resolve(GATE + ".json"))).isEqualTo(before);
  }

  @Test
  void renewRefusesARejectedReview() throws Refusal {
    actions.decide(new ReviewActions.Request(GATE, "ana", "leaks", null, null, false), false);
    assertThatThrownBy(() -> actions.renew(new ReviewActions.Request(GATE, "bo", null, "all", null, false)))
        .hasMessageContaining(GATE + ": the review is rejected; only an approved review is renewed.");
  }

  private static HistoryChange.Request change(String manifest, String to) {
    return new HistoryChange.Request(manifest, to, "ana", "DATA-1234", "status codes normalized", "true", null);
  }

  private static EventLog statements(double secondValue) {
    return EventLog.numericBuilder("statements")
        .add(1, Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T01:00:00Z"), 10.0)
        .add(2, Instant.parse("2026-01-02T00:00:00Z"), Instant.parse("2026-01-02T01:00:00Z"), secondValue)
        .build();
  }

  private Path propose(double secondValue) throws IOException {
    return HistoryManifest.of(statements(secondValue), PartitionGranularity.DAY, Instant.parse("2026-02-01T00:00:00Z"))
        .writeProposed(reports, Path.of("history/statements.json"));
  }

  @Test
  void acceptHistoryCopiesTheCoresProposedManifestToItsCommittedPath() throws IOException, Refusal {
    assertThatThrownBy(() -> actions.acceptHistory(change("statements.json", "history/statements.json")))
        .hasMessageStartingWith("accept-history refused: no proposed history manifest under "
            + reports.resolve("history-manifests") + ".");
    Path proposed = propose(20.0);
    Files.writeString(proposed.resolveSibling("broken.json"), "{\"schema\": 1} trailing");
    assertThatThrownBy(() -> actions.acceptHistory(change(null, null)))
        .hasMessageStartingWith("accept-history needs -Dmanifest=<one of: broken.json, statements.json>.");
    assertThatThrownBy(() -> actions.acceptHistory(change("*.json", "history/x.json")))
        .hasMessageStartingWith("accept-history refused: -Dto and -Drollback name one manifest, but '*.json' matches 2");
    assertThatThrownBy(() -> actions.acceptHistory(change("broken.json", "history/broken.json")))
        .hasMessageContaining("broken.json: not a history manifest this version reads: ");
    assertThatThrownBy(() -> actions.acceptHistory(change("statements.json", "../outside.json")))
        .hasMessageContaining("statements.json: ../outside.json leads outside the module directory");
    List<String> out = actions.acceptHistory(change("statements.json", "history/statements.json"));
    assertThat(Files.readString(module.resolve("history/statements.json"))).isEqualTo(Files.readString(proposed));
    assertThat(out).contains("History of statements rewritten in 2026-01-01, 2026-01-02; change record"
        + " history/statements.changes/" + TODAY + "-DATA-1234.json, rollback none (no earlier manifest), announced true.");
    assertThat(out.get(out.size() - 1)).isEqualTo("  git add 'history/statements.changes/" + TODAY + "-DATA-1234.json'"
        + " 'history/statements.json' && git commit -m 'History of statements rewritten (DATA-1234), accepted by ana'");
  }

  @Test
  void acceptHistoryRefusesAMissingFieldByName() throws IOException {
    propose(20.0);
    assertThatThrownBy(() -> actions.acceptHistory(new HistoryChange.Request("statements.json", null, "ana", null,
        " ", "maybe", null)))
        .hasMessageStartingWith("accept-history needs -Dticket=<the change ticket, e.g. DATA-1234>,"
            + " -Dreason=<why the history was rewritten>, -Dannounced=true|false (whether the owners of the"
            + " backtests below were told; got 'maybe').");
    assertThatThrownBy(() -> actions.acceptHistory(new HistoryChange.Request("statements.json", null, "ana",
        "DATA-1\u0007", "why", "false", null))).hasMessageContaining("-Dticket=<the change ticket, e.g. DATA-1234>"
        + " (without control characters or line breaks: got U+0007 at character 7)");
    assertThat(module.resolve("history")).doesNotExist();
  }

  @Test
  void aRewriteKeepsTheManifestItReplacesAndRecordsTheChange() throws IOException, Refusal {
    propose(20.0);
    actions.acceptHistory(change("statements.json", "history/statements.json"));
    String first = Files.readString(module.resolve("history/statements.json"));
    Path proposed = propose(21.0);
    List<String> out = actions.acceptHistory(new HistoryChange.Request("statements.json", "history/statements.json", "bo", "DATA-99",
        "backfill of January 2", "false", null));
    Path kept = module.resolve("history/statements.replaced-" + TODAY + "-DATA-99.json");
    assertThat(Files.readString(kept)).isEqualTo(first);
    assertThat(Files.readString(module.resolve("history/statements.json"))).isEqualTo(Files.readString(proposed));
    assertThat(out).contains("Kept the manifest it replaces as history/statements.replaced-" + TODAY
        + "-DATA-99.json (the rollback).");
    assertThat(out).anySatisfy(line -> assertThat(line).startsWith("History of statements rewritten in 2026-01-02;"));
    com.fasterxml.jackson.databind.JsonNode record = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
        module.resolve("history/statements.changes/" + TODAY + "-DATA-99.json").toFile());
    assertThat(record.get("ticket").asText()).isEqualTo("DATA-99");
    assertThat(record.get("reason").asText()).isEqualTo("backfill of January 2");
    assertThat(record.get("reviewer").asText()).isEqualTo("bo");
    assertThat(record.get("date").asText()).isEqualTo(TODAY.toString());
    assertThat(record.get("rollback").asText()).isEqualTo("history/statements.replaced-" + TODAY + "-DATA-99.json");
    assertThat(record.get("announced").asBoolean()).isFalse();
    assertThat(record.get("partitions").toString()).isEqualTo("[\"2026-01-02\"]");
  }

  @Test
  void aRollbackPointerToAManifestThatIsNotThereIsRefusedAndNothingIsWritten() throws IOException {
    propose(20.0);
    assertThatThrownBy(() -> actions.acceptHistory(new HistoryChange.Request("statements.json", null, "ana",
        "DATA-7", "why", "true", "history/statements.before.json")))
        .hasMessageStartingWith("accept-history refused, nothing was written:")
        .hasMessageContaining("-Drollback=history/statements.before.json: no manifest there")
        .hasMessageContaining("the rollback pointer must name a committed manifest");
    assertThat(module.resolve("history")).doesNotExist();
  }

  @Test
  void printedCommandsSurviveAShell() throws IOException, InterruptedException {
    for (String argument : List.of("com.acme.Outer$Inner#gbm[1]", "it's a gate", "a b;c&&d `e` $(f) \"g\"")) {
      Process shell = new ProcessBuilder("sh", "-c", "printf '%s' " + Shell.quote(argument)).start();
      String echoed = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(shell.waitFor()).isZero();
      assertThat(echoed).isEqualTo(argument);
    }
  }
}
