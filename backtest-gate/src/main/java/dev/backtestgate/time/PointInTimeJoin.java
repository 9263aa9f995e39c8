package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apiguardian.api.API;

/**
 * Builds a leak-free feature table: a spine of (entity, decision time) rows joined to any number of
 * bitemporal {@link EventLog}s as of each row's decision time (docs/point-in-time-semantics.md).
 *
 * <p>For a row with decision time t, the effective time is e = t - availabilityLag. The row takes, per
 * feature, the event with the greatest validFrom &le; e among those with recordedAt &le; e: a correction
 * recorded after e is invisible, an event valid only after e is never used. Ties on validFrom go to the
 * greatest recordedAt, then to the later position in the log. With a time-to-live the chosen event must
 * have validFrom &ge; e - ttl, else the value is missing. A row whose entity has no qualifying event gets
 * a missing value (NaN or code -1) and knowledge time {@link JoinedFeature#NO_KNOWN_AT}.
 *
 * <p>Times are epoch milliseconds; times before 1970 (negative) are accepted, as the gate's point-in-time check
 * accepts them. {@code Long.MIN_VALUE} marks a missing time and is rejected in every input column.
 *
 * <p>Every value carries the recordedAt of its source event, and recordedAt &le; t - lag always holds, so
 * a point-in-time check of the output with the same lag passes by construction.
 *
 * <p>Cost: O(s log s) to sort the spine once, then per log O(n + s) plus O(k log k) per entity with k
 * events (one pass when a log already arrives in time order): O((s + n) log n) overall, primitive arrays
 * only. Several logs are joined in parallel, and each log's entities are split across the common
 * fork-join pool.
 *
 * <pre>{@code
 * FeatureTable table = PointInTimeJoin.builder()
 *     .availabilityLag(Duration.ofHours(1))
 *     .ttl(Duration.ofDays(90))                 // all features
 *     .ttl("plan", Duration.ofDays(365))        // this one differs
 *     .build()
 *     .join(spine, balance, plan);
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class PointInTimeJoin {
  private static final int SEQUENTIAL_BELOW = 50_000;

  private final Duration availabilityLag;
  private final long lagMillis;
  private final long defaultTtl;
  private final Map<String, Long> ttlByFeature;
  private final boolean parallel;

  private PointInTimeJoin(Builder builder) {
    this.availabilityLag = builder.availabilityLag;
    this.lagMillis = Columns.nonNegativeMillis(builder.availabilityLag, "availability lag");
    this.defaultTtl = builder.defaultTtl;
    this.ttlByFeature = Map.copyOf(builder.ttlByFeature);
    this.parallel = builder.parallel;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Joins {@code logs} onto {@code spine}; see {@link #join(Spine, List)}. */
  public FeatureTable join(Spine spine, EventLog... logs) {
    return join(spine, Arrays.asList(Columns.required(logs, "event logs")));
  }

  /**
   * The feature table: one feature per log, named after it, rows in the spine's order.
   *
   * @throws IllegalArgumentException if two logs share a name, a per-feature time-to-live names no
   *     given log, or a decision time minus the lag is not representable
   */
  public FeatureTable join(Spine spine, List<EventLog> logs) {
    Columns.required(spine, "spine");
    Columns.required(logs, "event logs").forEach(log -> Columns.required(log, "event log"));
    List<EventLog> features = List.copyOf(logs);
    validateNames(features);
    long work = spine.size();
    for (EventLog log : features) {
      work += log.size();
    }
    boolean goParallel = parallel && work >= SEQUENTIAL_BELOW;
    SortedSpine sorted = SortedSpine.of(spine, lagMillis, goParallel);
    JoinedFeature[] joined = new JoinedFeature[features.size()];
    IntStream each = IntStream.range(0, joined.length);
    (goParallel && joined.length > 1 ? each.parallel() : each)
        .forEach(f -> joined[f] = joinOne(sorted, spine.size(), features.get(f), goParallel));
    return new FeatureTable(spine, availabilityLag, List.of(joined));
  }

  private void validateNames(List<EventLog> logs) {
    Set<String> names = new HashSet<>();
    for (EventLog log : logs) {
      Columns.required(log, "event log");
      if (!names.add(log.name())) {
        throw new IllegalArgumentException(
            "two event logs are named '" + log.name() + "'; feature names must be unique: rename one log");
      }
    }
    for (String feature : ttlByFeature.keySet()) {
      if (!names.contains(feature)) {
        throw new IllegalArgumentException(
            "a time-to-live is set for feature '" + feature + "' but no event log has that name (logs: "
                + new ArrayList<>(names) + "); fix the name or remove that ttl(...) call");
      }
    }
  }

  private JoinedFeature joinOne(SortedSpine spine, int rows, EventLog log, boolean goParallel) {
    long ttl = ttlByFeature.getOrDefault(log.name(), defaultTtl);
    long[] recordedAt = log.recordedAt();
    int[] chosen =
        BitemporalAsOf.choose(spine, log.entity(), log.validFrom(), recordedAt, ttl, goParallel);
    boolean numeric = log.kind() == EventLog.Kind.NUMERIC;
    double[] sourceValues = numeric ? log.values() : null;
    int[] sourceCodes = numeric ? null : log.codes();
    double[] values = numeric ? new double[rows] : null;
    int[] codes = numeric ? null : new int[rows];
    long[] knownAt = new long[rows];
    Blocks.forEach(
        rows,
        goParallel,
        (from, to) -> {
          for (int r = from; r < to; r++) {
            int event = chosen[r];
            boolean missing;
            if (numeric) {
              values[r] = event < 0 ? Double.NaN : sourceValues[event];
              missing = Double.isNaN(values[r]);
            } else {
              codes[r] = event < 0 ? -1 : sourceCodes[event];
              missing = codes[r] < 0;
            }
            knownAt[r] = missing ? JoinedFeature.NO_KNOWN_AT : recordedAt[event];
          }
        });
    return numeric
        ? new JoinedFeature.Numeric(log.name(), values, knownAt, chosen)
        : new JoinedFeature.Categorical(log.name(), codes, log.categories(), knownAt, chosen);
  }

  /** Configures a join; every setting is optional. */
  public static final class Builder {
    private Duration availabilityLag = Duration.ZERO;
    private long defaultTtl = BitemporalAsOf.NO_TTL;
    private final Map<String, Long> ttlByFeature = new LinkedHashMap<>();
    private boolean parallel = true;

    private Builder() {}

    /** How long after recording a value becomes usable (default zero): e = decision time - lag. */
    public Builder availabilityLag(Duration lag) {
      Columns.nonNegativeMillis(lag, "availability lag");
      this.availabilityLag = lag;
      return this;
    }

    /** Time-to-live for every feature without its own: older values count as missing. Default: none. */
    public Builder ttl(Duration ttl) {
      this.defaultTtl = Columns.nonNegativeMillis(ttl, "time-to-live");
      return this;
    }

    /** Time-to-live for the feature (event log) named {@code feature}, overriding {@link #ttl(Duration)}. */
    public Builder ttl(String feature, Duration ttl) {
      Columns.requireName(feature, "feature name");
      ttlByFeature.put(feature, Columns.nonNegativeMillis(ttl, "time-to-live of '" + feature + "'"));
      return this;
    }

    /** Whether to use the common fork-join pool (default true; small inputs always run sequentially). */
    public Builder parallel(boolean parallel) {
      this.parallel = parallel;
      return this;
    }

    public PointInTimeJoin build() {
      return new PointInTimeJoin(this);
    }
  }

  @Override
  public String toString() {
    return "PointInTimeJoin[lag=" + availabilityLag + ", ttlMillis="
        + (defaultTtl == BitemporalAsOf.NO_TTL ? "none" : defaultTtl) + ", perFeatureTtlMillis=" + ttlByFeature + "]";
  }
}
