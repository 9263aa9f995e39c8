package dev.backtestgate.report;

import static dev.backtestgate.internal.Wording.fmt;

/**
 * Round axis ticks: the smallest step of the form 1, 2 or 5 times a power of ten that puts at most
 * {@code maxTicks} ticks in a range, and labels with just enough decimals for that step.
 *
 * @param first the first tick, at or above the range's start
 * @param step the distance between ticks
 * @param count how many ticks
 */
record Ticks(double first, double step, int count) {
  private static final double[] MANTISSAS = {1, 2, 5};

  /**
   * Ticks inside {@code [lo, hi]} (a tick within a billionth of a step of either end counts as inside);
   * {@code lo < hi}, both finite, {@code maxTicks >= 2}.
   */
  static Ticks within(double lo, double hi, int maxTicks) {
    if (!(Double.isFinite(lo) && Double.isFinite(hi) && lo < hi) || maxTicks < 2) {
      throw new IllegalArgumentException("ticks need a finite range lo < hi and maxTicks >= 2; got [" + lo + ", "
          + hi + "] and " + maxTicks + ".");
    }
    int exponent = (int) Math.floor(Math.log10((hi - lo) / maxTicks)) - 1;
    while (true) {
      for (double mantissa : MANTISSAS) {
        double step = mantissa * Math.pow(10, exponent);
        long firstIndex = (long) Math.ceil(lo / step - 1e-9);
        long lastIndex = (long) Math.floor(hi / step + 1e-9);
        int count = (int) (lastIndex - firstIndex + 1);
        if (count <= maxTicks) {
          return new Ticks(firstIndex * step, step, count);
        }
      }
      exponent++;
    }
  }

  /** The i-th tick. */
  double at(int i) {
    return first + i * step;
  }

  /** The i-th tick's label: signed, as many decimals as the step needs, and "0" for zero. */
  String label(int i) {
    double value = at(i);
    if (Math.abs(value) < step / 2) {
      return "0";
    }
    int decimals = Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9));
    return fmt("%+." + decimals + "f", value);
  }
}
