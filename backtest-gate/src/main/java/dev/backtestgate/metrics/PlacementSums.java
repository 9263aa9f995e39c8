package dev.backtestgate.metrics;

import java.math.BigInteger;

/**
 * Receives placements (see {@link Placements}) and either writes them by row or sums them per class,
 * exactly: the sum and the sum of squares are integers (a 128-bit sum for the squares), so the
 * centered sum of squares {@code (count * sumOfSquares - sum^2) / count} is computed without any
 * rounding before the final division. That is the two-pass "mean first, then squared deviations"
 * result, without the rounding of either pass.
 *
 * <p>Each placement comes with the payload its row carried through the bucketing: in {@link
 * Mode#WRITE_BY_ROW} that is the row number, in {@link Mode#SUBTRACT} the row's placement under
 * another model (then the differences are summed: a paired comparison). Placements by row are
 * unsigned {@code int}s: a placement is at most {@code 2 * (rows - 1) < 2^32}. Writing by row touches
 * memory at random, so those placements are collected per coarse bucket ({@link #collect}) and written
 * in one tight loop ({@link #flush}), letting many cache misses overlap.
 *
 * <p>One instance per thread; partial sums add up exactly, so the order in which threads finish does
 * not matter.
 */
final class PlacementSums implements Ties.Sink {
  /** What to do with each placement. */
  enum Mode {
    /** Sum the placements. */
    SUM,
    /** Sum the placement minus the payload (another model's placement of the same row). */
    SUBTRACT,
    /** Write the placement at the payload (the row number); sum nothing. */
    WRITE_BY_ROW
  }

  static final int POSITIVE = 0;
  static final int NEGATIVE = 1;

  private final Mode mode;
  private final int[] byRow;
  /** Collected placements by index, the class in the sign: {@code v} positive, {@code ~v} negative. */
  private final long[] pending;

  private boolean collecting;
  private int[] payload;

  /** Sum of the positives' placements (not differences): {@code 2U}. */
  long twiceU;

  private final long[] sums = new long[2];
  private final Int128[] squares = {new Int128(), new Int128()};
  /** The model's own placements (not differences), summed in the paired modes for its own variance. */
  private final long[] plainSums = new long[2];
  private final Int128[] plainSquares = {new Int128(), new Int128()};

  /**
   * @param byRow where {@link Mode#WRITE_BY_ROW} writes; null otherwise
   * @param capacity the most placements collected at once
   */
  PlacementSums(Mode mode, int[] byRow, int capacity) {
    this.mode = mode;
    this.byRow = byRow;
    this.pending = mode == Mode.WRITE_BY_ROW ? new long[capacity] : null;
  }

  /** Whether placements come with a payload. */
  boolean needsPayload() {
    return mode != Mode.SUM;
  }

  /** From now on, handles each placement at once; {@code payload} is that of each index. */
  void direct(int[] payload) {
    this.collecting = false;
    this.payload = payload;
  }

  /** From now on, collects placements by index (when writing by row) until {@link #flush}. */
  void collect(int[] payload) {
    this.collecting = pending != null;
    this.payload = payload;
  }

  /** Handles the collected placements of indices {@code [0, count)}. */
  void flush(int count) {
    if (collecting) {
      for (int i = 0; i < count; i++) {
        long x = pending[i];
        byRow[payload[i]] = (int) (x ^ (x >> 63));
      }
    }
  }

  @Override
  public void put(int index, long placement, boolean positive) {
    switch (mode) {
      case SUM -> add(placement, 1, positive ? POSITIVE : NEGATIVE);
      case SUBTRACT -> {
        int kind = positive ? POSITIVE : NEGATIVE;
        add(placement - Integer.toUnsignedLong(payload[index]), 1, kind);
        addPlain(placement, kind);
      }
      case WRITE_BY_ROW -> {
        addPlain(placement, positive ? POSITIVE : NEGATIVE);
        if (collecting) {
          pending[index] = positive ? placement : ~placement;
        } else {
          byRow[payload[index]] = (int) placement;
        }
      }
    }
  }

  @Override
  public void putRun(int from, int to, long placement, boolean positive) {
    if (mode == Mode.SUM) {
      add(placement, to - from, positive ? POSITIVE : NEGATIVE);
    } else {
      for (int k = from; k < to; k++) {
        put(k, placement, positive);
      }
    }
  }

  /**
   * Adds {@code count} copies of {@code value}. With at most 2^31 rows, {@code |value| <= 2 * (rows of
   * the other class)} and {@code count <= rows of this class}, so {@code count * |value| < 2^61}.
   */
  private void add(long value, long count, int kind) {
    sums[kind] += value * count;
    if (count == 1) {
      squares[kind].addSquare(value);
    } else {
      long magnitude = Math.abs(value);
      squares[kind].addProduct(magnitude * count, magnitude);
    }
  }

  private void addPlain(long value, int kind) {
    plainSums[kind] += value;
    plainSquares[kind].addSquare(value);
  }

  void add(PlacementSums other) {
    twiceU += other.twiceU;
    for (int kind = POSITIVE; kind <= NEGATIVE; kind++) {
      sums[kind] += other.sums[kind];
      squares[kind].add(other.squares[kind]);
      plainSums[kind] += other.plainSums[kind];
      plainSquares[kind].add(other.plainSquares[kind]);
    }
  }

  /**
   * The DeLong variance {@code S10 / positives + S01 / negatives}, where S10 (S01) is the sample
   * variance of the positives' (negatives') summed values, converted from half-units to pROC's V10
   * (V01).
   */
  double variance(long positives, long negatives) {
    return variance(sums, squares, positives, negatives);
  }

  /**
   * The same variance of the model's own placements, in the paired modes ({@link Mode#SUBTRACT}: the
   * candidate's; {@link Mode#WRITE_BY_ROW}: the baseline's). With the variance of the differences, it gives
   * the covariance: {@code cov = (var(A) + var(B) - var(A - B)) / 2}.
   */
  double plainVariance(long positives, long negatives) {
    return variance(plainSums, plainSquares, positives, negatives);
  }

  /**
   * The DeLong variance from a class's exact sums and sums of squares of placements (index {@link #POSITIVE} and
   * {@link #NEGATIVE}), in half-units: {@code S10 / positives + S01 / negatives}.
   */
  static double variance(long[] sums, Int128[] squares, long positives, long negatives) {
    return covariance(sums, sums, new BigInteger[] {squares[POSITIVE].toBigInteger(),
        squares[NEGATIVE].toBigInteger()}, positives, negatives);
  }

  /**
   * The DeLong covariance of two statistics from each class's exact sums of their placements (or placement
   * differences) and the exact sum of their products ({@code products}, index {@link #POSITIVE} and {@link #NEGATIVE}),
   * in half-units: {@code S10(a, b) / positives + S01(a, b) / negatives}. With {@code a = b} it is {@link #variance}, by
   * the same floating-point steps, so a covariance matrix's diagonal equals {@link DeLong#compare}'s variance bit for
   * bit.
   */
  static double covariance(long[] sumsA, long[] sumsB, BigInteger[] products, long positives, long negatives) {
    double positiveUnit = 2.0 * negatives; // a positive's placement is V10 * positiveUnit
    double negativeUnit = 2.0 * positives;
    double s10 = sampleCovariance(sumsA[POSITIVE], sumsB[POSITIVE], products[POSITIVE], positives)
        / (positiveUnit * positiveUnit);
    double s01 = sampleCovariance(sumsA[NEGATIVE], sumsB[NEGATIVE], products[NEGATIVE], negatives)
        / (negativeUnit * negativeUnit);
    return s10 / positives + s01 / negatives;
  }

  /** {@code (count * products - sumA * sumB) / (count * (count - 1))}, exact up to the final division. */
  private static double sampleCovariance(long sumA, long sumB, BigInteger products, long count) {
    BigInteger centeredTimesCount =
        products
            .multiply(BigInteger.valueOf(count))
            .subtract(BigInteger.valueOf(sumA).multiply(BigInteger.valueOf(sumB)));
    return centeredTimesCount.doubleValue() / ((double) count * (count - 1));
  }
}
