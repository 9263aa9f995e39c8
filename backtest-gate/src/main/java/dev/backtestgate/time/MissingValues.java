package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;


/**
 * What an {@link EventLog} does with an event whose value is missing (NaN, or category code -1 / a
 * {@code null} category).
 *
 * <pre>{@code
 * EventLog log = EventLog.numeric("balance", entity, validFrom, recordedAt, values, MissingValues.KEEP);
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public enum MissingValues {
  /** The default: the log fails to build, naming the count and the first row with a missing value. */
  REJECT,
  /**
   * The event records "value unknown from validFrom on": it is chosen like any other event and then
   * yields a missing joined value, hiding older values (as a deletion would).
   */
  KEEP
}
