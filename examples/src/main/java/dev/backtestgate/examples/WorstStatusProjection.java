package dev.backtestgate.examples;

import java.util.Arrays;

/**
 * Maintains the derived feature "worst status in the last 12 statements" from a {@link StatusLog}, the way
 * an event-sourced pipeline does: whenever an event is recorded, the windows it falls in are recomputed
 * from what is known at that moment, and every changed value is appended as a new event valid from its
 * statement date and recorded at that moment. A correction recorded in August 2025 therefore yields new
 * versions recorded in August 2025, and an as-of read for 2024 still sees the values 2024 knew.
 *
 * <p>Per account: the events are bucketed by account (counting sort), ordered by statement date and
 * recording time, and replayed in recording order; each replay step touches only the windows of the
 * statements it changed. Primitive arrays throughout.
 *
 * <pre>{@code
 * NumericEvents worst = WorstStatusProjection.of(log, world.accounts().size());
 * }</pre>
 */
final class WorstStatusProjection {
  /** How many statements the window spans, the latest included. */
  static final int WINDOW = 12;

  private WorstStatusProjection() {}

  /**
   * The projection's events, ordered by account, then by recording time.
   *
   * @param accounts the number of accounts (account ids are 0 to accounts - 1)
   */
  static NumericEvents of(StatusLog log, int accounts) {
    int[] byAccount = bucketByAccount(log, accounts);
    int[] start = new int[accounts + 1];
    for (int e = 0; e < log.size(); e++) {
      start[(int) log.account(e) + 1]++;
    }
    for (int a = 0; a < accounts; a++) {
      start[a + 1] += start[a];
    }
    NumericEvents.Builder out = new NumericEvents.Builder(log.size());
    Replay replay = new Replay(log);
    for (int a = 0; a < accounts; a++) {
      replay.account(a, byAccount, start[a], start[a + 1], out);
    }
    return out.build();
  }

  private static int[] bucketByAccount(StatusLog log, int accounts) {
    int[] next = new int[accounts + 1];
    for (int e = 0; e < log.size(); e++) {
      long account = log.account(e);
      if (account < 0 || account >= accounts) {
        throw new IllegalArgumentException("status event " + e + " is for account " + account + ", outside 0.."
            + (accounts - 1) + ": pass the number of accounts of the world the log was loaded from.");
      }
      next[(int) account + 1]++;
    }
    for (int a = 0; a < accounts; a++) {
      next[a + 1] += next[a];
    }
    int[] order = new int[log.size()];
    for (int e = 0; e < log.size(); e++) {
      order[next[(int) log.account(e)]++] = e;
    }
    return order;
  }

  /** Scratch state for replaying one account at a time. */
  private static final class Replay {
    private final StatusLog log;
    private int[] events = new int[64];
    private int[] slotOf = new int[64];
    private int[] byTime = new int[64];
    private long[] slotDate = new long[64];
    private int[] current = new int[64];
    private int[] emitted = new int[64];

    Replay(StatusLog log) {
      this.log = log;
    }

    void account(int account, int[] byAccount, int from, int to, NumericEvents.Builder out) {
      int k = to - from;
      ensure(k);
      System.arraycopy(byAccount, from, events, 0, k);
      sortByDateThenRecording(k);
      int slots = 0;
      for (int i = 0; i < k; i++) {
        long date = log.validFrom(events[i]);
        if (slots == 0 || slotDate[slots - 1] != date) {
          slotDate[slots++] = date;
        }
        slotOf[i] = slots - 1;
        byTime[i] = i;
      }
      sortByRecording(k);
      Arrays.fill(current, 0, slots, -1);
      Arrays.fill(emitted, 0, slots, -1);
      int g = 0;
      while (g < k) {
        long time = log.recordedAt(events[byTime[g]]);
        int lowest = Integer.MAX_VALUE;
        int highest = -1;
        for (; g < k && log.recordedAt(events[byTime[g]]) == time; g++) {
          int slot = slotOf[byTime[g]];
          current[slot] = StatusCodes.meaning(log.code(events[byTime[g]])).severity();
          lowest = Math.min(lowest, slot);
          highest = Math.max(highest, slot);
        }
        emitWindows(account, time, lowest, Math.min(slots - 1, highest + WINDOW - 1), out);
      }
    }

    /** Re-emits the worst status of every statement from {@code first} to {@code last} whose value changed. */
    private void emitWindows(int account, long time, int first, int last, NumericEvents.Builder out) {
      for (int j = first; j <= last; j++) {
        if (current[j] < 0) {
          continue;
        }
        int worst = current[j];
        for (int w = Math.max(0, j - WINDOW + 1); w < j; w++) {
          worst = Math.max(worst, current[w]);
        }
        if (worst != emitted[j]) {
          emitted[j] = worst;
          out.add(account, slotDate[j], time, worst);
        }
      }
    }

    /**
     * Insertion sort of the account's events by (validFrom, recordedAt, position in the log): accounts
     * have a few dozen events, mostly in order already.
     */
    private void sortByDateThenRecording(int k) {
      for (int i = 1; i < k; i++) {
        int e = events[i];
        int j = i - 1;
        while (j >= 0 && after(events[j], e)) {
          events[j + 1] = events[j];
          j--;
        }
        events[j + 1] = e;
      }
    }

    /** Insertion sort of positions by (recordedAt, position): later positions apply last. */
    private void sortByRecording(int k) {
      for (int i = 1; i < k; i++) {
        int p = byTime[i];
        long time = log.recordedAt(events[p]);
        int j = i - 1;
        while (j >= 0 && log.recordedAt(events[byTime[j]]) > time) {
          byTime[j + 1] = byTime[j];
          j--;
        }
        byTime[j + 1] = p;
      }
    }

    private boolean after(int a, int b) {
      if (log.validFrom(a) != log.validFrom(b)) {
        return log.validFrom(a) > log.validFrom(b);
      }
      if (log.recordedAt(a) != log.recordedAt(b)) {
        return log.recordedAt(a) > log.recordedAt(b);
      }
      return a > b;
    }

    private void ensure(int k) {
      if (events.length < k) {
        int n = Math.max(k, events.length * 2);
        events = new int[n];
        slotOf = new int[n];
        byTime = new int[n];
        slotDate = new long[n];
        current = new int[n];
        emitted = new int[n];
      }
    }
  }
}
