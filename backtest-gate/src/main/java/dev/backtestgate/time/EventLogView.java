package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.screen.futureread.FutureReadProbe;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * What a feature function may read: one or more event logs, either whole or as they stood at an effective
 * time e, when only events with validFrom &le; e and recordedAt &le; e are visible. A feature function that
 * reads only through this view, and reads no further than its decision time, gives the same value on the
 * whole history as on history cut at the decision ({@link FutureReadProbe} checks exactly that).
 *
 * <p>The logs are indexed once ({@link #of}); {@link #asOf(long)} then makes a cut view in O(1) without
 * copying anything, and {@link #events(String, long)} finds an entity's visible events by binary search.
 *
 * <pre>{@code
 * EventLogView history = EventLogView.of(statusLog, balanceLog);
 * EntityEvents balances = history.asOf(decisionTime).events("balance", account);
 * double latest = balances.latestValue();        // NaN when nothing was known yet
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EventLogView {
  /** The cutoff of a view of the whole history. */
  public static final long WHOLE_HISTORY = Long.MAX_VALUE;

  private final Map<String, LogIndex> logs;
  private final LogIndex only;
  private final long cutoff;

  private EventLogView(Map<String, LogIndex> logs, long cutoff) {
    this.logs = logs;
    this.only = logs.size() == 1 ? logs.values().iterator().next() : null;
    this.cutoff = cutoff;
  }

  /** A view of the whole history of {@code logs} (names must be distinct); indexes them once. */
  public static EventLogView of(EventLog... logs) {
    return of(Arrays.asList(Columns.required(logs, "event logs")));
  }

  /** A view of the whole history of {@code logs} (names must be distinct); indexes them once. */
  public static EventLogView of(List<EventLog> logs) {
    Columns.required(logs, "event logs");
    if (logs.isEmpty()) {
      throw new IllegalArgumentException("no event logs given: pass the logs the feature function reads");
    }
    Map<String, LogIndex> byName = new LinkedHashMap<>();
    for (EventLog log : logs) {
      Columns.required(log, "event log");
      if (byName.put(log.name(), LogIndex.of(log)) != null) {
        throw new IllegalArgumentException("two event logs are named '" + log.name() + "'; a feature function "
            + "finds logs by name: rename one log");
      }
    }
    return new EventLogView(byName, WHOLE_HISTORY);
  }

  /**
   * This history as it stood at effective time {@code e}: only events with validFrom &le; e and recordedAt
   * &le; e are visible. A view is never widened: cutting a cut view at a later time keeps the earlier cut.
   * O(1), nothing is copied.
   */
  public EventLogView asOf(long effectiveTime) {
    return new EventLogView(logs, Math.min(cutoff, effectiveTime));
  }

  /** The effective time of this view, or {@link #WHOLE_HISTORY}. */
  public long cutoff() {
    return cutoff;
  }

  /** The names of the logs in this view, in the order they were given. */
  public List<String> logNames() {
    return List.copyOf(logs.keySet());
  }

  /** The visible events of {@code entity} in the view's only log. */
  public EntityEvents events(long entity) {
    if (only == null) {
      throw new IllegalStateException("this view has " + Wording.count(logs.size()) + " event logs " + logNames()
          + ": name the one to read, events(\"" + logNames().get(0) + "\", entity)");
    }
    return events(only, entity);
  }

  /** The visible events of {@code entity} in the log named {@code log}. */
  public EntityEvents events(String log, long entity) {
    LogIndex index = logs.get(log);
    if (index == null) {
      throw new IllegalArgumentException("no event log named '" + log + "' in this view (logs: " + logNames()
          + "): pass that log to the probe, or fix the name");
    }
    return events(index, entity);
  }

  private EntityEvents events(LogIndex index, long entity) {
    int from = index.start(entity);
    return new EntityEvents(index, from, index.end(entity, cutoff) - from);
  }

  @Override
  public String toString() {
    return "EventLogView[" + logNames() + (cutoff == WHOLE_HISTORY ? ", whole history]" : ", as of " + cutoff + "]");
  }
}
