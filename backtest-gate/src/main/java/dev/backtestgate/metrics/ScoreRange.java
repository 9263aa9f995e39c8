package dev.backtestgate.metrics;

/**
 * The smallest and largest of a model's scores, found by the scan that also rejects NaN and infinite
 * scores.
 *
 * @param min the smallest score ({@code -0.0} and {@code 0.0} are the same score)
 * @param max the largest score
 */
record ScoreRange(double min, double max) {

  /**
   * Scans {@code scores} once.
   *
   * @param name what the scores are, for the message (for example "candidate scores")
   * @throws IllegalArgumentException if any score is NaN or infinite, with their count and the first
   */
  static ScoreRange of(double[] scores, String name) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    int bad = 0;
    int firstBad = -1;
    for (int i = 0; i < scores.length; i++) {
      double x = scores[i];
      if (x < min) {
        min = x;
      }
      if (x > max) {
        max = x;
      }
      if (!Double.isFinite(x) && bad++ == 0) {
        firstBad = i;
      }
    }
    if (bad > 0) {
      throw new IllegalArgumentException(
          name
              + " contain "
              + bad
              + " value(s) that are NaN or infinite; the first is "
              + scores[firstBad]
              + " at index "
              + firstBad
              + ". A ranking metric needs a finite score for every row: fix the model output, or drop"
              + " those rows together with their labels before scoring.");
    }
    return new ScoreRange(min, max);
  }
}
