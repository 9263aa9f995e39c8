package dev.backtestgate.metrics;

import java.math.BigInteger;

/**
 * Receives placements (see {@link Placements}) and either writes them by row or sums them per class,
 * exactly: the sum and the sum of squares are integers (a 128-bit sum for the squares), so the
 * centered sum of squares {@code (count * sumOfSquares - sum^2) / count} is computed without any
 * rounding before the final division. That is the two-pass "mean first, then squared deviations"
 * result, without the rounding of either pass. When a row-ordered array to subtract is given, the
 * differences are summed instead (a paired comparison). Row-ordered placements are kept as unsigned
 * {@code int}s: a placement is at most {@code 2 * (rows - 1) < 2^32}. One instance per thread; partial
 * sums add up exactly, so the order in which threads finish does not matter.
 *
 * <p>Row-ordered arrays are touched at random. So that many of those memory accesses can be in flight
 * at once, the placements of one coarse bucket are first collected ({@link #collect}) and then written
 * or subtracted in one tight loop ({@link #flush}).
 */
final class PlacementSums implements Ties.Sink {
  private static final int POSITIVE = 0;
  private static final int NEGATIVE = 1;

  private final int[] writeTo;
  private final int[] subtract;
  /** Collected placements by index, the class in the sign: {@code v} positive, {@code ~v} negative. */
  private final long[] pending;

  private final int[] gathered;
  private boolean collecting;
  private int[] rows;

  /** Sum of the positives' placements (not differences): {@code 2U}. */
  long twiceU;

  private final long[] sums = new long[2];
  private final Int128[] squares = {new Int128(), new Int128()};

  /**
   * @param writeTo row-ordered array to write placements into (then nothing is summed), or null
   * @param subtract row-ordered placements to subtract before summing, or null
   * @param capacity the most placements collected at once (0 when neither array is given)
   */
  PlacementSums(int[] writeTo, int[] subtract, int capacity) {
    this.writeTo = writeTo;
    this.subtract = subtract;
    boolean byRow = writeTo != null || subtract != null;
    this.pending = byRow ? new long[capacity] : null;
    this.gathered = subtract != null ? new int[capacity] : null;
  }

  /** Whether placements need their rows. */
  boolean needsRows() {
    return pending != null;
  }

  /** From now on, handles each placement at once; {@code rows} gives the row of each index. */
  void direct(int[] rows) {
    this.collecting = false;
    this.rows = rows;
  }

  /** From now on, collects placements by index until {@link #flush}. */
  void collect() {
    this.collecting = pending != null;
  }

  /** Handles the collected placements of indices {@code [0, count)}, whose rows are {@code rows}. */
  void flush(int[] rows, int count) {
    if (!collecting) {
      return;
    }
    if (writeTo != null) {
      for (int i = 0; i < count; i++) {
        long x = pending[i];
        writeTo[rows[i]] = (int) (x ^ (x >> 63));
      }
      return;
    }
    for (int i = 0; i < count; i++) {
      gathered[i] = subtract[rows[i]];
    }
    for (int i = 0; i < count; i++) {
      long x = pending[i];
      add((x ^ (x >> 63)) - Integer.toUnsignedLong(gathered[i]), 1, (int) (x >>> 63));
    }
  }

  @Override
  public void put(int index, long placement, boolean positive) {
    if (collecting) {
      pending[index] = positive ? placement : ~placement;
    } else if (writeTo != null) {
      writeTo[rows[index]] = (int) placement;
    } else {
      long value =
          subtract == null ? placement : placement - Integer.toUnsignedLong(subtract[rows[index]]);
      add(value, 1, positive ? POSITIVE : NEGATIVE);
    }
  }

  @Override
  public void putRun(int from, int to, long placement, boolean positive) {
    if (pending == null) {
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

  void add(PlacementSums other) {
    twiceU += other.twiceU;
    for (int kind = POSITIVE; kind <= NEGATIVE; kind++) {
      sums[kind] += other.sums[kind];
      squares[kind].add(other.squares[kind]);
    }
  }

  /**
   * The DeLong variance {@code S10 / positives + S01 / negatives}, where S10 (S01) is the sample
   * variance of the positives' (negatives') summed values, converted from half-units to pROC's V10
   * (V01).
   */
  double variance(long positives, long negatives) {
    double positiveUnit = 2.0 * negatives; // a positive's placement is V10 * positiveUnit
    double negativeUnit = 2.0 * positives;
    double s10 = sampleVariance(POSITIVE, positives) / (positiveUnit * positiveUnit);
    double s01 = sampleVariance(NEGATIVE, negatives) / (negativeUnit * negativeUnit);
    return s10 / positives + s01 / negatives;
  }

  /** {@code (count * squares - sum^2) / (count * (count - 1))}, exact up to the final division. */
  private double sampleVariance(int kind, long count) {
    BigInteger centeredTimesCount =
        squares[kind]
            .toBigInteger()
            .multiply(BigInteger.valueOf(count))
            .subtract(BigInteger.valueOf(sums[kind]).pow(2));
    return centeredTimesCount.doubleValue() / ((double) count * (count - 1));
  }
}
