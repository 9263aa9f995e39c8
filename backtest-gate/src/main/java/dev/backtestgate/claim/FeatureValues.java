package dev.backtestgate.claim;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.FeatureColumn;
import dev.backtestgate.internal.SortedDoubles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * How one recorded feature's values were distributed over the backtest's rows: what the tripwire's trace compares
 * production's served values with. Compact by design, at most {@link #MAX_POINTS} points a feature:
 *
 * <ul>
 *   <li>{@code categorical}: each category code's share of the rows with a value, the most frequent
 *       {@link #MAX_POINTS} (all of them when {@code complete});
 *   <li>{@code numeric}: the empirical distribution function at up to {@link #MAX_POINTS} cut values ({@code share} is
 *       the fraction of rows with a value at or below {@code value}); every distinct value when {@code complete}, else
 *       the values at the 1st, 2nd, ..., 100th percentile, so a Kolmogorov–Smirnov distance computed from them is
 *       within 0.01 of the exact one.
 * </ul>
 *
 * @param feature the feature's name
 * @param type {@code categorical} or {@code numeric}
 * @param rows the backtest's rows with a value
 * @param missing the rows without one
 * @param points the categories and their shares, or the cut values and the distribution function there, in value
 *     order
 * @param complete whether {@code points} hold every category or distinct value
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record FeatureValues(String feature, String type, long rows, long missing, List<Point> points,
    boolean complete) {
  /** The most points a feature's summary keeps. */
  public static final int MAX_POINTS = 100;
  /** A categorical summary's type. */
  public static final String CATEGORICAL = "categorical";
  /** A numeric summary's type. */
  public static final String NUMERIC = "numeric";

  /** Checks. */
  public FeatureValues {
    Objects.requireNonNull(feature, "feature");
    if (!CATEGORICAL.equals(type) && !NUMERIC.equals(type)) {
      throw new IllegalArgumentException("a feature summary's type is 'categorical' or 'numeric', got '" + type + "'");
    }
    if (rows < 0 || missing < 0) {
      throw new IllegalArgumentException("row counts cannot be negative: " + rows + " and " + missing);
    }
    points = List.copyOf(points);
    if (points.size() > MAX_POINTS) {
      throw new IllegalArgumentException("feature '" + feature + "' has " + points.size() + " points, at most "
          + MAX_POINTS + " are kept");
    }
  }

  /**
   * One point of a summary.
   *
   * @param value the category code, or the cut value
   * @param share the category's share of the rows with a value, or the fraction at or below the cut
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Point(double value, double share) {
    /** Checks that the share is a share. */
    public Point {
      if (!Double.isFinite(value) || !(share >= 0 && share <= 1)) {
        throw new IllegalArgumentException("a point of a feature summary has a finite value and a share from 0 to 1, "
            + "got " + value + " and " + share);
      }
    }
  }

  /** Whether the summary is of a categorical feature. */
  public boolean categorical() {
    return CATEGORICAL.equals(type);
  }

  /** The summary of one recorded column. */
  public static FeatureValues of(FeatureColumn column) {
    if (column instanceof FeatureColumn.Categorical c) {
      return categorical(c.name(), c.codes());
    }
    return numeric(column.name(), column.numericValues().orElseThrow());
  }

  /** The shares of the codes ({@link FeatureColumn#MISSING_CODE} is missing). */
  static FeatureValues categorical(String name, int[] codes) {
    Map<Integer, long[]> counts = new TreeMap<>();
    long missing = 0;
    for (int code : codes) {
      if (code == FeatureColumn.MISSING_CODE) {
        missing++;
      } else {
        counts.computeIfAbsent(code, k -> new long[1])[0]++;
      }
    }
    long rows = codes.length - missing;
    List<Map.Entry<Integer, long[]>> kept = new ArrayList<>(counts.entrySet());
    kept.sort((a, b) -> a.getValue()[0] != b.getValue()[0] ? Long.compare(b.getValue()[0], a.getValue()[0])
        : Integer.compare(a.getKey(), b.getKey()));
    kept = kept.subList(0, Math.min(MAX_POINTS, kept.size()));
    kept.sort(Map.Entry.comparingByKey());
    List<Point> points = kept.stream().map(e -> new Point(e.getKey(), (double) e.getValue()[0] / rows)).toList();
    return new FeatureValues(name, CATEGORICAL, rows, missing, points, counts.size() <= MAX_POINTS);
  }

  /** The distribution function at every distinct value, or at the percentiles ({@code NaN} is missing). */
  static FeatureValues numeric(String name, double[] values) {
    double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
    int n = sorted.length;
    long missing = values.length - n;
    List<Double> distinct = new ArrayList<>();
    for (int i = 0; i < n && distinct.size() <= MAX_POINTS; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        distinct.add(sorted[i]);
      }
    }
    boolean complete = distinct.size() <= MAX_POINTS;
    List<Double> cuts = new ArrayList<>();
    if (complete) {
      cuts = distinct;
    } else {
      for (int k = 1; k <= MAX_POINTS; k++) {
        double cut = sorted[(int) Math.min(n - 1, Math.max(0, Math.ceil((double) k * n / MAX_POINTS) - 1))];
        if (cuts.isEmpty() || cut != cuts.get(cuts.size() - 1)) {
          cuts.add(cut);
        }
      }
    }
    List<Point> points = new ArrayList<>();
    for (double cut : cuts) {
      points.add(new Point(cut, (double) SortedDoubles.atOrBelow(sorted, cut) / n));
    }
    return new FeatureValues(name, NUMERIC, n, missing, points, complete);
  }

}
