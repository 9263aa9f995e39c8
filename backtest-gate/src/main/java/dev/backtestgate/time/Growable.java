package dev.backtestgate.time;

import java.util.Arrays;

/** Append-only primitive columns for the builders: amortised O(1) appends, no boxing. */
final class Growable {
  private Growable() {}

  private static int grownCapacity(int current) {
    return Math.max(16, current + (current >> 1));
  }

  static final class Longs {
    private long[] values = new long[16];
    private int size;

    void add(long value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, grownCapacity(size));
      }
      values[size++] = value;
    }

    int size() {
      return size;
    }

    long[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }

  static final class Ints {
    private int[] values = new int[16];
    private int size;

    void add(int value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, grownCapacity(size));
      }
      values[size++] = value;
    }

    int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }

  static final class Doubles {
    private double[] values = new double[16];
    private int size;

    void add(double value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, grownCapacity(size));
      }
      values[size++] = value;
    }

    double[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
