package dev.backtestgate.metrics;

import java.math.BigInteger;

/** An exact, non-negative 128-bit sum of products of non-negative {@code long}s. */
final class Int128 {
  private long high;
  private long low;

  /** Adds {@code a * b}, both in {@code [0, 2^63)}. */
  void addProduct(long a, long b) {
    add(Math.multiplyHigh(a, b), a * b);
  }

  void add(Int128 other) {
    add(other.high, other.low);
  }

  private void add(long addHigh, long addLow) {
    long sum = low + addLow;
    high += addHigh + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
    low = sum;
  }

  BigInteger toBigInteger() {
    return BigInteger.valueOf(high).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low)));
  }
}
