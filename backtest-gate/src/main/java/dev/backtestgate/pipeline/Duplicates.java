package dev.backtestgate.pipeline;

import java.util.ArrayList;
import java.util.List;

/**
 * Test rows that are copies of training rows, exact or near-exact: the label and every feature value alike as a float
 * (to about 7 significant digits, so a copy that went through a float or a CSV file still counts; NaN equal to NaN,
 * -0.0 to 0.0): every row hashed once, column by column, the training rows put in an open-addressing table, each test
 * row looked up and compared value by value. O(n + m) expected; one {@code long} per row and two {@code int}s per
 * training row.
 */
final class Duplicates {
  /** How many example pairs a finding shows. */
  static final int EXAMPLES = 5;

  /**
   * What was found.
   *
   * @param testRows the test rows
   * @param duplicates the test rows that copy a training row
   * @param examples the first pairs: test row, training row
   */
  record Result(int testRows, int duplicates, List<int[]> examples) {}

  private Duplicates() {}

  static Result find(PipelineRows training, PipelineRows test, boolean[] testLabels) {
    int n = training.rows();
    boolean[] trainLabels = training.labels();
    long[] trainHashes = hashes(training, trainLabels);
    long[] testHashes = hashes(test, testLabels);
    // an open-addressing table of the training rows by hash (at most half full): each slot holds a row + 1, 0 empty
    int capacity = Integer.highestOneBit(Math.max(2, n) * 2 - 1) << 1;
    int mask = capacity - 1;
    int[] slots = new int[capacity];
    for (int i = 0; i < n; i++) {
      int s = (int) trainHashes[i] & mask;
      while (slots[s] != 0) {
        s = (s + 1) & mask;
      }
      slots[s] = i + 1;
    }
    int duplicates = 0;
    List<int[]> examples = new ArrayList<>();
    for (int t = 0; t < testHashes.length; t++) {
      long key = testHashes[t];
      for (int s = (int) key & mask; slots[s] != 0; s = (s + 1) & mask) {
        int row = slots[s] - 1;
        if (trainHashes[row] == key && trainLabels[row] == testLabels[t] && sameValues(training, row, test, t)) {
          duplicates++;
          if (examples.size() < EXAMPLES) {
            examples.add(new int[] {t, row});
          }
          break;
        }
      }
    }
    return new Result(test.rows(), duplicates, examples);
  }

  /** Each row's hash of its label and values, column by column so that every column is read in order. */
  private static long[] hashes(PipelineRows rows, boolean[] labels) {
    long[] h = new long[rows.rows()];
    for (int i = 0; i < h.length; i++) {
      h[i] = labels[i] ? 0x9E3779B97F4A7C15L : 0x632BE59BD9B4E019L;
    }
    for (int c = 0; c < rows.width(); c++) {
      double[] column = rows.column(c);
      for (int i = 0; i < h.length; i++) {
        long x = (h[i] ^ bits(column[i])) * 0xBF58476D1CE4E5B9L;
        h[i] = x ^ (x >>> 31);
      }
    }
    return h;
  }

  /** A value as a float's bits: near-exact copies (equal to about 7 significant digits) compare equal. */
  private static long bits(double v) {
    float f = (float) v;
    return f == 0 ? 0L : Float.floatToIntBits(f);   // -0.0 as 0.0; every NaN as the one NaN
  }

  private static boolean sameValues(PipelineRows a, int i, PipelineRows b, int j) {
    for (int c = 0; c < a.width(); c++) {
      if (bits(a.column(c)[i]) != bits(b.column(c)[j])) {
        return false;
      }
    }
    return true;
  }
}
