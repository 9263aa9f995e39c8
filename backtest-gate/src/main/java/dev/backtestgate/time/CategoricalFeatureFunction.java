package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A categorical feature computed from event history for one entity at one decision time; the categorical
 * twin of {@link FeatureFunction}.
 *
 * <pre>{@code
 * CategoricalFeatureFunction plan = (history, account, t) -> history.asOf(t).events("plan", account).latestCategory();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface CategoricalFeatureFunction {
  /** The category for {@code entity} decided at {@code decisionTime}; {@code null} when missing. */
  String value(EventLogView history, long entity, long decisionTime);
}
