package dev.backtestgate.tripwire.trace;

import dev.backtestgate.claim.FeatureValues;
import dev.backtestgate.internal.SortedDoubles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The distances between a claim's feature summaries and production's served values: categorical, the largest
 * difference of a category's share (L-infinity); numeric, the Kolmogorov–Smirnov distance, the largest difference of
 * the two empirical distribution functions, evaluated at every cut value of the summary and every served value (exact
 * when the summary holds every distinct backtest value).
 */
final class Skews {
  private static final int MOVED = 3;

  private Skews() {}

  /** The skew of one feature; served values are text as the outcomes hold them, {@code ""} where none. */
  static FeatureSkew of(FeatureValues backtest, List<String> served) {
    return backtest.categorical() ? categorical(backtest, served) : numeric(backtest, served);
  }

  static FeatureSkew categorical(FeatureValues backtest, List<String> served) {
    Map<Double, long[]> counts = new TreeMap<>();
    long rows = 0;
    long unreadable = 0;
    for (String s : served) {
      if (s.isBlank()) {
        continue;
      }
      Double code = number(s);
      if (code == null || code != Math.rint(code) || code < 0) {
        unreadable++;
        continue;
      }
      counts.computeIfAbsent(code, k -> new long[1])[0]++;
      rows++;
    }
    Map<Double, double[]> shares = new TreeMap<>();   // value -> {backtest, production}
    for (FeatureValues.Point p : backtest.points()) {
      shares.computeIfAbsent(p.value(), k -> new double[2])[0] = p.share();
    }
    long n = rows;
    counts.forEach((value, c) -> shares.computeIfAbsent(value, k -> new double[2])[1] = (double) c[0] / n);
    List<FeatureSkew.Moved> moved = new ArrayList<>();
    shares.forEach((value, s) -> moved.add(new FeatureSkew.Moved("= " + words(value), s[0], s[1])));
    return skew(backtest, FeatureSkew.L_INFINITY, rows, unreadable, backtest.complete(), moved);
  }

  static FeatureSkew numeric(FeatureValues backtest, List<String> served) {
    double[] values = new double[served.size()];
    int n = 0;
    long unreadable = 0;
    for (String s : served) {
      if (s.isBlank()) {
        continue;
      }
      Double v = number(s);
      if (v == null || v.isNaN()) {
        unreadable += v == null ? 1 : 0;
        continue;
      }
      values[n++] = v;
    }
    double[] sorted = Arrays.copyOf(values, n);
    Arrays.sort(sorted);
    List<FeatureValues.Point> cuts = backtest.points();
    TreeSet<Double> at = new TreeSet<>();
    cuts.forEach(p -> at.add(p.value()));
    for (double v : sorted) {
      at.add(v);
    }
    List<FeatureSkew.Moved> moved = new ArrayList<>();
    int cut = -1;   // the largest cut at or below x: both run in increasing order
    for (double x : at) {
      while (cut + 1 < cuts.size() && cuts.get(cut + 1).value() <= x) {
        cut++;
      }
      moved.add(new FeatureSkew.Moved("<= " + words(x), cut < 0 ? 0 : cuts.get(cut).share(), n == 0 ? 0
          : (double) SortedDoubles.atOrBelow(sorted, x) / n));
    }
    if (backtest.complete()) {
      // every distinct backtest value is a cut: the point shares are exact too, and say more than cumulative ones
      List<FeatureSkew.Moved> points = new ArrayList<>();
      double previousB = 0;
      double previousP = 0;
      for (FeatureSkew.Moved m : moved) {
        points.add(new FeatureSkew.Moved("= " + m.value().substring(3), m.backtest() - previousB,
            m.production() - previousP));
        previousB = m.backtest();
        previousP = m.production();
      }
      FeatureSkew cumulative = skew(backtest, FeatureSkew.KOLMOGOROV_SMIRNOV, n, unreadable, true, moved);
      FeatureSkew byPoint = skew(backtest, FeatureSkew.KOLMOGOROV_SMIRNOV, n, unreadable, true, points);
      return new FeatureSkew(backtest.feature(), FeatureSkew.KOLMOGOROV_SMIRNOV, cumulative.distance(),
          backtest.rows(), n, unreadable, true, byPoint.moved());
    }
    // from percentiles, neighbouring cuts say the same: only the one where the distance is taken
    FeatureSkew approximate = skew(backtest, FeatureSkew.KOLMOGOROV_SMIRNOV, n, unreadable, false, moved);
    return new FeatureSkew(approximate.feature(), approximate.measure(), approximate.distance(),
        approximate.backtestRows(), approximate.productionRows(), unreadable, false,
        approximate.moved().subList(0, Math.min(1, approximate.moved().size())));
  }

  private static FeatureSkew skew(FeatureValues backtest, String measure, long rows, long unreadable, boolean exact,
      List<FeatureSkew.Moved> moved) {
    List<FeatureSkew.Moved> largest = new ArrayList<>(moved);
    // largest difference first (to 1e-9, so rounding does not order ties); of equal ones, the rarer value first: a
    // value that went from 11.8% to 2.9% says more than its complement going from 88.2% to 97.1%
    largest.sort(Comparator.comparingDouble((FeatureSkew.Moved m) -> -Math.rint(1e9 * Math.abs(m.backtest()
        - m.production()))).thenComparingDouble(m -> Math.min(m.backtest(), m.production())));
    double distance = moved.stream().mapToDouble(m -> Math.abs(m.backtest() - m.production())).max().orElse(0);
    return new FeatureSkew(backtest.feature(), measure, distance, backtest.rows(), rows, unreadable, exact,
        largest.subList(0, Math.min(MOVED, largest.size())));
  }


  private static Double number(String text) {
    try {
      double v = Double.parseDouble(text.strip());
      return Double.isInfinite(v) ? null : v;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** {@code 4} for a whole number, else the shortest decimal. */
  static String words(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
  }
}
