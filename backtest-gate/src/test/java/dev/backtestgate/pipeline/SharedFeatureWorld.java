package dev.backtestgate.pipeline;

import dev.backtestgate.BacktestRun;
import java.util.Random;

/**
 * A world where the candidate and the baseline share a feature: the baseline is that feature's own score, the
 * candidate's pipeline takes it and new features of a given strength each (the class mean difference in standard
 * deviations). Trained with {@link PipelineWorld#honest()}, fitted on the training rows alone.
 */
final class SharedFeatureWorld {
  final String shared;
  final String[] features;
  final double[][] train;
  final boolean[] trainLabels;
  final double[][] test;
  final boolean[] testLabels;

  /**
   * @param shared the feature both models use, of strength 1
   * @param added the names of the features the candidate adds
   * @param strength each added feature's class mean difference
   */
  SharedFeatureWorld(long seed, int trainRows, int testRows, String shared, String[] added, double strength) {
    this.shared = shared;
    features = new String[added.length + 1];
    features[0] = shared;
    System.arraycopy(added, 0, features, 1, added.length);
    Random random = new Random(seed);
    train = new double[features.length][trainRows];
    trainLabels = new boolean[trainRows];
    test = new double[features.length][testRows];
    testLabels = new boolean[testRows];
    fill(random, train, trainLabels, strength);
    fill(random, test, testLabels, strength);
  }

  private static void fill(Random random, double[][] columns, boolean[] labels, double strength) {
    for (int i = 0; i < labels.length; i++) {
      labels[i] = random.nextDouble() < 0.3;
      columns[0][i] = (labels[i] ? 1 : 0) + random.nextGaussian();
      for (int f = 1; f < columns.length; f++) {
        columns[f][i] = (labels[i] ? strength : 0) + random.nextGaussian();
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

  /**
   * The gated run: the candidate's honest refit as its recorded scores, the baseline the shared feature's own score,
   * declaring {@code baselineFeatures}.
   */
  BacktestRun.Builder run(String gateId, String... baselineFeatures) {
    PipelineRows training = training();
    PipelineRows.Builder testRows = PipelineRows.builder();
    for (int f = 0; f < features.length; f++) {
      testRows.feature(features[f], test[f]);
    }
    double[] candidate = PipelineWorld.honest().fit(training).score(testRows.build());
    BacktestRun.Builder b = BacktestRun.builder(gateId).labels(testLabels).candidate("with-new-features", candidate)
        .baseline("scorecard", test[0].clone(), baselineFeatures).decisionTimes(new long[testLabels.length]);
    for (int f = 0; f < features.length; f++) {
      b.timelessFeature(features[f], "test world").featureValues(features[f], test[f]);
    }
    return b.input(PipelineInput.of(PipelineWorld.honest(), training));
  }
}
