package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One entity's events in one log, as visible in an {@link EventLogView}: in the order they became
 * available (max(validFrom, recordedAt)), then in log order. Index {@code i} runs from 0 to
 * {@code size() - 1}; reading past the end throws, so a cut view cannot be read beyond its cut.
 *
 * <pre>{@code
 * EntityEvents status = history.events("status", account);
 * int worst = 0;
 * for (int i = 0; i < status.size(); i++) {
 *   if (status.validFrom(i) > decisionTime - YEAR) worst = Math.max(worst, status.code(i));
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EntityEvents {
  private final LogIndex index;
  private final int from;
  private final int size;

  EntityEvents(LogIndex index, int from, int size) {
    this.index = index;
    this.from = from;
    this.size = size;
  }

  /** Number of visible events. */
  public int size() {
    return size;
  }

  /** True when no event of the entity is visible. */
  public boolean isEmpty() {
    return size == 0;
  }

  /** Position of the {@code i}-th visible event in its {@link EventLog}. */
  public int position(int i) {
    return index.order[from + Objects.checkIndex(i, size)];
  }

  /** When the {@code i}-th visible event's value starts to hold, epoch milliseconds. */
  public long validFrom(int i) {
    return index.log.validFrom()[position(i)];
  }

  /** When the {@code i}-th visible event was recorded, epoch milliseconds. */
  public long recordedAt(int i) {
    return index.log.recordedAt()[position(i)];
  }

  /** The {@code i}-th visible event's value (NaN = missing); numeric logs only. */
  public double value(int i) {
    return index.log.values()[position(i)];
  }

  /** The {@code i}-th visible event's category code (-1 = missing); categorical logs only. */
  public int code(int i) {
    return index.log.codes()[position(i)];
  }

  /** The {@code i}-th visible event's category, or {@code null} when missing; categorical logs only. */
  public String category(int i) {
    int code = code(i);
    return code < 0 ? null : index.log.categories().get(code);
  }

  /**
   * The index of the event an as-of join picks among the visible ones: the greatest validFrom, ties to the
   * greatest recordedAt, then to the later position in the log; -1 when none is visible.
   */
  public int latest() {
    long[] validFrom = index.log.validFrom();
    long[] recordedAt = index.log.recordedAt();
    int best = -1;
    int bestEvent = -1;
    for (int i = 0; i < size; i++) {
      int event = index.order[from + i];
      if (best < 0 || validFrom[event] > validFrom[bestEvent]
          || (validFrom[event] == validFrom[bestEvent] && (recordedAt[event] > recordedAt[bestEvent]
              || (recordedAt[event] == recordedAt[bestEvent] && event > bestEvent)))) {
        best = i;
        bestEvent = event;
      }
    }
    return best;
  }

  /** The value of {@link #latest()}, or NaN when no event is visible; numeric logs only. */
  public double latestValue() {
    int i = latest();
    return i < 0 ? Double.NaN : value(i);
  }

  /** The category of {@link #latest()}, or {@code null} when no event is visible; categorical logs only. */
  public String latestCategory() {
    int i = latest();
    return i < 0 ? null : category(i);
  }
}
