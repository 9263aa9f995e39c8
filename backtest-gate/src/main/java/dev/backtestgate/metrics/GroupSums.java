package dev.backtestgate.metrics;

/**
 * One group's exact sums for a paired comparison (see {@link GroupedPlacements}): each model's {@code 2U}, and per
 * class the sums and sums of squares of the baseline's placements, the candidate's, and their differences. The same
 * integers {@link DeLong#compare} sums over the group's rows alone, so the comparison built from them is the same, bit
 * for bit.
 */
final class GroupSums {
  long baselineTwiceU;
  long candidateTwiceU;
  private final long[] baseline = new long[2];
  private final Int128[] baselineSquares = {new Int128(), new Int128()};
  private final long[] candidate = new long[2];
  private final Int128[] candidateSquares = {new Int128(), new Int128()};
  private final long[] differences = new long[2];
  private final Int128[] differenceSquares = {new Int128(), new Int128()};

  void addBaseline(long placement, int kind) {
    baseline[kind] += placement;
    baselineSquares[kind].addSquare(placement);
  }

  /** The candidate's placement of a row and its difference from the baseline's placement of it. */
  void addCandidate(long placement, long difference, int kind) {
    candidate[kind] += placement;
    candidateSquares[kind].addSquare(placement);
    differences[kind] += difference;
    differenceSquares[kind].addSquare(difference);
  }

  /**
   * Shifts each of the baseline's {@code count} placements of class {@code kind} summed so far by {@code shift}: the
   * sum by {@code count * shift}, the sum of squares by {@code 2 * shift * sum + count * shift^2}, both exactly.
   */
  void shiftBaseline(int kind, long count, long shift) {
    shift(baseline, baselineSquares, kind, count, shift);
    if (kind == PlacementSums.POSITIVE) {
      baselineTwiceU += count * shift;
    }
  }

  /**
   * Shifts each of the candidate's {@code count} placements of class {@code kind} summed so far, and so their
   * differences from the baseline's, by {@code shift}, as {@link #shiftBaseline} does.
   */
  void shiftCandidate(int kind, long count, long shift) {
    shift(candidate, candidateSquares, kind, count, shift);
    shift(differences, differenceSquares, kind, count, shift);
    if (kind == PlacementSums.POSITIVE) {
      candidateTwiceU += count * shift;
    }
  }

  /**
   * {@code sum[kind]} and {@code squares[kind]} of {@code count} values, each value plus {@code shift}. With at most
   * 2^31 rows in all, {@code |shift| < 2^33}, {@code |sum| < 2^63} and {@code |count * shift| < 2^62}, so every
   * product is exact in 128 bits.
   */
  private static void shift(long[] sum, Int128[] squares, int kind, long count, long shift) {
    if (count == 0 || shift == 0) {
      return;
    }
    squares[kind].addProduct(2 * shift, sum[kind]);
    squares[kind].addProduct(count * shift, shift);
    sum[kind] += count * shift;
  }

  /** Adds another walk's sums of other rows of the same group. */
  void add(GroupSums other) {
    baselineTwiceU += other.baselineTwiceU;
    candidateTwiceU += other.candidateTwiceU;
    for (int kind = PlacementSums.POSITIVE; kind <= PlacementSums.NEGATIVE; kind++) {
      baseline[kind] += other.baseline[kind];
      baselineSquares[kind].add(other.baselineSquares[kind]);
      candidate[kind] += other.candidate[kind];
      candidateSquares[kind].add(other.candidateSquares[kind]);
      differences[kind] += other.differences[kind];
      differenceSquares[kind].add(other.differenceSquares[kind]);
    }
  }

  /** The comparison, by the same steps as {@link DeLong#compare} on the group's rows. */
  AucComparison comparison(long positives, long negatives, double confidenceLevel) {
    return DeLong.fromSums(candidateTwiceU, baselineTwiceU, positives, negatives,
        PlacementSums.variance(differences, differenceSquares, positives, negatives),
        PlacementSums.variance(candidate, candidateSquares, positives, negatives),
        PlacementSums.variance(baseline, baselineSquares, positives, negatives), confidenceLevel);
  }
}
