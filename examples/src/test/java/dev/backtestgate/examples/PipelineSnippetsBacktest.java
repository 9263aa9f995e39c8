package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineRows;
import java.util.Map;
import java.util.Random;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;
import ml.dmlc.xgboost4j.java.XGBoostError;
import org.junit.jupiter.api.Test;

/**
 * The snippets of docs/pipeline.md: an XGBoost pipeline behind a lambda, fitted on the training rows alone, and a gated
 * backtest that hands it to the gate. The gate refits it, finds the recorded scores, and passes (the baseline scores
 * the rows with their true log-odds, so the candidate has no lift to explain).
 */
class PipelineSnippetsBacktest {
  private static final int TRAINING_ROWS = 600;
  private static final int TEST_ROWS = 400;
  private static final long START = java.time.Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  /** One thread and a seed: a refit gives the same trees, so the gate can compare scores exactly. */
  private static final Map<String, Object> params = Map.of("objective", "binary:logistic", "max_depth", 3, "eta", 0.3,
      "nthread", 1, "seed", 0, "verbosity", 0);

  @Test
  @LeakageGated
  void gbm(Backtest backtest) {
    Random random = new Random(3);
    double[] trainBalance = gaussian(random, TRAINING_ROWS);
    double[] trainStatus = statuses(random, TRAINING_ROWS);
    boolean[] trainDefaulted = outcomes(random, trainBalance, trainStatus);
    double[] testBalance = gaussian(random, TEST_ROWS);
    double[] testStatus = statuses(random, TEST_ROWS);
    boolean[] defaulted = outcomes(random, testBalance, testStatus);
    double[] production = new double[TEST_ROWS];
    long[] decided = new long[TEST_ROWS];
    for (int r = 0; r < TEST_ROWS; r++) {
      production[r] = logOdds(testBalance[r], testStatus[r]);
      decided[r] = START + r * 3_600_000L;
    }

    // tag::pipeline[]
    Pipeline pipeline = training -> {
      try {
        DMatrix matrix = new DMatrix(training.rowMajor(), training.rows(), training.width(), Float.NaN);
        matrix.setLabel(training.labelsAsFloats());
        Booster booster = XGBoost.train(matrix, params, 50, Map.of(), null, null);
        return rows -> predict(booster, rows);   // booster.predict(new DMatrix(rows.rowMajor(), ...)) as double[]
      } catch (XGBoostError e) {
        throw new IllegalStateException("XGBoost could not train: " + e.getMessage(), e);
      }
    };
    PipelineRows training = PipelineRows.builder()
        .feature("balance", trainBalance).feature("status", trainStatus).labels(trainDefaulted).build();
    // end::pipeline[]
    double[] scores = pipeline.fit(training).score(PipelineRows.builder()
        .feature("balance", testBalance).feature("status", testStatus).build());
    assertThat(scores).hasSize(TEST_ROWS);
    // tag::record[]
    backtest.labels(defaulted).candidate("gbm-v7", scores).baseline("scorecard-v3", production).decisionTimes(decided)
        .timelessFeature("balance", "as of the last statement").timelessFeature("status", "as of the last statement")
        .featureValues("balance", testBalance).featureValues("status", testStatus)   // the test rows, as the pipeline reads them
        .pipeline(pipeline, training);                                                // JUnit; or .input(PipelineInput.of(...))
    // end::record[]
  }

  private static double[] predict(Booster booster, PipelineRows rows) {
    try {
      DMatrix matrix = new DMatrix(rows.rowMajor(), rows.rows(), rows.width(), Float.NaN);
      float[][] predicted = booster.predict(matrix);
      matrix.dispose();
      double[] out = new double[predicted.length];
      for (int i = 0; i < out.length; i++) {
        out[i] = predicted[i][0];
      }
      return out;
    } catch (XGBoostError e) {
      throw new IllegalStateException("XGBoost could not score: " + e.getMessage(), e);
    }
  }

  private static double logOdds(double balance, double status) {
    return -1 + balance + 0.8 * status;
  }

  private static double[] gaussian(Random random, int n) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = random.nextGaussian();
    }
    return out;
  }

  private static double[] statuses(Random random, int n) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = random.nextInt(4);
    }
    return out;
  }

  private static boolean[] outcomes(Random random, double[] balance, double[] status) {
    boolean[] out = new boolean[balance.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = random.nextDouble() < 1 / (1 + Math.exp(-logOdds(balance[i], status[i])));
    }
    return out;
  }
}
