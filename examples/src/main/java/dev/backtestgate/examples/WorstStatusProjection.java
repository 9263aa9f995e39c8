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
    private long[] slotDate = new long[64];
    private int[] current = new int[64];
    private int[] emitted = new int[64];
    private long[] times = new long[64];

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
        times[i] = log.recordedAt(events[i]);
      }
      Arrays.fill(current, 0, slots, -1);
      Arrays.fill(emitted, 0, slots, -1);
      Arrays.sort(times, 0, k);
      for (int t = 0; t < k; t++) {
        if (t > 0 && times[t] == times[t - 1]) {
          continue;
        }
        replayAt(account, times[t], k, slots, out);
      }
    }

    /** Applies every event recorded at {@code time}, then re-emits the windows they touched. */
    private void replayAt(int account, long time, int k, int slots, NumericEvents.Builder out) {
      int lowest = Integer.MAX_VALUE;
      int highest = -1;
      int slot = -1;
      for (int i = 0; i < k; i++) {
        int e = events[i];
        if (i == 0 || log.validFrom(e) != log.validFrom(events[i - 1])) {
          slot++;
        }
        if (log.recordedAt(e) == time) {
          current[slot] = StatusCodes.meaning(log.code(e)).severity();
          lowest = Math.min(lowest, slot);
          highest = Math.max(highest, slot);
        }
      }
      int last = Math.min(slots - 1, highest + WINDOW - 1);
      for (int j = lowest; j <= last; j++) {
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

    /** Insertion sort by (validFrom, recordedAt, position): accounts have a few dozen events. */
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
        slotDate = new long[n];
        current = new int[n];
        emitted = new int[n];
        times = new long[n];
      }
    }
  }
}
