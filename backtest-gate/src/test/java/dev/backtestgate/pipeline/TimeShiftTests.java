package dev.backtestgate.pipeline;

import static dev.backtestgate.pipeline.PipelineChecksTests.findings;
import static dev.backtestgate.pipeline.PipelineChecksTests.gate;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

class TimeShiftTests {
  @Property
  void theNextDecisionIsTheEarliestLaterOneOfTheSameEntity(
      @ForAll @Size(max = 60) java.util.List<@IntRange(max = 4) Integer> entityDraws,
      @ForAll @Size(max = 60) java.util.List<@IntRange(max = 6) Integer> timeDraws) {
    int n = Math.min(entityDraws.size(), timeDraws.size());
    long[] entities = new long[n];
    long[] times = new long[n];
    for (int i = 0; i < n; i++) {
      entities[i] = entityDraws.get(i) * 1_000_003L;
      times[i] = timeDraws.get(i) * 86_400_000L;
    }
    int[] next = TimeShift.next(entities, times);
    for (int i = 0; i < n; i++) {
      int expected = -1;   // by definition: the earliest strictly later time of the same entity, lowest row on a tie
      for (int j = 0; j < n; j++) {
        if (entities[j] == entities[i] && times[j] > times[i]
            && (expected < 0 || times[j] < times[expected] || times[j] == times[expected] && j < expected)) {
          expected = j;
        }
      }
      assertThat(next[i]).as("row %d", i).isEqualTo(expected);
    }
  }

  /** The most false alarms a test of level alpha shows in {@code runs} runs but one time in a thousand. */
  static int allowance(int runs, double alpha) {
    return new BinomialDistribution(null, runs, alpha).inverseCumulativeProbability(0.999);
  }

  /** Whether the time-shift test alarms on one run of {@code world}, refitting the honest trainer. */
  private static boolean alarms(PanelWorld world, double alpha, double minStep) {
    BacktestRun run = world.run("panel", PipelineWorld.honest(), true).build();
    PipelineRows training = run.inputs(PipelineInput.class).get(0).training();
    PipelineRows test = PipelineProbe.testRows(run, training);
    TimeShift.Plan plan = (TimeShift.Plan) TimeShift.plan(run, training, test);
    double[] scores = PipelineWorld.honest().fit(plan.training()).score(test);
    return TimeShift.test(plan.testNext(), run.labels(), scores, plan.training().rows(), alpha, minStep).fails();
  }

  @Test
  void onAThousandHonestPanelsTheFalseAlarmRateIsAtMostAlpha() {
    // a fixed risk per entity is the hardest honest case: nothing known at a decision says which way a changing
    // label goes, so the shifted refit's AUC on those rows is 0.5 and the test is at its boundary
    int runs = 1_000;
    int alarms = 0;
    int alarmsAtDefaults = 0;
    for (int seed = 0; seed < runs; seed++) {
      PanelWorld world = new PanelWorld(seed, 200, 4, 3, 1, false);
      alarms += alarms(world, 0.01, 0) ? 1 : 0;
      alarmsAtDefaults += alarms(world, 0.01, 0.05) ? 1 : 0;
    }
    System.out.printf("time shift, honest panels with a fixed risk: %d of %d false alarms at alpha 0.01 without a "
        + "minimum step, %d with the default step 0.05%n", alarms, runs, alarmsAtDefaults);
    assertThat(alarms).isLessThanOrEqualTo(allowance(runs, 0.01)).isGreaterThan(0);
    assertThat(alarmsAtDefaults).isLessThanOrEqualTo(alarms);
  }

  @Test
  void onHonestPanelsWhoseRiskMovesTheTestIsBelowAlpha() {
    int runs = 300;
    int alarms = 0;
    for (int seed = 0; seed < runs; seed++) {
      alarms += alarms(new PanelWorld(10_000 + seed, 200, 4, 3, 0.8, false), 0.01, 0) ? 1 : 0;
    }
    System.out.printf("time shift, honest panels with a moving risk: %d of %d false alarms%n", alarms, runs);
    assertThat(alarms).isLessThanOrEqualTo(allowance(runs, 0.01));
  }

  @Test
  void aColumnThatReadsTheNextMonthIsFoundInNearlyEveryRun() {
    int runs = 100;
    int found = 0;
    for (int seed = 0; seed < runs; seed++) {
      found += alarms(new PanelWorld(20_000 + seed, 400, 4, 3, 0.8, true), 0.01, 0.05) ? 1 : 0;
    }
    System.out.printf("time shift, panels with a column that reads the next month: found in %d of %d%n", found, runs);
    assertThat(found).isGreaterThanOrEqualTo(90);
  }

  @Test
  void theGateBlocksTheLeakyPanelAndPassesItsHonestTwin() {
    GateResult leaky = gate(new PanelWorld(5, 400, 6, 4, 0.8, true).run("panel#leaky", PipelineWorld.honest(), true)
        .build());
    TimeShiftedLabelsFinding finding = findings(leaky, TimeShiftedLabelsFinding.class).get(0);
    assertThat(finding.resolution()).isEqualTo(Finding.Resolution.SIGN_OFF);
    assertThat(finding.auc()).isGreaterThan(0.6);
    assertThat(finding.render().headline()).startsWith("The pipeline predicts the next decision's labels");
    assertThat(finding.render().lines()).anyMatch(l -> l.startsWith("    row ") && l.contains("entity 1"));

    GateResult honest = gate(new PanelWorld(5, 400, 6, 4, 0.8, false).run("panel#honest", PipelineWorld.honest(),
        true).build());
    assertThat(findings(honest, TimeShiftedLabelsFinding.class)).isEmpty();
    assertThat(findings(honest, TimeShiftUncheckedFinding.class)).isEmpty();
    assertThat(findings(honest, Finding.CheckFailed.class)).isEmpty();
  }

  @Test
  void aRunWithoutEntitiesSaysTheTestDidNotRun() {
    GateResult result = gate(new PanelWorld(5, 400, 6, 4, 0.8, true).run("panel#anonymous", PipelineWorld.honest(),
        false).build());
    assertThat(findings(result, TimeShiftUncheckedFinding.class)).singleElement().satisfies(f -> {
      assertThat(f.resolution()).isEqualTo(Finding.Resolution.WARNING);
      assertThat(f.render().headline()).startsWith("The time-shifted labels test did not run: the run does not "
          + "record the entities of its training rows").contains("training(decisionTimes, labelKnownAt, entities)");
    });
  }

  @Test
  void labelsThatNeverChangeSayTheTestDidNotRun() {
    PanelWorld world = new PanelWorld(5, 400, 6, 4, 0.8, false);
    for (int i = 0; i < world.testLabels.length; i++) {   // each entity's test label is its first test month's
      world.testLabels[i] = world.testEntities[i] % 3 == 0;
    }
    GateResult result = gate(world.run("panel#steady", PipelineWorld.honest(), true).build());
    assertThat(findings(result, TimeShiftUncheckedFinding.class)).singleElement().satisfies(f ->
        assertThat(f.reason()).startsWith("only 0 test rows go from label 0 to a next label of 1 and 0 from 1 to 0"));
  }
}
