package dev.backtestgate.pipeline;

import dev.backtestgate.BacktestRun;
import java.util.SplittableRandom;

/**
 * Entities decided on every month: a latent risk per entity that moves month to month as a stationary AR(1) (memory
 * {@code rho}; 1 keeps it fixed), a label per month drawn from it, and the features a pipeline sees at each decision:
 * the risk measured with noise, last month's label, and, when {@code leaky}, a column that reads the next month's
 * label (right 70% of the time), as a rolling window joined on the wrong month would.
 */
final class PanelWorld {
  static final long MONTH = 30L * 24 * 3_600_000;
  final int entities;
  final int trainingMonths;
  final int testMonths;
  final double[][] train;
  final boolean[] trainLabels;
  final long[] trainEntities;
  final long[] trainTimes;
  final double[][] test;
  final boolean[] testLabels;
  final long[] testEntities;
  final long[] testTimes;
  final String[] features;

  PanelWorld(long seed, int entities, int trainingMonths, int testMonths, double rho, boolean leaky) {
    this.entities = entities;
    this.trainingMonths = trainingMonths;
    this.testMonths = testMonths;
    this.features = leaky ? new String[] {"risk", "last_label", "window_90d"} : new String[] {"risk", "last_label"};
    SplittableRandom random = new SplittableRandom(seed);
    int months = trainingMonths + testMonths + 2;   // one before (last label), one after (the next label)
    boolean[][] label = new boolean[entities][months];
    double[][] risks = new double[entities][months];
    for (int e = 0; e < entities; e++) {
      double risk = random.nextGaussian();
      for (int m = 0; m < months; m++) {
        if (m > 0) {
          risk = rho * risk + Math.sqrt(1 - rho * rho) * random.nextGaussian();
        }
        label[e][m] = random.nextDouble() < 1 / (1 + Math.exp(-(-1.2 + 1.3 * risk)));
        risks[e][m] = risk;
      }
    }
    int trainRows = entities * trainingMonths;
    int testRows = entities * testMonths;
    train = new double[features.length][trainRows];
    trainLabels = new boolean[trainRows];
    trainEntities = new long[trainRows];
    trainTimes = new long[trainRows];
    test = new double[features.length][testRows];
    testLabels = new boolean[testRows];
    testEntities = new long[testRows];
    testTimes = new long[testRows];
    // rows month by month, entities within a month in a shuffled order, so row order says nothing
    for (int m = 1; m <= trainingMonths + testMonths; m++) {
      boolean training = m <= trainingMonths;
      for (int k = 0; k < entities; k++) {
        int e = (k * 7_919 + m * 104_729) % entities;
        int row = (training ? m - 1 : m - 1 - trainingMonths) * entities + k;
        double[][] columns = training ? train : test;
        columns[0][row] = risks[e][m] + 0.6 * random.nextGaussian();
        columns[1][row] = label[e][m - 1] ? 1 : 0;
        if (leaky) {
          boolean next = label[e][m + 1];
          columns[2][row] = random.nextDouble() < 0.7 ? (next ? 1 : 0) : (next ? 0 : 1);
        }
        (training ? trainLabels : testLabels)[row] = label[e][m];
        (training ? trainEntities : testEntities)[row] = 1_000 + e;
        (training ? trainTimes : testTimes)[row] = m * MONTH;
      }
    }
  }

  PipelineRows training() {
    PipelineRows.Builder b = PipelineRows.builder();
    for (int f = 0; f < features.length; f++) {
      b.feature(features[f], train[f]);
    }
    return b.labels(trainLabels).build();
  }

  /** The run: the honest trainer's scores against a risk-only baseline, entities and times recorded. */
  BacktestRun.Builder run(String gate, Pipeline pipeline, boolean entitiesRecorded) {
    PipelineRows training = training();
    PipelineRows.Builder rows = PipelineRows.builder();
    for (int f = 0; f < features.length; f++) {
      rows.feature(features[f], test[f]);
    }
    double[] scores = pipeline.fit(training).score(rows.build());
    BacktestRun.Builder b = BacktestRun.builder(gate).labels(testLabels).candidate("panel-model", scores)
        .baseline("risk-only", test[0]).decisionTimes(testTimes);
    long[] labelKnown = new long[trainTimes.length];
    for (int i = 0; i < labelKnown.length; i++) {
      labelKnown[i] = trainTimes[i] + MONTH;
    }
    if (entitiesRecorded) {
      b.training(trainTimes, labelKnown, trainEntities).entities(testEntities);
    } else {
      b.training(trainTimes, labelKnown);
    }
    for (int f = 0; f < features.length; f++) {
      b.timelessFeature(features[f], "panel test world").featureValues(features[f], test[f]);
    }
    return b.input(PipelineInput.of(pipeline, training));
  }
}
