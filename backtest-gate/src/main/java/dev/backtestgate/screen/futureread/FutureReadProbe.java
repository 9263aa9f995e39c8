package dev.backtestgate.screen.futureread;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckInput;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.time.CategoricalFeatureFunction;
import dev.backtestgate.time.Columns;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.EventLogView;
import dev.backtestgate.time.FeatureFunction;
import dev.backtestgate.time.Spine;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apiguardian.api.API;

/**
 * Catches a feature function that reads the future. For a deterministic sample of the spine's rows it runs
 * the function again on history cut at the row's decision time after the availability lag (only events with
 * validFrom &le; e and recordedAt &le; e, e = t - lag) and compares the result with the value the backtest
 * used. An honest function gives the same value; any difference means the value used depended on events
 * nobody knew at the decision.
 *
 * <p>Values are compared exactly (NaN equals NaN, 0.0 equals -0.0), or within an absolute
 * {@link #withTolerance tolerance} for functions that sum in a different order; categories by equality
 * ({@code null} = missing). The cut view is made in O(1) per row over logs indexed once, so probing the
 * default 1,000 rows costs about the function's own work (docs/speed.md#future-read-probe).
 *
 * <pre>{@code
 * FutureReadProbe probe = FutureReadProbe.numeric("worst_status_12m", worstStatus12m,
 *     Spine.of(accounts, decidedAt), worstStatusUsed, statusLog);
 * FutureReadReport report = probe.run(Duration.ZERO, FutureReadProbe.DEFAULT_SAMPLE);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FutureReadProbe implements CheckInput {
  /** Rows re-run by default. */
  public static final int DEFAULT_SAMPLE = 1_000;
  /** A sample size meaning "every row". */
  public static final int ALL_ROWS = Integer.MAX_VALUE;
  /** Seed of the sample: the same spine and sample size always probe the same rows. */
  private static final long SEED = 0x5EEDF02EADL;

  private final String feature;
  private final FeatureFunction numeric;
  private final CategoricalFeatureFunction categorical;
  private final Spine spine;
  private final double[] usedValues;
  private final String[] usedCategories;
  private final EventLogView history;
  private final double tolerance;

  private FutureReadProbe(String feature, FeatureFunction numeric, CategoricalFeatureFunction categorical,
      Spine spine, double[] usedValues, String[] usedCategories, EventLogView history, double tolerance) {
    this.feature = feature;
    this.numeric = numeric;
    this.categorical = categorical;
    this.spine = spine;
    this.usedValues = usedValues;
    this.usedCategories = usedCategories;
    this.history = history;
    this.tolerance = tolerance;
  }

  /**
   * A probe of a numeric feature.
   *
   * @param feature the feature's name (the finding's subject)
   * @param function how the feature is computed
   * @param spine the backtest's rows: entity and decision time
   * @param used the value the backtest used per row (NaN = missing)
   * @param logs the event logs the function reads
   * @throws IllegalArgumentException naming the problem when an input is missing or the lengths differ
   */
  public static FutureReadProbe numeric(String feature, FeatureFunction function, Spine spine, double[] used,
      EventLog... logs) {
    return numeric(feature, function, spine, used, history(feature, logs));
  }

  /**
   * A probe of a numeric feature over logs already indexed: pass the view the backtest's values were computed
   * with, so the logs are indexed once.
   */
  public static FutureReadProbe numeric(String feature, FeatureFunction function, Spine spine, double[] used,
      EventLogView history) {
    Columns.required(function, "feature function of '" + feature + "'");
    Columns.required(used, "values used for '" + feature + "'");
    return new FutureReadProbe(Columns.requireName(feature, "feature name"), function, null,
        rows(feature, spine, used.length), used, null, whole(feature, history), 0);
  }

  /** A probe of a categorical feature; {@code used} holds one category per row ({@code null} = missing). */
  public static FutureReadProbe categorical(String feature, CategoricalFeatureFunction function, Spine spine,
      String[] used, EventLog... logs) {
    return categorical(feature, function, spine, used, history(feature, logs));
  }

  /** A probe of a categorical feature over logs already indexed (see the numeric twin). */
  public static FutureReadProbe categorical(String feature, CategoricalFeatureFunction function, Spine spine,
      String[] used, EventLogView history) {
    Columns.required(function, "feature function of '" + feature + "'");
    Columns.required(used, "values used for '" + feature + "'");
    return new FutureReadProbe(Columns.requireName(feature, "feature name"), null, function,
        rows(feature, spine, used.length), null, used, whole(feature, history), 0);
  }

  private static Spine rows(String feature, Spine spine, int used) {
    Columns.required(spine, "spine of '" + feature + "'");
    if (spine.size() != used) {
      throw new IllegalArgumentException("future-read probe of '" + feature + "': " + Wording.count(used)
          + " values used but the "
          + "spine has " + Wording.count(spine.size()) + " rows; pass one value per spine row, in the spine's order");
    }
    return spine;
  }

  private static EventLogView whole(String feature, EventLogView history) {
    Columns.required(history, "event log view of '" + feature + "'");
    if (history.cutoff() != EventLogView.WHOLE_HISTORY) {
      throw new IllegalArgumentException("the event log view of '" + feature + "' is already cut at "
          + history.cutoff() + ": pass the whole history (EventLogView.of(logs)); the probe makes the cuts");
    }
    return history;
  }

  private static EventLogView history(String feature, EventLog[] logs) {
    if (logs == null || logs.length == 0) {
      throw new IllegalArgumentException("future-read probe of '" + feature + "' has no event logs: pass the logs "
          + "the feature function reads");
    }
    return EventLogView.of(logs);
  }

  /**
   * This probe, counting numeric values within {@code absolute} of each other as equal (default 0: exact).
   *
   * @throws IllegalArgumentException if the tolerance is negative or not finite, or the feature is categorical
   */
  public FutureReadProbe withTolerance(double absolute) {
    if (!(absolute >= 0 && absolute < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException("tolerance of '" + feature + "' is " + absolute + ": it must be a finite "
          + "number of zero or more, e.g. 1e-9");
    }
    if (numeric == null) {
      throw new IllegalArgumentException("'" + feature + "' is categorical: categories are compared exactly, a "
          + "tolerance does not apply");
    }
    return new FutureReadProbe(feature, numeric, null, spine, usedValues, null, history, absolute);
  }

  /** The feature this probe checks. */
  public String feature() {
    return feature;
  }

  /** The whole history the function reads, indexed; cut it with {@link EventLogView#asOf(long)}. */
  public EventLogView history() {
    return history;
  }

  /**
   * Why this probe does not cover the backtest whose rows are decided at {@code decisionTimes}, or empty when its
   * spine is those rows: the same number of rows, each at the backtest's own decision time. A probe of other rows
   * would vouch for a feature the backtest never used.
   */
  Optional<String> notCovering(long[] decisionTimes) {
    long[] probed = spine.decisionTime();
    if (probed.length != decisionTimes.length) {
      return Optional.of(String.format(Locale.ROOT, "the probe of '%s' covers %,d rows but the backtest has %,d: "
          + "build its Spine from the backtest's own rows (entity and decision time of each row, in the backtest's "
          + "order)", feature, probed.length, decisionTimes.length));
    }
    for (int i = 0; i < probed.length; i++) {
      if (probed[i] != decisionTimes[i]) {
        return Optional.of(String.format(Locale.ROOT, "the probe of '%s' decides row %d at %s but the backtest "
            + "decides it at %s: build its Spine from the backtest's own rows (entity and decision time of each "
            + "row, in the backtest's order)", feature, i, java.time.Instant.ofEpochMilli(probed[i]),
            java.time.Instant.ofEpochMilli(decisionTimes[i])));
      }
    }
    return Optional.empty();
  }

  /**
   * Re-runs the function on the sampled rows with history cut at decision time minus {@code availabilityLag}.
   *
   * @param sample how many rows to re-run, at least 1 ({@link #ALL_ROWS} or any number &ge; rows: all)
   * @throws IllegalArgumentException if the sample size or the lag is invalid, or a decision time minus the
   *     lag is not representable
   * @throws IllegalStateException if the function throws, naming the row
   */
  public FutureReadReport run(Duration availabilityLag, int sample) {
    long lag = Columns.nonNegativeMillis(availabilityLag, "availability lag");
    if (sample < 1) {
      throw new IllegalArgumentException("future-read sample is " + sample + ": sample at least 1 row, or all");
    }
    int[] rows = sample(spine.size(), sample);
    long[] entity = spine.entity();
    long[] decision = spine.decisionTime();
    int differing = 0;
    List<FutureReadReport.Example> examples = new ArrayList<>();
    for (int row : rows) {
      long e = effective(decision[row], lag);
      EventLogView cut = history.asOf(e);
      String used = null;
      String asOf = null;
      try {
        if (numeric != null) {
          double value = numeric.value(cut, entity[row], decision[row]);
          if (!same(usedValues[row], value)) {
            used = describe(usedValues[row]);
            asOf = describe(value);
          }
        } else {
          String value = categorical.value(cut, entity[row], decision[row]);
          if (!Objects.equals(usedCategories[row], value)) {
            used = describe(usedCategories[row]);
            asOf = describe(value);
          }
        }
      } catch (RuntimeException ex) {
        throw new IllegalStateException("the feature function of '" + feature + "' threw on row " + row + " (entity "
            + entity[row] + ", decided " + Instant.ofEpochMilli(decision[row]) + ") with history cut at "
            + Instant.ofEpochMilli(e) + ": " + ex + ". It must give a value (NaN or null when missing) for any "
            + "history, also one with few or no events.", ex);
      }
      if (used != null) {
        differing++;
        if (examples.size() < FutureReadReport.MAX_EXAMPLES) {
          examples.add(new FutureReadReport.Example(row, entity[row], Instant.ofEpochMilli(decision[row]), used,
              asOf));
        }
      }
    }
    return new FutureReadReport(feature, spine.size(), rows.length, differing, availabilityLag, tolerance, examples);
  }

  private long effective(long decisionTime, long lag) {
    try {
      return Math.subtractExact(decisionTime, lag);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("decision time " + decisionTime + " minus the availability lag (" + lag
          + " ms) is not representable: check the decision times' unit (epoch milliseconds)", e);
    }
  }

  private boolean same(double used, double asOf) {
    if (Double.isNaN(used) || Double.isNaN(asOf)) {
      return Double.isNaN(used) && Double.isNaN(asOf);
    }
    return used == asOf || Math.abs(used - asOf) <= tolerance;
  }

  private static String describe(double value) {
    return Double.isNaN(value) ? "missing" : Double.toString(value);
  }

  private static String describe(String category) {
    return category == null ? "missing" : "'" + category + "'";
  }

  /**
   * {@code sample} of {@code rows} row indices in ascending order, the same on every run: all of them when the
   * sample covers the spine, else a uniform draw by selection sampling (Knuth's algorithm S) with a fixed seed.
   */
  static int[] sample(int rows, int sample) {
    if (sample >= rows) {
      int[] all = new int[rows];
      Arrays.setAll(all, i -> i);
      return all;
    }
    SplittableRandom random = new SplittableRandom(SEED);
    int[] chosen = new int[sample];
    int taken = 0;
    for (int i = 0; i < rows && taken < sample; i++) {
      if (random.nextInt(rows - i) < sample - taken) {
        chosen[taken++] = i;
      }
    }
    return chosen;
  }

  /** A second probe of the same feature. */
  @Override
  public String conflictWith(CheckInput recorded) {
    return recorded instanceof FutureReadProbe other && other.feature().equals(feature())
        ? "feature '" + feature() + "' has two future-read probes: probe each feature once." : null;
  }

  /**
   * Nothing: a probe holds code (the feature function) and the values the run already records, and its finding
   * ({@code future-read}) is resolved only by a fix, never by a sign-off.
   */
  @Override
  public java.util.List<?> fingerprinted() {
    return java.util.List.of();
  }
}
