package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Collection;
import org.apiguardian.api.API;

/** Edit distance, for did-you-mean suggestions (configuration keys, finding kinds). */
@API(status = INTERNAL, since = "0.1")
public final class Edits {
  private Edits() {}

  /** Levenshtein distance: insertions, deletions and substitutions. */
  public static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  /** The candidate nearest to {@code typed} (the first of equals), or {@code null} when there is none. */
  public static String nearest(String typed, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int d = distance(typed, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
  }
}
