package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.LongIntHashMap;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongToIntFunction;
import org.apiguardian.api.API;

/**
 * The declared corrections of an {@link EventLog}: per event an id, and for an event that corrects another
 * the id of the event it corrects and a reason code. A correction is an append like any other event (its own
 * recordedAt); the declaration only says why it was written, so that a late write can be told from a
 * legitimate correction. The as-of join never reads it: the latest known version still wins.
 *
 * <p>Rules, checked when the log is built (an {@link IllegalArgumentException} names the event and the fix):
 * ids are unique and not {@link #NONE}; a pointer resolves to an event of the same log and the same entity;
 * pointers form no cycle; a correction is recorded strictly after the event it corrects; a reason code is set
 * exactly when a pointer is, is not blank, is at most {@value #MAX_REASON_LENGTH} characters and has no
 * control or invisible characters.
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class Corrections {
  /** In {@code corrects}: the event corrects nothing. Never a valid event id. */
  public static final long NONE = Long.MIN_VALUE;

  /** The longest reason code accepted, in characters. */
  public static final int MAX_REASON_LENGTH = 64;

  private final long[] ids;
  private final long[] corrects;
  private final String[] reasons;
  private final int declared;

  private Corrections(long[] ids, long[] corrects, String[] reasons, int declared) {
    this.ids = ids;
    this.corrects = corrects;
    this.reasons = reasons;
    this.declared = declared;
  }

  /** The id of the event at {@code row}. */
  public long id(int row) {
    return ids[row];
  }

  /** Whether the event at {@code row} declares that it corrects another. */
  public boolean isCorrection(int row) {
    return reasons[row] != null;
  }

  /** The id of the event that the event at {@code row} corrects, or {@link #NONE}. */
  public long corrects(int row) {
    return corrects[row];
  }

  /** The reason code of the correction at {@code row}, or {@code null} when it corrects nothing. */
  public String reason(int row) {
    return reasons[row];
  }

  /** How many events declare a correction. */
  public int declared() {
    return declared;
  }

  /**
   * Checks a reason code: not blank, at most {@value #MAX_REASON_LENGTH} characters, no control or
   * invisible characters.
   *
   * @return a description of the problem, or {@code null} when the code is valid
   */
  public static String reasonProblem(String reason) {
    if (reason == null || reason.isBlank()) {
      return "its reason code is empty; give the correction a short code saying why it was written "
          + "(for example 'status-remap')";
    }
    if (reason.length() > MAX_REASON_LENGTH) {
      return "its reason code is " + reason.length() + " characters long, more than the limit of "
          + MAX_REASON_LENGTH + "; use a short code and keep the explanation in the change ticket";
    }
    for (int k = 0; k < reason.length(); k++) {
      char c = reason.charAt(k);
      int type = Character.getType(c);
      if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
          || type == Character.PARAGRAPH_SEPARATOR) {
        return "its reason code has a control or invisible character (U+" + String.format("%04X", (int) c)
            + " at position " + k + "); use printable characters only";
      }
    }
    return null;
  }

  /**
   * Validates the declarations of the log described by {@code owner}, {@code entity} and {@code recordedAt}.
   *
   * @param ids the event ids, or {@code null} for positions (event i has id i)
   */
  static Corrections of(
      String owner, long[] entity, long[] recordedAt, long[] ids, long[] corrects, String[] reasons) {
    int n = entity.length;
    Columns.required(corrects, owner + " corrects column");
    Columns.required(reasons, owner + " reason column");
    Columns.requireLength(owner, "corrects", corrects.length, "entity", n);
    Columns.requireLength(owner, "reason", reasons.length, "entity", n);
    long[] eventIds = ids;
    LongToIntFunction rowOf;
    if (eventIds == null) {
      eventIds = new long[n];
      for (int i = 0; i < n; i++) {
        eventIds[i] = i;
      }
      rowOf = id -> id >= 0 && id < n ? (int) id : -1; // positions: no index needed
    } else {
      Columns.requireLength(owner, "event id", eventIds.length, "entity", n);
      rowOf = index(owner, eventIds);
    }
    int declared = 0;
    String lastValid = null; // one code is usually shared by many corrections: check it once
    for (int i = 0; i < n; i++) {
      String reason = reasons[i];
      long target = corrects[i];
      if (target == NONE && reason == null) {
        continue;
      }
      if (target == NONE) {
        throw new IllegalArgumentException(event(owner, eventIds[i], i, entity[i])
            + " has reason code '" + reason + "' but corrects no event; "
            + "set the id of the event it corrects, or drop the reason if it is not a correction");
      }
      if (reason == null || reason != lastValid) {
        String problem = reasonProblem(reason);
        if (problem != null) {
          throw new IllegalArgumentException(event(owner, eventIds[i], i, entity[i])
              + " declares that it corrects event " + target + ", but " + problem);
        }
        lastValid = reason;
      }
      int row = rowOf.applyAsInt(target);
      if (row < 0) {
        throw new IllegalArgumentException(event(owner, eventIds[i], i, entity[i])
            + " corrects event " + target + ", which is not in the log; "
            + "fix the pointer, or load the corrected event too (a correction must point at a real event)");
      }
      if (entity[row] != entity[i]) {
        throw new IllegalArgumentException(event(owner, eventIds[i], i, entity[i])
            + " corrects event " + target + " of entity " + entity[row]
            + "; a correction restates a value of its own entity: point it at an event of entity " + entity[i]);
      }
      declared++;
    }
    cycles(owner, entity, eventIds, corrects, rowOf);
    for (int i = 0; i < n; i++) {
      if (corrects[i] != NONE) {
        int row = rowOf.applyAsInt(corrects[i]);
        if (recordedAt[i] <= recordedAt[row]) {
          throw new IllegalArgumentException(event(owner, eventIds[i], i, entity[i]) + " is recorded at "
              + Instant.ofEpochMilli(recordedAt[i]) + ", " + (recordedAt[i] == recordedAt[row] ? "the same time as"
                  : "before") + " event " + corrects[i] + " it corrects (recorded at "
              + Instant.ofEpochMilli(recordedAt[row]) + "); a correction is written after the event it corrects: "
              + "fix its recordedAt or its pointer");
        }
      }
    }
    return new Corrections(eventIds, corrects, reasons, declared);
  }

  /** Row by id; fails on a missing or duplicate id. */
  private static LongToIntFunction index(String owner, long[] ids) {
    LongIntHashMap rowOf = new LongIntHashMap(ids.length);
    for (int i = 0; i < ids.length; i++) {
      if (ids[i] == NONE) {
        throw new IllegalArgumentException(owner + ": the event at row " + i + " has no id (" + NONE
            + " is reserved for 'corrects nothing'); give every event a unique id");
      }
      int first = rowOf.getOrAdd(ids[i]);
      if (first != i) {
        throw new IllegalArgumentException(owner + ": event id " + ids[i] + " is used by rows " + first
            + " and " + i + "; a correction points at one event, so ids must be unique: fix the id column");
      }
    }
    return rowOf::get;
  }

  /** Follows every pointer chain once; a chain that comes back to itself is a cycle. O(n). */
  private static void cycles(
      String owner, long[] entity, long[] ids, long[] corrects, LongToIntFunction rowOf) {
    int n = ids.length;
    byte[] state = new byte[n]; // 0 unvisited, 1 on the current chain, 2 done
    for (int start = 0; start < n; start++) {
      int row = start;
      while (row >= 0 && state[row] == 0) {
        state[row] = 1;
        row = corrects[row] == NONE ? -1 : rowOf.applyAsInt(corrects[row]);
      }
      if (row >= 0 && state[row] == 1) {
        List<String> chain = new ArrayList<>();
        int k = row;
        do {
          chain.add(Long.toString(ids[k]));
          k = rowOf.applyAsInt(corrects[k]);
        } while (k != row && chain.size() < 10);
        chain.add(k == row ? Long.toString(ids[row]) : "...");
        throw new IllegalArgumentException(event(owner, ids[row], row, entity[row]) + " is part of a correction "
            + "cycle (" + String.join(" corrects ", chain) + "); each correction points at an earlier event: "
            + "fix the pointers");
      }
      for (row = start; row >= 0 && state[row] == 1; ) {
        state[row] = 2;
        row = corrects[row] == NONE ? -1 : rowOf.applyAsInt(corrects[row]);
      }
    }
  }

  private static String event(String owner, long id, int row, long entity) {
    return owner + ": event " + id + " (row " + row + ", entity " + entity + ")";
  }
}
