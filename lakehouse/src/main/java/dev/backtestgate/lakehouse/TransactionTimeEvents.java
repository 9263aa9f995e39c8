package dev.backtestgate.lakehouse;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.MissingValues;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns a table's row changes (Delta, Iceberg), commit by commit, into a bitemporal event log whose as-of join at
 * any time equals the as-of value of the table version current at that time. Rows are identified by (entity, valid time).
 *
 * <p>Per entity the table's as-of function (valid time to the value of the row with the latest valid time at or
 * before it) is a step function. After each commit, at every valid time the entity ever had a row at, the value
 * that function now takes there is written as an event recorded at the commit time, when it differs from the last
 * one written there. A deleted row therefore becomes an event at its valid time carrying the value of the row
 * before it (or NaN, "value unknown", when none is left): the core join has no retraction, and an event that falls
 * back to the older row is what the table shows after the delete.
 */
final class TransactionTimeEvents {
  private final String table;
  private final Map<Long, TreeMap<Long, Double>> rows = new HashMap<>();
  private final Map<Long, TreeMap<Long, Double>> written = new HashMap<>();
  private final TreeSet<Long> touched = new TreeSet<>();
  private final EventLog.NumericBuilder events;
  private String commit = "";
  private long commitMillis;

  /**
   * @param table the table in words, for messages, e.g. {@code the Delta table '/lake/balances'}
   * @param name the event log's name (the value column)
   */
  TransactionTimeEvents(String table, String name) {
    this.table = table;
    this.events = EventLog.numericBuilder(name).missingValues(MissingValues.KEEP);
  }

  /**
   * Starts the changes of one commit, made visible at {@code commitMillis}.
   *
   * @param commit the commit in words, for messages, e.g. {@code version 4} or {@code snapshot 8812...}
   */
  void begin(String commit, long commitMillis) {
    this.commit = commit;
    this.commitMillis = commitMillis;
    touched.clear();
  }

  /** The commit removed the row (entity, validFrom); removals of a commit come before its additions. */
  void remove(long entity, long validFrom) {
    TreeMap<Long, Double> current = rows.get(entity);
    if (current == null || current.remove(validFrom) == null) {
      throw new IllegalStateException(commit + " of " + table + " removed the row "
          + "of entity " + entity + " at valid time " + Instant.ofEpochMilli(validFrom) + ", which the commits "
          + "before did not hold: the table's history could not be read consistently. Read it again; if it "
          + "persists, the log is damaged.");
    }
    touched.add(entity);
  }

  /** The commit added the row (entity, validFrom) with {@code value} (NaN for NULL). */
  void add(long entity, long validFrom, double value) {
    Double before = rows.computeIfAbsent(entity, e -> new TreeMap<>()).putIfAbsent(validFrom, value);
    if (before != null) {
      throw new IllegalArgumentException(table + " holds two rows of entity " + entity
          + " at valid time " + Instant.ofEpochMilli(validFrom) + " at " + commit + ": the as-of value "
          + "there is ambiguous, so transaction-time events cannot be built. Keep one row per entity and valid time "
          + "(deduplicate the table, or name the entity and valid-time columns that identify a row).");
    }
    touched.add(entity);
  }

  /** Ends the commit: writes the events that bring every touched entity's as-of values up to date. */
  void end() {
    for (long entity : touched) {
      TreeMap<Long, Double> current = rows.get(entity);
      TreeMap<Long, Double> known = written.computeIfAbsent(entity, e -> new TreeMap<>());
      TreeSet<Long> times = new TreeSet<>(known.keySet());
      times.addAll(current.keySet());
      for (long validFrom : times) {
        Map.Entry<Long, Double> row = current.floorEntry(validFrom);
        double value = row == null ? Double.NaN : row.getValue();
        Double last = known.get(validFrom);
        if (last == null || Double.doubleToLongBits(last) != Double.doubleToLongBits(value)) {
          events.add(entity, validFrom, commitMillis, value);
          known.put(validFrom, value);
        }
      }
    }
    touched.clear();
  }

  EventLog build() {
    return events.build();
  }
}
