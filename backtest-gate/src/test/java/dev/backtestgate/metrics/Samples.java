package dev.backtestgate.metrics;

import java.util.Arrays;
import java.util.Random;

/** Random labelled scores for property tests, in shapes that stress ties, ranges and buckets. */
final class Samples {
  private Samples() {}

  /** How scores are drawn. */
  enum Shape {
    /** A handful of values, including both zeros: heavy ties. */
    FEW_VALUES,
    /** Uniform in [0, 1): almost no ties. */
    UNIFORM,
    /** Uniform rounded to 2 decimals: ties spread over many buckets. */
    ROUNDED,
    /** Every score equal. */
    CONSTANT,
    /** Extreme finite values: the largest, the smallest subnormals, both zeros (span overflows). */
    EXTREMES,
    /** Multiples of the smallest subnormal (the bucket scale would overflow). */
    SUBNORMAL,
    /** Random bit patterns: every magnitude and sign. */
    ANY_BITS,
    /** Nearly every row in a tiny interval, a few far away: one bucket holds most rows. */
    SKEWED
  }

  /** How labels are drawn. */
  enum Balance {
    HALF,
    RARE_POSITIVES,
    RARE_NEGATIVES,
    /** The fewest of one class the method allows. */
    MINIMAL_POSITIVES,
    MINIMAL_NEGATIVES
  }

  private static final double[] FEW = {-1.5, -0.0, 0.0, 0.25, 0.5, 3.0};
  private static final double[] EXTREME = {
    Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, -Double.MIN_VALUE, -0.0, 0.0,
    Double.MIN_NORMAL, 1.0, -1.0, 1e308, -1e-308
  };

  static double[] scores(Random random, int n, Shape shape) {
    double[] s = new double[n];
    double constant = random.nextGaussian();
    for (int i = 0; i < n; i++) {
      s[i] =
          switch (shape) {
            case FEW_VALUES -> FEW[random.nextInt(FEW.length)];
            case UNIFORM -> random.nextDouble();
            case ROUNDED -> Math.round(random.nextDouble() * 100) / 100.0;
            case CONSTANT -> constant;
            case EXTREMES -> EXTREME[random.nextInt(EXTREME.length)];
            case SUBNORMAL -> random.nextInt(6) * Double.MIN_VALUE;
            case ANY_BITS -> anyFinite(random);
            case SKEWED -> random.nextInt(50) == 0 ? 1e6 * random.nextDouble() : 1e-9 * random.nextInt(40);
          };
    }
    return s;
  }

  private static double anyFinite(Random random) {
    while (true) {
      double x = Double.longBitsToDouble(random.nextLong());
      if (Double.isFinite(x)) {
        return x;
      }
    }
  }

  /** Labels with at least {@code minPerClass} rows of each class ({@code n >= 2 * minPerClass}). */
  static boolean[] labels(Random random, int n, Balance balance, int minPerClass) {
    boolean[] labels = new boolean[n];
    double share =
        switch (balance) {
          case HALF -> 0.5;
          case RARE_POSITIVES, MINIMAL_POSITIVES -> 0.05;
          case RARE_NEGATIVES, MINIMAL_NEGATIVES -> 0.95;
        };
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextDouble() < share;
    }
    if (balance == Balance.MINIMAL_POSITIVES || balance == Balance.MINIMAL_NEGATIVES) {
      Arrays.fill(labels, balance == Balance.MINIMAL_NEGATIVES);
    }
    int positives = count(labels);
    for (; positives < minPerClass; positives++) {
      labels[randomRow(random, labels, false)] = true;
    }
    for (; n - positives < minPerClass; positives--) {
      labels[randomRow(random, labels, true)] = false;
    }
    return labels;
  }

  private static int randomRow(Random random, boolean[] labels, boolean label) {
    while (true) {
      int i = random.nextInt(labels.length);
      if (labels[i] == label) {
        return i;
      }
    }
  }

  /** The exact pair count by definition: 2 per pair the positive wins, 1 per tie. O(n^2). */
  static long bruteTwiceU(boolean[] labels, double[] scores) {
    long twiceU = 0;
    for (int i = 0; i < labels.length; i++) {
      if (!labels[i]) {
        continue;
      }
      for (int j = 0; j < labels.length; j++) {
        if (!labels[j]) {
          twiceU += scores[i] > scores[j] ? 2 : scores[i] == scores[j] ? 1 : 0;
        }
      }
    }
    return twiceU;
  }

  /**
   * The same count another way, for inputs too large for pairs: sort the rows by score, then per tie
   * group add {@code 2 * (negatives below) + (negatives in the group)} for each positive in it.
   */
  static long sortedTwiceU(boolean[] labels, double[] scores) {
    Integer[] rows = new Integer[scores.length];
    Arrays.setAll(rows, i -> i);
    Arrays.sort(rows, (a, b) -> scores[a] < scores[b] ? -1 : scores[a] > scores[b] ? 1 : 0);
    long twiceU = 0;
    long negativesBelow = 0;
    for (int i = 0; i < rows.length; ) {
      int j = i;
      long positives = 0;
      long negatives = 0;
      for (; j < rows.length && scores[rows[j]] == scores[rows[i]]; j++) {
        positives += labels[rows[j]] ? 1 : 0;
        negatives += labels[rows[j]] ? 0 : 1;
      }
      twiceU += positives * (2 * negativesBelow + negatives);
      negativesBelow += negatives;
      i = j;
    }
    return twiceU;
  }

  static int count(boolean[] labels) {
    int positives = 0;
    for (boolean label : labels) {
      positives += label ? 1 : 0;
    }
    return positives;
  }
}
