package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.screen.futureread.FutureReadProbe;
import dev.backtestgate.time.EntityEvents;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.EventLogView;
import dev.backtestgate.time.FeatureFunction;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snippets of docs/screens.md, docs/screens-training.md and docs/screens-probe.md, each in a gated test of
 * {@link ScreensTestCases} run through {@link GateKit}: the gate judges what the snippet recorded.
 */
class ScreensSnippetsTests {
  private static final String GATE = ScreensTestCases.class.getName() + "#";
  private static final long DAY = 24 * Samples.HOUR;
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void recordedFeatureValuesAreScreenedAgainstTheLabels() {
    Throwable failure = kit.run(ScreensTestCases.class, "featureValues").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(subjects(kit.reportJson(GATE + "featureValues"), "feature-label")).containsExactly("utilization");
  }

  @Test
  void aTrainingLabelResolvedInsideTheTestPeriodAndASharedEntityAreFound() {
    Throwable failure = kit.run(ScreensTestCases.class, "training").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    JsonNode report = kit.reportJson(GATE + "training");
    assertThat(kinds(report)).contains("label-horizon", "train-test-overlap");
  }

  @Test
  void aFeatureFunctionThatReadsAsOfTheDecisionPassesTheProbe() {
    kit.run(ScreensTestCases.class, "futureRead").assertPassed(1);

    assertThat(kinds(kit.reportJson(GATE + "futureRead"))).doesNotContain("future-read", "check-failed");
  }

  private static List<String> kinds(JsonNode report) {
    List<String> kinds = new ArrayList<>();
    report.get("findings").forEach(f -> kinds.add(f.get("kind").asText()));
    return kinds;
  }

  private static List<String> subjects(JsonNode report, String kind) {
    List<String> subjects = new ArrayList<>();
    report.get("findings").forEach(f -> {
      if (f.get("kind").asText().equals(kind)) {
        subjects.add(f.get("subject").asText());
      }
    });
    return subjects;
  }

  static class ScreensTestCases {
    @Test
    @LeakageGated
    void featureValues(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      Random random = new Random(5);
      boolean[] labels = Samples.HONEST.labels();
      long[] utilizationKnownAt = new long[Samples.ROWS];
      double[] utilization = new double[Samples.ROWS];
      int[] branchCodes = new int[Samples.ROWS];
      for (int r = 0; r < Samples.ROWS; r++) {
        utilizationKnownAt[r] = Samples.START + r * Samples.HOUR - DAY;
        utilization[r] = r % 97 == 0 ? Double.NaN : (labels[r] ? 1 : 0) + 0.3 * random.nextGaussian(); // from the label
        branchCodes[r] = r % 101 == 0 ? -1 : random.nextInt(12);
      }
      // tag::feature-values[]
      backtest.feature("utilization", utilizationKnownAt)
          .featureValues("utilization", utilization)        // double[], NaN = missing
          .timelessFeature("branch", "set at account opening")
          .featureCategories("branch", branchCodes);         // int[], -1 = missing, any other code >= 0
      // end::feature-values[]
    }

    @Test
    @LeakageGated
    void training(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      int n = 200;
      long[] trainDecidedMillis = new long[n];
      long[] trainLabelKnownAtMillis = new long[n];
      String[] trainIds = new String[n];
      for (int i = 0; i < n; i++) {    // reviews up to the test start, each outcome known 90 days later
        trainDecidedMillis[i] = Samples.START - (n - 1 - i) * DAY;   // the last on acc-0, at its own test decision
        trainLabelKnownAtMillis[i] = trainDecidedMillis[i] + 90 * DAY;
        trainIds[i] = "acc-" + (i == n - 1 ? 0 : 1_000 + i);
      }
      String[] testIds = new String[Samples.ROWS];
      for (int r = 0; r < Samples.ROWS; r++) {
        testIds[r] = "acc-" + r;
      }
      // tag::training[]
      backtest.training(trainDecidedMillis, trainLabelKnownAtMillis, trainIds) // label horizon and train/test overlap,
          .entities(testIds);                                                  // with the test rows' entities
      // or, for the label horizon alone: backtest.training(trainDecidedMillis, trainLabelKnownAtMillis);
      // end::training[]
    }

    @Test
    @LeakageGated
    void futureRead(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      int rows = Samples.ROWS;
      long[] account = new long[rows];
      long[] decidedAt = new long[rows];
      for (int r = 0; r < rows; r++) {
        account[r] = r % 50;
        decidedAt[r] = Samples.START + r * Samples.HOUR;
      }
      EventLog statusLog = daysPastDue();
      long year = 365 * DAY;
      // tag::future-read[]
      FeatureFunction worstStatus = (history, entity, t) -> {
        EntityEvents status = history.asOf(t).events("status", entity);    // as known at the decision
        double worst = Double.NaN;                                          // NaN: no status in the last 12 months
        for (int i = 0; i < status.size(); i++) {
          if (status.validFrom(i) > t - year) worst = Double.isNaN(worst) ? status.value(i) : Math.max(worst, status.value(i));
        }
        return worst;
      };
      EventLogView whole = EventLogView.of(statusLog);             // indexes the log once
      double[] used = new double[rows];
      for (int r = 0; r < rows; r++) used[r] = worstStatus.value(whole, account[r], decidedAt[r]);

      backtest.futureRead(FutureReadProbe.numeric("worst_status_12m", worstStatus,
          Spine.of(account, decidedAt), used, whole));               // or ..., used, statusLog)
      // end::future-read[]
    }

    /** Days past due of 50 accounts, one statement a day, through and after the test period. */
    private static EventLog daysPastDue() {
      Random random = new Random(9);
      EventLog.NumericBuilder log = EventLog.numericBuilder("status");
      for (int account = 0; account < 50; account++) {
        for (long t = Samples.START - 60 * DAY; t < Samples.START + (Samples.ROWS + 48) * Samples.HOUR; t += DAY) {
          log.add(account, t, t + Samples.HOUR, 30 * random.nextInt(4));
        }
      }
      return log.build();
    }
  }
}
