package dev.backtestgate.junit;

import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.InvalidBacktestRunException;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The label-horizon and train/test-overlap checks end to end, through the engine: the failure text, the JSON report
 * (schema-valid), the HTML page and the index, a waiver by kind that lets a label-horizon finding pass, the embargo
 * setting, and the three overlap policies.
 */
class TrainingChecksGatedTests {
  private static final String GATE = TrainingTestCases.class.getName() + "#";
  private static final long DAY = 86_400_000L;
  private static final long OUTCOME = 90 * DAY;
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  /** One training row a day, 200 of them, the last decided {@code gap} before the first test decision. */
  static void recordTraining(Backtest backtest, long gap, String[] entities) {
    int n = 200;
    long[] decided = new long[n];
    long[] known = new long[n];
    for (int i = 0; i < n; i++) {
      decided[i] = Samples.START - gap - (n - 1 - i) * DAY;
      known[i] = decided[i] + OUTCOME;
    }
    if (entities == null) {
      backtest.training(decided, known);
    } else {
      decided[n - 1] = Samples.START; // acc-0 trained on at its own test decision, label known then
      known[n - 1] = Samples.START;
      backtest.training(decided, known, entities);
    }
  }

  /** Entities: training rows acc-1000.., except the last one, acc-0; test rows acc-0..acc-999. */
  static void recordOverlap(Backtest backtest) {
    Samples.HONEST.recordInto(backtest);
    String[] training = new String[200];
    for (int i = 0; i < training.length; i++) {
      training[i] = "acc-" + (i == training.length - 1 ? 0 : 1_000 + i);
    }
    String[] test = new String[Samples.ROWS];
    for (int i = 0; i < test.length; i++) {
      test[i] = "acc-" + i;
    }
    recordTraining(backtest, OUTCOME, training);
    backtest.entities(test);
  }

  @Test
  void aTrainingWindowWhoseLabelsResolveInsideTheTestPeriodFailsEverywhere() {
    Throwable failure = kit.run(TrainingTestCases.class, "leakyWindow").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage()).startsWith("Leakage gate FAILED: " + GATE + "leakyWindow\n")
        .contains("Training labels resolved inside the test period: 60 of 200 training rows (30.0%) had their label "
            + "known after the earliest test decision 2026-01-01T00:00:00Z; the latest resolved "
            + "2026-03-02T00:00:00Z, 60d past it.",
            "  e.g. training row 140 decided 2025-10-04T00:00:00Z, label known 2026-01-02T00:00:00Z",
            "{\"kind\": \"label-horizon\", \"subject\": \"\", \"reason\": \"...\"}",
            "End the training window earlier");
    assertValid(REPORT, GateKit.read(kit.report(GATE + "leakyWindow")));
    JsonNode finding = kit.reportJson(GATE + "leakyWindow").get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("label-horizon");
    assertThat(finding.get("unresolved").asBoolean()).isTrue();
    assertThat(finding.get("evidence").get("overlap").asText()).isEqualTo("PT1440H");
    assertThat(GateKit.read(kit.html(GATE + "leakyWindow")))
        .contains("data-kind=\"label-horizon\"", "60 training labels resolved after the test period began");
    assertThat(GateKit.read(kit.reportDir().resolve("index.html")))
        .contains("label-horizon: 60 training labels resolved after the test period began, up to 60d past its "
            + "start.");
  }

  @Test
  void aWaiverByKindLetsItPass() {
    kit.run(TrainingTestCases.class, "leakyWindow").onlyFailure();
    SignOffs.commit(kit, SignOffs.decided(SignOffs.pending(kit.pending(GATE + "leakyWindow")), Decision.APPROVED,
        "Reviewed the training window.", SignOffs.today().plusDays(90),
        List.of(new SignOff.Waiver("label-horizon", "", "defaults are final at day 30; the 90-day date is a formality"))));

    GateKit.Outcome outcome = kit.with(BacktestGateConfig.MODE, "verify").run(TrainingTestCases.class, "leakyWindow")
        .assertPassed(1);

    assertThat(outcome.onlyEntries()).containsEntry(LeakageGateExtension.ENTRY_VERDICT, "PASSED_WITH_SIGN_OFF");
    JsonNode finding = kit.reportJson(GATE + "leakyWindow").get("findings").get(0);
    assertThat(finding.get("waived").asBoolean()).isTrue();
    assertValid(REPORT, GateKit.read(kit.report(GATE + "leakyWindow")));
  }

  @Test
  void anHonestWindowPassesUntilTheEmbargoAsksForMore() {
    kit.run(TrainingTestCases.class, "honestWindow").assertPassed(1);
    assertThat(kit.reportJson(GATE + "honestWindow").get("findings")).isEmpty();

    Throwable failure = kit.with(BacktestGateConfig.EMBARGO, "P7D").run(TrainingTestCases.class, "honestWindow")
        .onlyFailure();
    assertThat(failure).hasMessageContaining("had their label known after 2025-12-25T00:00:00Z (the earliest test "
        + "decision 2026-01-01T00:00:00Z less the embargo 7d)");
  }

  @Test
  void overlapWarnsByDefault() {
    GateKit.Outcome outcome = kit.run(TrainingTestCases.class, "overlapping").assertPassed(1);

    assertThat(outcome.onlyEntries()).containsEntry(LeakageGateExtension.ENTRY_VERDICT, "PASSED");
    String json = GateKit.read(kit.report(GATE + "overlapping"));
    assertValid(REPORT, json);
    JsonNode finding = kit.reportJson(GATE + "overlapping").get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("train-test-overlap");
    assertThat(finding.get("resolution").asText()).isEqualTo("warning");
    assertThat(finding.get("evidence").get("entities").get(0).asText()).isEqualTo("acc-0");
    assertThat(GateKit.read(kit.html(GATE + "overlapping"))).contains("data-kind=\"train-test-overlap\"",
        "Train/test overlap: 1 of 1,000 test rows (0.1%), from 1 entity");
  }

  @Test
  void overlapFailsUnderFail() {
    Throwable failure = kit.with(BacktestGateConfig.TRAIN_TEST_OVERLAP, "fail")
        .run(TrainingTestCases.class, "overlapping").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage()).contains("Train/test overlap: 1 of 1,000 test rows (0.1%), from 1 entity, were "
        + "scored by a model trained on the same entity at a decision time at or after theirs",
        "This fails the gate (backtestgate.train-test-overlap=fail).",
        "  e.g. test row 0, entity acc-0, decided 2026-01-01T00:00:00Z; in training up to 2026-01-01T00:00:00Z");
    assertValid(REPORT, GateKit.read(kit.report(GATE + "overlapping")));
    assertThat(GateKit.read(kit.reportDir().resolve("index.html")))
        .contains("train-test-overlap: 1 test rows from 1 entity whose future was in the training set.");
  }

  @Test
  void overlapIsNotCheckedUnderOff() {
    kit.with(BacktestGateConfig.TRAIN_TEST_OVERLAP, "off").run(TrainingTestCases.class, "overlapping")
        .assertPassed(1);
    assertThat(kit.reportJson(GATE + "overlapping").get("findings")).isEmpty();
  }

  @Test
  void anInvalidTrainingSetFailsNamingTheProblem() {
    assertThat(kit.run(TrainingTestCases.class, "labelsBeforeDecisions").onlyFailure())
        .isInstanceOf(InvalidBacktestRunException.class)
        .hasMessageContaining("training labelKnownAt is before the row's decision time in 200 rows");
  }

  static class TrainingTestCases {
    @org.junit.jupiter.api.Test
    @LeakageGated
    void leakyWindow(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      recordTraining(backtest, 30 * DAY, null);
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void honestWindow(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      recordTraining(backtest, OUTCOME, null);
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void overlapping(Backtest backtest) {
      recordOverlap(backtest);
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void labelsBeforeDecisions(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      long[] decided = new long[200];
      java.util.Arrays.fill(decided, Samples.START - OUTCOME);
      backtest.training(decided, new long[200]);
    }
  }
}
