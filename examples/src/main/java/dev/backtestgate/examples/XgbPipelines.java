package dev.backtestgate.examples;

import dev.backtestgate.pipeline.Pipeline;
import dev.backtestgate.pipeline.PipelineRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * The challenger as a pipeline of real steps around XGBoost: an optional target encoding of the employer and an
 * optional feature selection, each fitted on the rows the pipeline is given, then gradient-boosted trees. What a
 * backtest hands the gate ({@link Pipeline}) fits every step on the training rows; the leaky backtests computed their
 * recorded scores with a step fitted on the training and the test rows ({@link #leakyScores}), the bug the refit
 * finds.
 *
 * <pre>{@code
 * Pipeline pipeline = XgbPipelines.encodedEmployer();
 * double[] scores = pipeline.fit(training).score(test);
 * }</pre>
 */
final class XgbPipelines {
  static final String EMPLOYER = "employer";
  static final String NOISE = "noise_";
  /** How many columns the selection keeps. */
  static final int SELECTED = 6;
  private static final int ROUNDS = 40;

  private XgbPipelines() {}

  /** Boost on every column (an employer column, when there is one, target-encoded on the rows given). */
  static Pipeline boosted() {
    return training -> fitted(training, null, null, false);
  }

  /** Target-encode the employer on the rows given, then boost on every column. */
  static Pipeline encodedEmployer() {
    return training -> fitted(training, null, null, false);
  }

  /** Keep the {@value #SELECTED} columns most correlated with the label on the rows given, then boost on them. */
  static Pipeline selected() {
    return training -> fitted(training, null, null, true);
  }

  /**
   * The scores a backtest gets when one step of {@code pipeline}'s kind is fitted on {@code training} and {@code test}
   * together ({@code testLabels} included): the encoder's rates or the selection's correlations see the test rows;
   * the trees are still trained on the training rows alone.
   */
  static double[] leakyScores(boolean selection, PipelineRows training, PipelineRows test, boolean[] testLabels) {
    return fitted(training, test, testLabels, selection).score(test);
  }

  private static Pipeline.Scorer fitted(PipelineRows training, PipelineRows alsoSeen, boolean[] alsoSeenLabels,
      boolean selection) {
    List<String> names = training.featureNames();
    Map<Integer, double[]> rates = new HashMap<>();
    long[][] reviewsAndDefaults = null;
    double prior = 0;
    int employer = names.indexOf(EMPLOYER);
    if (employer >= 0) {
      long[] reviews = new long[1 << 16];
      long[] defaults = new long[1 << 16];
      count(training.column(employer), training.labels(), reviews, defaults);
      if (alsoSeen != null) {
        count(alsoSeen.column(EMPLOYER), alsoSeenLabels, reviews, defaults);
      }
      long all = Arrays.stream(reviews).sum();
      prior = (double) Arrays.stream(defaults).sum() / all;
      double[] rate = new double[reviews.length];
      for (int e = 0; e < rate.length; e++) {
        rate[e] = (defaults[e] + 20 * prior) / (reviews[e] + 20);   // smoothed toward the prior
      }
      rates.put(employer, rate);
      reviewsAndDefaults = new long[][] {reviews, defaults};
    }
    int[] keep = selection ? select(training, alsoSeen, alsoSeenLabels) : allColumns(names.size());
    double encodedPrior = prior;
    // the trees learn the training rows' rates without each row's own outcome (leave one out): a rate that holds its
    // row's label would be all they learn
    Booster booster = train(matrix(training, keep, rates, encodedPrior, training.labels(), reviewsAndDefaults),
        training.labelsAsFloats(), keep.length);
    return rows -> predict(booster, matrix(rows, keep, rates, encodedPrior, null, null), keep.length);
  }

  private static void count(double[] employers, boolean[] labels, long[] reviews, long[] defaults) {
    for (int i = 0; i < employers.length; i++) {
      int e = (int) employers[i];
      reviews[e]++;
      defaults[e] += labels[i] ? 1 : 0;
    }
  }

  private static int[] allColumns(int n) {
    int[] all = new int[n];
    Arrays.setAll(all, i -> i);
    return all;
  }

  /** The columns whose absolute correlation with the label, over the rows seen, is largest. */
  private static int[] select(PipelineRows training, PipelineRows alsoSeen, boolean[] alsoSeenLabels) {
    List<Integer> columns = new ArrayList<>();
    double[] strength = new double[training.width()];
    for (int c = 0; c < training.width(); c++) {
      columns.add(c);
      double[] x = training.column(c);
      boolean[] y = training.labels();
      if (alsoSeen != null) {
        x = concat(x, alsoSeen.column(training.featureNames().get(c)));
        y = concat(y, alsoSeenLabels);
      }
      strength[c] = Math.abs(correlation(x, y));
    }
    columns.sort(Comparator.comparingDouble((Integer c) -> -strength[c]).thenComparing(c -> c));
    return columns.subList(0, Math.min(SELECTED, columns.size())).stream().mapToInt(Integer::intValue).sorted()
        .toArray();
  }

  private static double correlation(double[] x, boolean[] y) {
    double mx = 0;
    double my = 0;
    for (int i = 0; i < x.length; i++) {
      mx += x[i];
      my += y[i] ? 1 : 0;
    }
    mx /= x.length;
    my /= x.length;
    double xy = 0;
    double xx = 0;
    double yy = 0;
    for (int i = 0; i < x.length; i++) {
      double dx = x[i] - mx;
      double dy = (y[i] ? 1 : 0) - my;
      xy += dx * dy;
      xx += dx * dx;
      yy += dy * dy;
    }
    return xx == 0 || yy == 0 ? 0 : xy / Math.sqrt(xx * yy);
  }

  private static double[] concat(double[] a, double[] b) {
    double[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static boolean[] concat(boolean[] a, boolean[] b) {
    boolean[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /**
   * The kept columns, row-major, the employer column replaced by its rate: for labelled rows (the training rows),
   * the rate without the row's own outcome.
   */
  private static float[] matrix(PipelineRows rows, int[] keep, Map<Integer, double[]> rates, double prior,
      boolean[] ownLabels, long[][] reviewsAndDefaults) {
    float[] out = new float[Math.multiplyExact(rows.rows(), keep.length)];
    for (int k = 0; k < keep.length; k++) {
      double[] column = rows.column(keep[k]);
      double[] rate = rates.get(keep[k]);
      for (int r = 0; r < rows.rows(); r++) {
        double v = column[r];
        double value;
        if (rate == null) {
          value = v;
        } else if (Double.isNaN(v)) {
          value = prior;
        } else if (ownLabels != null) {
          int e = (int) v;
          value = (reviewsAndDefaults[1][e] - (ownLabels[r] ? 1 : 0) + 20 * prior) / (reviewsAndDefaults[0][e] - 1 + 20);
        } else {
          value = rate[(int) v];
        }
        out[r * keep.length + k] = (float) value;
      }
    }
    return out;
  }

  private static Booster train(float[] matrix, float[] labels, int width) {
    try {
      DMatrix data = new DMatrix(matrix, labels.length, width, Float.NaN);
      data.setLabel(labels);
      Map<String, Object> params = new HashMap<>();
      params.put("objective", "binary:logistic");
      params.put("max_depth", 4);
      params.put("eta", 0.2);
      params.put("nthread", 1);   // one thread per fit: the gate runs refits side by side, and results are exact
      params.put("seed", 0);
      params.put("verbosity", 0);
      Booster booster = XGBoost.train(data, params, ROUNDS, new HashMap<>(), null, null);
      data.dispose();
      return booster;
    } catch (XGBoostError e) {
      throw new IllegalStateException("XGBoost could not train: " + e.getMessage(), e);
    }
  }

  private static double[] predict(Booster booster, float[] matrix, int width) {
    try {
      int rows = matrix.length / width;
      DMatrix data = new DMatrix(matrix, rows, width, Float.NaN);
      float[][] predicted = booster.predict(data);
      data.dispose();
      double[] out = new double[rows];
      for (int i = 0; i < rows; i++) {
        out[i] = predicted[i][0];
      }
      return out;
    } catch (XGBoostError e) {
      throw new IllegalStateException("XGBoost could not score: " + e.getMessage(), e);
    }
  }
}
