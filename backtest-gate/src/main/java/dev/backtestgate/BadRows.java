package dev.backtestgate;

import java.util.function.IntPredicate;

/**
 * How many rows of a column are bad, and the first of them: what every validation message names.
 *
 * @param count how many rows are bad
 * @param first the index of the first bad row, or -1
 */
record BadRows(int count, int first) {

  /** Scans rows {@code 0..rows-1}. */
  static BadRows scan(int rows, IntPredicate bad) {
    int count = 0;
    int first = -1;
    for (int i = 0; i < rows; i++) {
      if (bad.test(i)) {
        if (count++ == 0) {
          first = i;
        }
      }
    }
    return new BadRows(count, first);
  }

  boolean any() {
    return count > 0;
  }

  /** {@code "value"} or {@code "values"} and the like. */
  String plural(String singular, String plural) {
    return count == 1 ? singular : plural;
  }
}
