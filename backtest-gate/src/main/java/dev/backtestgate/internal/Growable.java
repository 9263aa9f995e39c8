package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/** Append-only primitive columns for the builders: amortised O(1) appends, no boxing. */
@API(status = INTERNAL, since = "0.1")
public final class Growable {
  private Growable() {}

  private static int grownCapacity(int current) {
    return Math.max(16, current + (current >> 1));
  }

  public static final class Longs {
    private long[] values = new long[16];
    private int size;

    public void add(long value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, grownCapacity(size));
      }
      values[size++] = value;
    }

    public int size() {
      return size;
    }

    public long[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }

  public static final class Ints {
    private int[] values = new int[16];
    private int size;

    public void add(int value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, grownCapacity(size));
      }
      values[size++] = value;
    }

    public int[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }

  public static final class Doubles {
    private double[] values = new double[16];
    private int size;

    public void add(double value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, grownCapacity(size));
      }
      values[size++] = value;
    }

    public double[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
