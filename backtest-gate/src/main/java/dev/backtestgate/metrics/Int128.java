package dev.backtestgate.metrics;

import java.math.BigInteger;

/**
 * An exact, non-negative 128-bit sum of products and squares. Squares below 2^63 are first added to a
 * plain {@code long} and carried into the 128-bit sum only when that would overflow, which keeps the
 * common case to one multiplication and one addition.
 */
final class Int128 {
  private long high;
  private long low;
  /** Squares not yet carried into {@code high:low}, always in {@code [0, 2^63)}. */
  private long pending;

  /** Adds {@code a * b}, both in {@code [0, 2^63)}. */
  void addProduct(long a, long b) {
    add(Math.multiplyHigh(a, b), a * b);
  }

  /** Adds {@code d * d} for {@code |d| < 2^32}. */
  void addSquare(long d) {
    long square = d * d; // exact when read as unsigned
    if (square < 0) {
      add(0, square);
      return;
    }
    pending += square;
    if (pending < 0) { // reached 2^63: carry it (as unsigned) and start again
      add(0, pending);
      pending = 0;
    }
  }

  void add(Int128 other) {
    add(other.high, other.low);
    add(0, other.pending);
  }

  private void add(long addHigh, long addLow) {
    long sum = low + addLow;
    high += addHigh + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
    low = sum;
  }

  BigInteger toBigInteger() {
    return BigInteger.valueOf(high)
        .shiftLeft(64)
        .add(new BigInteger(Long.toUnsignedString(low)))
        .add(BigInteger.valueOf(pending));
  }
}
