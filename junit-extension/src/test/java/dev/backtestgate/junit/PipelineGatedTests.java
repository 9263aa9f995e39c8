package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineRows;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model in the loop through the extension: a gated test hands the gate its pipeline with {@code pipeline(...)};
 * a pipeline whose scaler saw the test rows fails with a {@code fit-scope} finding in the message and the JSON
 * report, an honest one passes with its lift attributed.
 */
class PipelineGatedTests {
  private static final String GATE = PipelineTestCases.class.getName() + "#";
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void anHonestPipelinePassesWithItsLiftAttributed() {
    kit.run(PipelineTestCases.class, "honest").assertPassed(1);
    JsonNode findings = kit.reportJson(GATE + "honest").get("findings");
    // no entities recorded: the time-shift test says it did not run
    assertThat(findings).extracting(f -> f.get("kind").asText())
        .containsExactly("lift-attribution", "time-shift-unchecked");
    assertThat(findings.get(0).get("evidence").get("features").get(0).get("feature").asText()).isEqualTo("a");
  }

  @Test
  void theBaselinesOwnFeaturesAreDeclaredWithTheBaselineAndMarkedInTheAttribution() {
    kit.run(PipelineTestCases.class, "baselineUsesA").assertPassed(1);
    JsonNode attribution = kit.reportJson(GATE + "baselineUsesA").get("findings").get(0);
    assertThat(attribution.get("kind").asText()).isEqualTo("lift-attribution");
    assertThat(attribution.at("/evidence/baselineFeatures/0").asText()).isEqualTo("a");
    JsonNode a = attribution.at("/evidence/features/0");
    assertThat(a.get("feature").asText()).isEqualTo("a");
    assertThat(a.get("inBaseline").asBoolean()).isTrue();
  }

  @Test
  void aScalerFittedOnTestRowsFailsTheGate() {
    Throwable failure = kit.run(PipelineTestCases.class, "scalerSawTestRows").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage()).startsWith("Leakage gate FAILED: " + GATE + "scalerSawTestRows\n")
        .contains("The candidate scores are not what the pipeline gives when fitted on the training rows alone: "
            + "300 of 300 test rows differ.")
        .contains("Fit every step of the pipeline on the training rows only");
    JsonNode report = kit.reportJson(GATE + "scalerSawTestRows");
    assertThat(report.get("findings")).extracting(f -> f.get("kind").asText()).contains("fit-scope");
  }

  static final class World {
    static final int TRAIN = 400;
    static final int TEST = 300;
    final double[][] train = new double[2][TRAIN];
    final boolean[] trainLabels = new boolean[TRAIN];
    final double[][] test = new double[2][TEST];
    final boolean[] testLabels = new boolean[TEST];
    final double[] baseline = new double[TEST];

    World() {
      Random random = new Random(5);
      for (int i = 0; i < TRAIN; i++) {
        trainLabels[i] = random.nextBoolean();
        train[0][i] = (trainLabels[i] ? 1 : 0) + random.nextGaussian();
        train[1][i] = random.nextGaussian();
      }
      for (int i = 0; i < TEST; i++) {
        testLabels[i] = random.nextBoolean();
        test[0][i] = (testLabels[i] ? 1 : 0) + random.nextGaussian() + 3;   // the test period drifted
        test[1][i] = random.nextGaussian();
        baseline[i] = test[0][i] + 0.02 * random.nextGaussian();
      }
    }

    PipelineRows training() {
      return PipelineRows.builder().feature("a", train[0]).feature("b", train[1]).labels(trainLabels).build();
    }

    /** Centre the first column on the mean of {@code also} and the training rows; score it. */
    Pipeline centred(boolean withTestRows) {
      return rows -> {
        double sum = 0;
        double[] x = rows.column(0);
        for (double v : x) {
          sum += v;
        }
        int n = x.length;
        if (withTestRows) {
          for (double v : test[0]) {
            sum += v;
          }
          n += test[0].length;
        }
        double mean = sum / n;
        return scoring -> {
          double[] out = scoring.column(0).clone();
          for (int i = 0; i < out.length; i++) {
            out[i] -= mean;
          }
          return out;
        };
      };
    }

    void record(Backtest backtest, Pipeline recordedWith, String... baselineFeatures) {
      PipelineRows scoring = PipelineRows.builder().feature("a", test[0]).feature("b", test[1]).build();
      long[] decided = new long[TEST];
      for (int i = 0; i < TEST; i++) {
        decided[i] = 1_767_225_600_000L + 60_000L * i;
      }
      backtest.labels(testLabels).candidate("centred", recordedWith.fit(training()).score(scoring))
          .baseline("raw", baseline, baselineFeatures).decisionTimes(decided)
          .timelessFeature("a", "test world").timelessFeature("b", "test world")
          .featureValues("a", test[0]).featureValues("b", test[1])
          .pipeline(centred(false), training());
    }
  }

  static class PipelineTestCases {
    private static final World WORLD = new World();

    @Test
    @LeakageGated
    void honest(Backtest backtest) {
      WORLD.record(backtest, WORLD.centred(false));
    }

    @Test
    @LeakageGated
    void baselineUsesA(Backtest backtest) {
      WORLD.record(backtest, WORLD.centred(false), "a");
    }

    @Test
    @LeakageGated
    void scalerSawTestRows(Backtest backtest) {
      WORLD.record(backtest, WORLD.centred(true));
    }
  }
}
