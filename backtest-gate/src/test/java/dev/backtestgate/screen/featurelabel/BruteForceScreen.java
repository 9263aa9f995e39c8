package dev.backtestgate.screen.featurelabel;

import java.util.HashMap;
import java.util.Map;

/** The screen's definitions, written the slow and obvious way, for the property tests. */
final class BruteForceScreen {
  private BruteForceScreen() {}

  /**
   * AUC by counting every (positive, negative) pair, ties one half; a missing value ({@code NaN}) ranks below
   * every present value and ties with other missing values.
   */
  static double auc(boolean[] labels, double[] values) {
    long twiceWins = 0;
    long pairs = 0;
    for (int i = 0; i < labels.length; i++) {
      if (!labels[i]) {
        continue;
      }
      for (int j = 0; j < labels.length; j++) {
        if (labels[j]) {
          continue;
        }
        pairs++;
        int c = compare(values[i], values[j]);
        twiceWins += c > 0 ? 2 : c == 0 ? 1 : 0;
      }
    }
    return twiceWins / (2.0 * pairs);
  }

  private static int compare(double a, double b) {
    boolean aMissing = Double.isNaN(a);
    boolean bMissing = Double.isNaN(b);
    if (aMissing || bMissing) {
      return aMissing && bMissing ? 0 : aMissing ? -1 : 1;
    }
    return a > b ? 1 : a < b ? -1 : 0;
  }

  /** max(AUC, 1 - AUC). */
  static double directionFree(boolean[] labels, double[] values) {
    double auc = auc(labels, values);
    return Math.max(auc, 1 - auc);
  }

  /**
   * Out-of-fold encoding, row by row: the positive rate of the row's category among the rows of other folds,
   * with one pseudo-row of the overall positive rate.
   */
  static double[] outOfFold(boolean[] labels, int[] codes, int[] folds) {
    int positives = 0;
    for (boolean label : labels) {
      positives += label ? 1 : 0;
    }
    double prior = (double) positives / labels.length;
    double[] scores = new double[labels.length];
    for (int i = 0; i < labels.length; i++) {
      int rows = 0;
      int pos = 0;
      for (int j = 0; j < labels.length; j++) {
        if (folds[j] != folds[i] && codes[j] == codes[i]) {
          rows++;
          pos += labels[j] ? 1 : 0;
        }
      }
      scores[i] = (pos + prior) / (rows + 1);
    }
    return scores;
  }

  /** The folds as a map from row to fold, computed independently of the screen's loop. */
  static int[] folds(int rows) {
    Map<Integer, Integer> byRow = new HashMap<>();
    for (int i = 0; i < rows; i++) {
      byRow.put(i, FeatureLabelScreen.fold(i));
    }
    int[] folds = new int[rows];
    byRow.forEach((row, fold) -> folds[row] = fold);
    return folds;
  }
}
