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
   * Scans {@code scores} once, in two halves on two threads for large inputs (same result either way).
   *
   * @param name what the scores are, for the message (for example "candidate scores")
   * @throws IllegalArgumentException if any score is NaN or infinite, with their count and the first
   */
  static ScoreRange of(double[] scores, String name) {
    int n = scores.length;
    int parts = Parallel.parts(n);
    Scan[] scans = new Scan[parts];
    Parallel.run(parts, part -> scans[part] = scan(scores, Parallel.from(part, parts, n),
        Parallel.from(part + 1, parts, n)));
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    int bad = 0;
    int firstBad = -1;
    for (Scan scan : scans) { // in row order, so ties and the first bad index come out as one scan finds them
      if (scan.min < min) {
        min = scan.min;
      }
      if (scan.max > max) {
        max = scan.max;
      }
      if (scan.bad > 0 && bad == 0) {
        firstBad = scan.firstBad;
      }
      bad += scan.bad;
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

  /** One part's smallest and largest score and its non-finite scores: how many, and the first. */
  private record Scan(double min, double max, int bad, int firstBad) {}

  private static Scan scan(double[] scores, int from, int to) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    int bad = 0;
    int firstBad = -1;
    for (int i = from; i < to; i++) {
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
    return new Scan(min, max, bad, firstBad);
  }
}
