package dev.backtestgate.time;

/**
 * The as-of rule spelled out literally, as the reference the fast join is compared with: for each spine
 * row with effective time e = t - lag, scan every event of the log and keep, among those with
 * validFrom &le; e and recordedAt &le; e, the greatest validFrom, then the greatest recordedAt, then the
 * later position; with a time-to-live the winner also needs validFrom &ge; e - ttl. The rule is stated in
 * docs/point-in-time-semantics.md.
 */
public final class BruteForceJoin {
  private BruteForceJoin() {}

  /** The index of the event the rule picks for (entity, decision time t), or -1. ttl < 0: none. */
  public static int choose(EventLog log, long entity, long t, long lag, long ttl) {
    long e = t - lag;
    long[] entities = log.entity();
    long[] validFrom = log.validFrom();
    long[] recordedAt = log.recordedAt();
    int best = -1;
    for (int i = 0; i < log.size(); i++) {
      if (entities[i] != entity || validFrom[i] > e || recordedAt[i] > e) {
        continue;
      }
      if (best < 0
          || validFrom[i] > validFrom[best]
          || (validFrom[i] == validFrom[best] && recordedAt[i] >= recordedAt[best])) {
        best = i; // later positions win full ties because i only grows
      }
    }
    if (best >= 0 && ttl >= 0 && validFrom[best] < e - ttl) {
      return -1;
    }
    return best;
  }

  public static int[] chooseAll(Spine spine, EventLog log, long lag, long ttl) {
    int[] chosen = new int[spine.size()];
    for (int r = 0; r < chosen.length; r++) {
      chosen[r] = choose(log, spine.entity()[r], spine.decisionTime()[r], lag, ttl);
    }
    return chosen;
  }
}
