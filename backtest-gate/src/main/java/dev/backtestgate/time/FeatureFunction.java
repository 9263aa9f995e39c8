package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.screen.futureread.FutureReadProbe;
import org.apiguardian.api.API;

/**
 * A numeric feature computed from event history for one entity at one decision time, the way a feature
 * pipeline computes it. An honest function reads only what was known at the decision: events valid and
 * recorded by then (after the availability lag). {@link FutureReadProbe} checks that by running it again on
 * history cut at each decision.
 *
 * <pre>{@code
 * FeatureFunction latestBalance = (history, account, t) -> history.asOf(t).events("balance", account).latestValue();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface FeatureFunction {
  /**
   * The feature's value for {@code entity} decided at {@code decisionTime} (epoch milliseconds); NaN when
   * missing.
   */
  double value(EventLogView history, long entity, long decisionTime);
}
