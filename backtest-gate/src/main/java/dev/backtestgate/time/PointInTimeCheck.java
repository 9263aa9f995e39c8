package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;


import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The point-in-time rule: a feature value may be used for a decision at time {@code t} only if it was
 * known by then, {@code knownAt + availabilityLag <= t}. One linear pass per feature, no boxing.
 *
 * <pre>{@code
 * Optional<PointInTimeViolation> leak =
 *     PointInTimeCheck.check("status", decisionMillis, statusKnownAtMillis, Duration.ZERO);
 * leak.ifPresent(v -> System.out.println(v.rowsAffected() + " rows saw the future"));
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class PointInTimeCheck {
  /** How many example rows a violation carries. */
  public static final int MAX_EXAMPLES = 5;

  /** Knowledge time meaning "no value in this row": nothing to check (same as FeatureTiming.NO_VALUE). */
  public static final long NO_VALUE = JoinedFeature.NO_KNOWN_AT;

  private PointInTimeCheck() {}

  /**
   * Checks one feature.
   *
   * @param feature the feature's name
   * @param decisionTimes decision time per row, epoch milliseconds
   * @param knownAt knowledge time per row, epoch milliseconds, {@link #NO_VALUE} where absent
   * @param availabilityLag how long after recording a value becomes usable
   * @return the violation, or empty when every value was known in time
   */
  public static Optional<PointInTimeViolation> check(
      String feature, long[] decisionTimes, long[] knownAt, Duration availabilityLag) {
    if (decisionTimes.length != knownAt.length) {
      throw new IllegalArgumentException("feature '" + feature + "' has " + knownAt.length
          + " knowledge times for " + decisionTimes.length + " decision times: pass one per row.");
    }
    long lag = availabilityLag.toMillis();
    int affected = 0;
    int checked = 0;
    long largestLead = 0;
    int[] examples = new int[MAX_EXAMPLES];
    for (int i = 0; i < knownAt.length; i++) {
      long known = knownAt[i];
      if (known == NO_VALUE) {
        continue;
      }
      checked++;
      long lead = known + lag - decisionTimes[i];
      if (lead > 0) {
        if (affected < MAX_EXAMPLES) {
          examples[affected] = i;
        }
        affected++;
        if (lead > largestLead) {
          largestLead = lead;
        }
      }
    }
    if (affected == 0) {
      return Optional.empty();
    }
    List<PointInTimeViolation.ExampleRow> rows = new ArrayList<>();
    for (int e = 0; e < Math.min(affected, MAX_EXAMPLES); e++) {
      int row = examples[e];
      rows.add(new PointInTimeViolation.ExampleRow(
          row, Instant.ofEpochMilli(decisionTimes[row]), Instant.ofEpochMilli(knownAt[row])));
    }
    return Optional.of(new PointInTimeViolation(
        feature, affected, checked, decisionTimes.length, Duration.ofMillis(largestLead), availabilityLag, rows));
  }
}
