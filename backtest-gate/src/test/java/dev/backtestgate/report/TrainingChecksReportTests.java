package dev.backtestgate.report;

import dev.backtestgate.screen.horizon.LabelHorizonSettings;
import static dev.backtestgate.GateFixtures.DAY;
import static dev.backtestgate.GateFixtures.START;
import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.screen.horizon.LabelHorizonFinding;
import dev.backtestgate.screen.overlap.TrainTestOverlapFinding;
import dev.backtestgate.screen.overlap.TrainTestOverlapPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The label-horizon and train/test-overlap findings through the whole report: console text, JSON (schema-valid),
 * HTML and index, the waiver that resolves a label-horizon finding, and the three overlap policies.
 */
class TrainingChecksReportTests {
  private static final long OUTCOME = 90 * DAY;
  private static final int TRAINING_ROWS = 300;

  @TempDir Path repo;
  private ReportScenarios scenarios;

  @BeforeEach
  void setUp() {
    scenarios = new ReportScenarios(repo);
  }

  /**
   * Test rows decided hourly from {@code START}; one training row a day, the last decided {@code lastTrainingGap}
   * before {@code START}, each label known 90 days after its decision.
   */
  static BacktestRun horizon(long lastTrainingGap) {
    long[] decided = new long[TRAINING_ROWS];
    long[] known = new long[TRAINING_ROWS];
    for (int i = 0; i < TRAINING_ROWS; i++) {
      decided[i] = START - lastTrainingGap - (TRAINING_ROWS - 1 - i) * DAY;
      known[i] = decided[i] + OUTCOME;
    }
    return run(ReportScenarios.GATE, data(1, 2_000, 1.0, 0.95)).training(decided, known).build();
  }

  /**
   * Every label resolved by {@code START}, but accounts acc-0, acc-12 and acc-24, whose test rows are decided at
   * {@code START}, were also trained on at {@code START}: their futures were in training.
   */
  static BacktestRun overlap() {
    OverlapColumns d = OverlapColumns.of();
    return run(ReportScenarios.GATE, d.rows()).decisionTimes(d.decided())
        .training(d.trainingDecided(), d.trainingKnown(), d.trainingEntities()).entities(d.testEntities()).build();
  }

  /** The columns of {@link #overlap()}. */
  private record OverlapColumns(dev.backtestgate.GateFixtures.Data rows, long[] decided, long[] trainingDecided,
      long[] trainingKnown, String[] trainingEntities, String[] testEntities) {
    static OverlapColumns of() {
      dev.backtestgate.GateFixtures.Data d = data(1, 2_000, 1.0, 0.95);
      long[] decided = d.decided().clone();
      String[] test = new String[decided.length];
      for (int i = 0; i < decided.length; i++) {
        test[i] = "acc-" + i;
      }
      for (int i : new int[] {0, 12, 24}) {
        decided[i] = START; // a day's knowledge lead of 'balance' still holds
      }
      int n = 100;
      long[] trainingDecided = new long[n];
      long[] trainingKnown = new long[n];
      String[] trainingEntities = new String[n];
      for (int i = 0; i < n; i++) {
        trainingDecided[i] = START - OUTCOME - (n - i) * DAY;
        trainingKnown[i] = trainingDecided[i] + OUTCOME;
        trainingEntities[i] = "acc-" + (i * 7 + 1);
      }
      for (int k = 0; k < 3; k++) {
        trainingDecided[n - 1 - k] = START;
        trainingKnown[n - 1 - k] = START;
        trainingEntities[n - 1 - k] = "acc-" + (12 * k);
      }
      return new OverlapColumns(d, decided, trainingDecided, trainingKnown, trainingEntities, test);
    }
  }

  @Test
  void anHonestTrainingWindowPassesAndReportsNothingNew() {
    PublishedGate g = scenarios.publish(horizon(OUTCOME), Mode.LOCAL);
    assertThat(g.result().verdict()).isEqualTo(Verdict.PASSED);
    assertThat(g.result().findings()).isEmpty();
  }

  @Test
  void aTrainingWindowWhoseLabelsResolveInsideTheTestPeriodFailsEverywhereUntilWaived() throws Exception {
    PublishedGate g = scenarios.publish(horizon(30 * DAY), Mode.LOCAL);

    assertThat(g.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(g.result().unresolved()).singleElement().isInstanceOf(LabelHorizonFinding.class);
    assertThat(g.text()).contains(
        "Training labels resolved inside the test period: 60 of 300 training rows (20.0%) had their label known "
            + "after the earliest test decision 2026-01-01T00:00:00Z; the latest resolved 2026-03-02T00:00:00Z, 60d "
            + "past it.",
        "  e.g. training row 240 decided 2025-10-04T00:00:00Z, label known 2026-01-02T00:00:00Z",
        "has learned from the period it is judged on",
        "{\"kind\": \"label-horizon\", \"subject\": \"\", \"reason\": \"...\"}");

    String json = Files.readString(g.reportFile());
    assertValid(REPORT, json);
    JsonNode finding = new ObjectMapper().readTree(json).get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("label-horizon");
    assertThat(finding.get("subject").asText()).isEmpty();
    assertThat(finding.get("resolution").asText()).isEqualTo("waiver");
    JsonNode evidence = finding.get("evidence");
    assertThat(evidence.get("rowsAffected").asInt()).isEqualTo(60);
    assertThat(evidence.get("latestResolution").asText()).isEqualTo("2026-03-02T00:00:00Z");
    assertThat(evidence.get("overlap").asText()).isEqualTo("PT1440H");
    assertThat(evidence.get("cutoff").asText()).isEqualTo("2026-01-01T00:00:00Z");
    assertThat(evidence.get("examples")).hasSize(5);

    HtmlDoc page = HtmlDoc.read(g.htmlFile());
    assertThat(page.one("//section[@id='verdict']//li[@data-kind='label-horizon']"))
        .startsWith("60 training labels resolved after the test period began, up to 60d past its start.");
    assertThat(page.one("//section[@id='other-findings']//div[@data-kind='label-horizon']/p[@class='note']"))
        .startsWith("A model trained on outcomes that resolved during its test period");
    HtmlDoc index = HtmlDoc.read(scenarios.files.index());
    assertThat(index.one("//tr[@data-gate='" + ReportScenarios.GATE + "']/td[6]"))
        .isEqualTo("label-horizon: 60 training labels resolved after the test period began, up to 60d past its "
            + "start.");

    scenarios.approve(g, List.of(new SignOff.Waiver("label-horizon", "", "the outcome is fixed at day 30; "
        + "the later resolution dates are a reporting lag")));
    PublishedGate waived = scenarios.publish(horizon(30 * DAY), Mode.VERIFY);
    assertThat(waived.result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(waived.result().waived()).singleElement().isInstanceOf(LabelHorizonFinding.class);
    assertValid(REPORT, Files.readString(waived.reportFile()));
  }

  @Test
  void theEmbargoWidensTheGap() {
    GatePolicy week = GatePolicy.defaults().with(new LabelHorizonSettings(Duration.ofDays(7)));
    assertThat(scenarios.publish(horizon(OUTCOME + 7 * DAY), Mode.LOCAL, week).result().verdict())
        .isEqualTo(Verdict.PASSED);
    PublishedGate g = scenarios.publish(horizon(OUTCOME), Mode.LOCAL, week);
    assertThat(g.result().unresolved()).singleElement().isInstanceOfSatisfying(LabelHorizonFinding.class,
        f -> assertThat(f.violation().overlap()).isEqualTo(Duration.ofDays(7)));
    assertThat(g.text()).contains("Training labels resolved too close to the test period: 7 of 300 training rows "
        + "(2.3%) had their label known after 2025-12-25T00:00:00Z (the earliest test decision 2026-01-01T00:00:00Z "
        + "less the embargo 7d)");
    assertThat(g.result().unresolved().get(0).render().headline())
        .isEqualTo("7 training labels resolved later than 7d before the test period, up to 7d past that cutoff.");
  }

  @Test
  void overlapWarnsByDefaultAndShowsEverywhere() throws Exception {
    PublishedGate g = scenarios.publish(overlap(), Mode.LOCAL);

    assertThat(g.result().verdict()).isEqualTo(Verdict.PASSED);
    assertThat(g.result().findings()).singleElement().isInstanceOf(TrainTestOverlapFinding.class);
    assertThat(g.text()).contains("Train/test overlap: 3 of 2,000 test rows (0.2%), from 3 entities, were scored "
        + "by a model trained on the same entity at a decision time at or after theirs",
        "A warning only (backtestgate.train-test-overlap=warn",
        "  entities: acc-0, acc-12, acc-24",
        "  e.g. test row 0, entity acc-0, decided 2026-01-01T00:00:00Z; in training up to 2026-01-01T00:00:00Z");
    String json = Files.readString(g.reportFile());
    assertValid(REPORT, json);
    JsonNode finding = new ObjectMapper().readTree(json).get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("train-test-overlap");
    assertThat(finding.get("resolution").asText()).isEqualTo("warning");
    assertThat(finding.get("unresolved").asBoolean()).isFalse();
    assertThat(finding.get("evidence").get("entities").toString()).isEqualTo("[\"acc-0\",\"acc-12\",\"acc-24\"]");
    assertThat(finding.get("evidence").get("examples").get(2).get("entity").asText()).isEqualTo("acc-24");
    HtmlDoc page = HtmlDoc.read(g.htmlFile());
    String card = "//section[@id='other-findings']//div[@data-kind='train-test-overlap']";
    assertThat(page.one(card + "/p[1]")).as("the callout is the headline")
        .isEqualTo("3 test rows from 3 entities whose future was in the training set. warning");
    assertThat(page.all(card + "/ul/li")).as("the console's first line, which says more, heads the list")
        .first().asString().startsWith("Train/test overlap: 3 of 2,000 test rows");
  }

  @Test
  void overlapFailsUnderFailAndIsNotCheckedUnderOff() throws Exception {
    PublishedGate failed = scenarios.publish(overlap(), Mode.LOCAL,
        GatePolicy.defaults().with(TrainTestOverlapPolicy.FAIL));
    assertThat(failed.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(failed.result().unresolved()).singleElement()
        .satisfies(f -> assertThat(f.resolution()).isEqualTo(Finding.Resolution.FIX));
    assertThat(failed.text()).contains("This fails the gate (backtestgate.train-test-overlap=fail).",
        "Split by entity");
    assertValid(REPORT, Files.readString(failed.reportFile()));
    HtmlDoc index = HtmlDoc.read(scenarios.files.index());
    assertThat(index.one("//tr[@data-gate='" + ReportScenarios.GATE + "']/td[6]"))
        .isEqualTo("train-test-overlap: 3 test rows from 3 entities whose future was in the training set.");

    PublishedGate off = scenarios.publish(overlap(), Mode.LOCAL,
        GatePolicy.defaults().with(TrainTestOverlapPolicy.OFF));
    assertThat(off.result().verdict()).isEqualTo(Verdict.PASSED);
    assertThat(off.result().findings()).isEmpty();
  }
}
