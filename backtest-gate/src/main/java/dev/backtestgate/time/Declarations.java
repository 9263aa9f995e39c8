package dev.backtestgate.time;

import java.util.Arrays;

/**
 * What an {@link EventLog} builder collects for {@link Corrections}: ids and correction pointers set on the
 * last added event. Nothing is allocated until the first declaration.
 */
final class Declarations {
  private long[] ids;
  private long[] corrects;
  private String[] reasons;
  private boolean anyId;
  private boolean anyCorrection;

  /** Sets the id of event {@code row} (the last added). */
  void id(String owner, int row, long id) {
    last(owner, row, "id");
    ensure(row + 1);
    anyId = true;
    ids[row] = id;
  }

  /** Declares that event {@code row} (the last added) corrects event {@code target}. */
  void corrects(String owner, int row, long target, String reason) {
    last(owner, row, "corrects");
    ensure(row + 1);
    anyCorrection = true;
    corrects[row] = target;
    reasons[row] = reason;
  }

  /** {@code log} with the declarations, or {@code log} itself when nothing was declared. */
  EventLog apply(EventLog log) {
    if (!anyId && !anyCorrection) {
      return log;
    }
    int n = log.size();
    ensure(n);
    long[] eventIds = null;
    if (anyId) {
      eventIds = Arrays.copyOf(ids, n);
      for (int i = 0; i < n; i++) {
        if (eventIds[i] == Corrections.NONE) {
          throw new IllegalArgumentException("event log '" + log.name() + "': the event at row " + i + " has no "
              + "id while others do; call id(...) after every add(...), or on none to identify events by position");
        }
      }
    }
    return log.withCorrections(eventIds, Arrays.copyOf(corrects, n), Arrays.copyOf(reasons, n));
  }

  private static void last(String owner, int row, String call) {
    if (row < 0) {
      throw new IllegalStateException(owner + ": " + call + "(...) applies to the last added event, and none was "
          + "added yet: call add(...) first");
    }
  }

  private void ensure(int size) {
    int old = ids == null ? 0 : ids.length;
    if (size <= old) {
      return;
    }
    int capacity = Math.max(size, Math.max(16, old * 2));
    ids = ids == null ? new long[0] : ids;
    ids = Arrays.copyOf(ids, capacity);
    corrects = Arrays.copyOf(corrects == null ? new long[0] : corrects, capacity);
    reasons = Arrays.copyOf(reasons == null ? new String[0] : reasons, capacity);
    Arrays.fill(ids, old, capacity, Corrections.NONE);
    Arrays.fill(corrects, old, capacity, Corrections.NONE);
  }
}
