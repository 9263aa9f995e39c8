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

  /** Adds another part's sums of the same group: exact, so the order parts are added in does not matter. */
  void add(GroupSums other) {
    baselineTwiceU += other.baselineTwiceU;
    candidateTwiceU += other.candidateTwiceU;
    for (int kind = 0; kind < 2; kind++) {
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
