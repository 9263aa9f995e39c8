package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;


import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The result of a {@link PointInTimeJoin}: the spine's rows, in the spine's order, with one
 * {@link JoinedFeature} per joined event log. Every value carries the recordedAt of its source event, so
 * {@link #knownAt()} and {@link #decisionTime()} feed a backtest's point-in-time check directly and it
 * passes by construction.
 *
 * <pre>{@code
 * FeatureTable table = PointInTimeJoin.builder().build().join(spine, balance, plan);
 * double[] balances = table.numeric("balance").values();
 * Map<String, long[]> knownAt = table.knownAt();   // feature -> knowledge time per row
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class FeatureTable {
  private final Spine spine;
  private final Duration availabilityLag;
  private final Map<String, JoinedFeature> features;

  FeatureTable(Spine spine, Duration availabilityLag, List<JoinedFeature> features) {
    this.spine = spine;
    this.availabilityLag = availabilityLag;
    Map<String, JoinedFeature> byName = new LinkedHashMap<>();
    for (JoinedFeature feature : features) {
      byName.put(feature.name(), feature);
    }
    this.features = Collections.unmodifiableMap(byName);
  }

  public int rows() {
    return spine.size();
  }

  public Spine spine() {
    return spine;
  }

  /** The spine's decision times (not a copy). */
  public long[] decisionTime() {
    return spine.decisionTime();
  }

  /** The availability lag the join applied. */
  public Duration availabilityLag() {
    return availabilityLag;
  }

  /** The features in the order their logs were given. */
  public List<JoinedFeature> features() {
    return List.copyOf(features.values());
  }

  public List<String> featureNames() {
    return List.copyOf(features.keySet());
  }

  /** The feature joined from the log named {@code name}. */
  public JoinedFeature feature(String name) {
    JoinedFeature feature = features.get(name);
    if (feature == null) {
      throw new IllegalArgumentException(
          "no feature '" + name + "' in this table; it has " + new ArrayList<>(features.keySet()));
    }
    return feature;
  }

  public JoinedFeature.Numeric numeric(String name) {
    if (feature(name) instanceof JoinedFeature.Numeric numeric) {
      return numeric;
    }
    throw new IllegalArgumentException("feature '" + name + "' is categorical: use categorical(\"" + name + "\")");
  }

  public JoinedFeature.Categorical categorical(String name) {
    if (feature(name) instanceof JoinedFeature.Categorical categorical) {
      return categorical;
    }
    throw new IllegalArgumentException("feature '" + name + "' is numeric: use numeric(\"" + name + "\")");
  }

  /** Feature name to knowledge time per row ({@link JoinedFeature#NO_KNOWN_AT} where missing), in order. */
  public Map<String, long[]> knownAt() {
    Map<String, long[]> out = new LinkedHashMap<>();
    features.forEach((name, feature) -> out.put(name, feature.knownAt()));
    return Collections.unmodifiableMap(out);
  }
}
