package dev.backtestgate.examples;

import dev.backtestgate.time.Corrections;
import dev.backtestgate.time.EventLog;
import java.util.Arrays;
import java.util.List;

/**
 * The statement statuses stored append-only: every write is a new event with the time it became valid
 * ({@code validFrom}, the statement date), the time it was recorded, the code, and why it was written. A
 * correction never overwrites: it is one more event, valid from the same statement date, recorded when the
 * correction was made, with its own reason and a pointer to the event it corrects. Reading "as of" a past time
 * sees exactly what was known then; the late-writes check lists the corrections by reason code.
 *
 * <pre>{@code
 * StatusLog log = StatusLog.load(world);                    // one STATEMENT event per statement
 * NormalizeStatusBackfill.record(log, world);               // + NORMALIZE_STATUS_CODES corrections
 * EventLog status = log.toEventLog("status");               // for PointInTimeJoin
 * }</pre>
 */
final class StatusLog {
  /** Why an event was written: the index is {@link #reason()}'s value. */
  static final List<String> REASONS = List.of("STATEMENT", NormalizeStatusBackfill.REASON);
  static final byte STATEMENT = 0;
  static final byte CORRECTION = 1;

  private int size;
  private long[] account;
  private long[] validFrom;
  private long[] recordedAt;
  private int[] code;
  private byte[] reason;
  private long[] corrects;

  private StatusLog(int capacity) {
    account = new long[capacity];
    validFrom = new long[capacity];
    recordedAt = new long[capacity];
    code = new int[capacity];
    reason = new byte[capacity];
    corrects = new long[capacity];
  }

  /** An empty log, to append hand-made events to. */
  static StatusLog empty() {
    return new StatusLog(16);
  }

  /** A log holding one {@code STATEMENT} event per statement, as the source systems wrote it. */
  static StatusLog load(CreditWorld world) {
    Statements s = world.statements();
    StatusLog log = new StatusLog(s.size() + s.size() / 4);
    for (int row = 0; row < s.size(); row++) {
      log.append(s.account()[row], s.statementAt()[row], s.recordedAt()[row], s.code()[row], STATEMENT);
    }
    return log;
  }

  /** Appends one event that corrects nothing; nothing already in the log changes. */
  void append(long accountId, long validFromMillis, long recordedAtMillis, int statusCode, byte why) {
    append(accountId, validFromMillis, recordedAtMillis, statusCode, why, Corrections.NONE);
  }

  /**
   * Appends one event; a {@link #CORRECTION} names the event it corrects (its position in this log), any
   * other event passes {@link Corrections#NONE}. Nothing already in the log changes.
   */
  void append(long accountId, long validFromMillis, long recordedAtMillis, int statusCode, byte why,
      long correctedEvent) {
    if (size == account.length) {
      int grown = Math.max(16, size + (size >> 1));
      account = Arrays.copyOf(account, grown);
      validFrom = Arrays.copyOf(validFrom, grown);
      recordedAt = Arrays.copyOf(recordedAt, grown);
      code = Arrays.copyOf(code, grown);
      reason = Arrays.copyOf(reason, grown);
      corrects = Arrays.copyOf(corrects, grown);
    }
    account[size] = accountId;
    validFrom[size] = validFromMillis;
    recordedAt[size] = recordedAtMillis;
    code[size] = statusCode;
    reason[size] = why;
    corrects[size] = correctedEvent;
    size++;
  }

  /** Number of events. */
  int size() {
    return size;
  }

  long account(int event) {
    return account[event];
  }

  long validFrom(int event) {
    return validFrom[event];
  }

  long recordedAt(int event) {
    return recordedAt[event];
  }

  int code(int event) {
    return code[event];
  }

  /** Why the event was written, an index into {@link #REASONS}. */
  byte reason(int event) {
    return reason[event];
  }

  /**
   * The log as a categorical {@link EventLog} named {@code name} for a point-in-time join; its categories
   * are {@link StatusCodes#CODES}. Events are identified by position; each correction that names the event it
   * corrects declares it, with its reason ({@link #REASONS}). Copies the columns: appending afterwards does
   * not change it.
   */
  EventLog toEventLog(String name) {
    EventLog log = EventLog.categorical(name, Arrays.copyOf(account, size), Arrays.copyOf(validFrom, size),
        Arrays.copyOf(recordedAt, size), Arrays.copyOf(code, size), StatusCodes.CODES);
    String[] reasons = new String[size];
    boolean declared = false;
    for (int e = 0; e < size; e++) {
      if (corrects[e] != Corrections.NONE) {
        reasons[e] = REASONS.get(reason[e]);
        declared = true;
      }
    }
    return declared ? log.withCorrections(null, Arrays.copyOf(corrects, size), reasons) : log;
  }

  /** Number of events written for {@code why}. */
  int count(byte why) {
    int n = 0;
    for (int e = 0; e < size; e++) {
      if (reason[e] == why) {
        n++;
      }
    }
    return n;
  }
}
