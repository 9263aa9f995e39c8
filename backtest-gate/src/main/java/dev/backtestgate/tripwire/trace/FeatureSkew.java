package dev.backtestgate.tripwire.trace;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * How far one served feature's production values are from its backtest values.
 *
 * @param feature the feature
 * @param measure {@code L-infinity of value shares} (categorical) or {@code Kolmogorov-Smirnov} (numeric)
 * @param distance the distance, from 0 (alike) to 1
 * @param backtestRows the backtest's rows with a value
 * @param productionRows the production decisions with a served value
 * @param unreadable production's served values that are not a number (numeric) or not a category code (categorical):
 *     left out, counted
 * @param exact whether the distance is exact; else, for a numeric feature of more than 100 distinct backtest values,
 *     it is within 0.01 of the exact one, and for a categorical one of more than 100 categories the categories the
 *     claim does not keep count as absent from the backtest
 * @param moved the values whose shares moved most, largest first (at most three)
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record FeatureSkew(String feature, String measure, double distance, long backtestRows, long productionRows,
    long unreadable, boolean exact, List<Moved> moved) {
  /** The categorical measure's name. */
  public static final String L_INFINITY = "L-infinity of value shares";
  /** The numeric measure's name. */
  public static final String KOLMOGOROV_SMIRNOV = "Kolmogorov-Smirnov";

  /** Checks and copies. */
  public FeatureSkew {
    Objects.requireNonNull(feature, "feature");
    Objects.requireNonNull(measure, "measure");
    moved = List.copyOf(moved);
  }

  /**
   * A value whose share moved.
   *
   * @param value the value in words: {@code = 4}, or {@code <= 2.5} for a numeric feature's distribution function
   * @param backtest its share of the backtest's rows
   * @param production its share of production's decisions
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Moved(String value, double backtest, double production) {}
}
