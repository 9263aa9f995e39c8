package dev.backtestgate.metrics;

import java.util.Objects;

/**
 * Input checks shared by {@link Auc} and {@link DeLong}. Every failure is an {@link
 * IllegalArgumentException} that says what was found, where, and what to do about it.
 */
final class Checks {
  private Checks() {}

  /** Rejects {@code null} arrays, arrays of different lengths and empty input. */
  static void sameRows(boolean[] labels, double[] scores, String scoresName) {
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(scores, scoresName);
    if (labels.length != scores.length) {
      throw new IllegalArgumentException(
          "labels has "
              + labels.length
              + " rows but "
              + scoresName
              + " has "
              + scores.length
              + ": both must describe the same rows in the same order. Pass arrays of equal length"
              + " (one score per labelled row).");
    }
    if (labels.length == 0) {
      throw new IllegalArgumentException(
          "labels and "
              + scoresName
              + " are empty: AUC compares positive rows against negative rows and needs at least one"
              + " of each. Check that the test window selected any rows.");
    }
  }

  /**
   * Counts the positives and rejects labels without at least {@code minPerClass} positives and as many
   * negatives.
   *
   * @param why what needs that many rows, for the message
   */
  static int positives(boolean[] labels, int minPerClass, String why) {
    int n = labels.length;
    int parts = Parallel.parts(n);
    int[] counts = new int[parts];
    Parallel.run(parts, part -> counts[part] = count(labels, Parallel.from(part, parts, n),
        Parallel.from(part + 1, parts, n)));
    int positives = 0;
    for (int count : counts) {
      positives += count;
    }
    int negatives = labels.length - positives;
    if (positives < minPerClass || negatives < minPerClass) {
      String missing = positives < minPerClass ? "positives" : "negatives";
      throw new IllegalArgumentException(
          "labels have "
              + positives
              + " positive(s) and "
              + negatives
              + " negative(s), too few "
              + missing
              + ": "
              + why
              + " needs at least "
              + minPerClass
              + " positive(s) and "
              + minPerClass
              + " negative(s). Check the label column (true = positive) or widen the test window.");
    }
    return positives;
  }

  private static int count(boolean[] labels, int from, int to) {
    int positives = 0;
    for (int i = from; i < to; i++) {
      positives += labels[i] ? 1 : 0;
    }
    return positives;
  }

  /** 0/1 labels as booleans; any other value is rejected with its count and first index. */
  static boolean[] booleanLabels(int[] labels) {
    Objects.requireNonNull(labels, "labels");
    boolean[] result = new boolean[labels.length];
    int seen = 0; // the OR of all labels: 0 or 1 unless some label is neither
    for (int i = 0; i < labels.length; i++) {
      int label = labels[i];
      result[i] = label == 1;
      seen |= label;
    }
    if ((seen & ~1) != 0) {
      rejectLabels(labels);
    }
    return result;
  }

  private static void rejectLabels(int[] labels) {
    int bad = 0;
    int firstBad = -1;
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] != 0 && labels[i] != 1 && bad++ == 0) {
        firstBad = i;
      }
    }
    throw new IllegalArgumentException(
        "int labels must be 0 (negative) or 1 (positive), but "
            + bad
            + " label(s) are not; the first is "
            + labels[firstBad]
            + " at index "
            + firstBad
            + ". Map the classes to 0 and 1 first, or pass boolean labels.");
  }

  /** Rejects a confidence level outside the open interval (0, 1). */
  static void confidenceLevel(double confidenceLevel) {
    if (!(confidenceLevel > 0 && confidenceLevel < 1)) {
      throw new IllegalArgumentException(
          "confidence level must be strictly between 0 and 1, got "
              + confidenceLevel
              + ". Pass a fraction such as 0.95 (not 95).");
    }
  }
}
