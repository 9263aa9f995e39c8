package dev.backtestgate.examples;

/**
 * The as-of rule of docs/point-in-time-semantics.md by brute force, for checking: among the events of an entity
 * with validFrom &le; t and recordedAt &le; t, the one with the greatest validFrom, then the greatest
 * recordedAt, then the later position.
 *
 * <pre>{@code
 * int e = BruteForceAsOf.choose(entity, validFrom, recordedAt, account, t);   // -1 when none
 * }</pre>
 */
final class BruteForceAsOf {
  private BruteForceAsOf() {}

  static int choose(long[] entity, long[] validFrom, long[] recordedAt, long id, long t) {
    int best = -1;
    for (int e = 0; e < entity.length; e++) {
      if (entity[e] != id || validFrom[e] > t || recordedAt[e] > t) {
        continue;
      }
      if (best < 0 || validFrom[e] > validFrom[best]
          || (validFrom[e] == validFrom[best] && recordedAt[e] >= recordedAt[best])) {
        best = e;
      }
    }
    return best;
  }

  /** The status log's columns, for {@link #choose}. */
  static long[][] columns(StatusLog log) {
    long[][] c = new long[4][log.size()];
    for (int e = 0; e < log.size(); e++) {
      c[0][e] = log.account(e);
      c[1][e] = log.validFrom(e);
      c[2][e] = log.recordedAt(e);
      c[3][e] = log.code(e);
    }
    return c;
  }
}
