package dev.backtestgate.pointintime;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.time.Columns;
import dev.backtestgate.time.EpochMillis;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.PointInTimeJoin;
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
 * <p>Every time is epoch milliseconds, times before 1970 (negative) included: the check and
 * {@link PointInTimeJoin} accept the same times. The arithmetic is exact: a knowledge time plus the lag
 * beyond {@code Long.MAX_VALUE}, or a lead longer than {@code Long.MAX_VALUE} ms, fails with an
 * {@link IllegalArgumentException} naming the feature, the row and both times; it never wraps around into a
 * pass. Within the gate such a failure fails the gate.
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
   * @throws IllegalArgumentException when an argument is missing, the lengths differ, the lag is negative or
   *     longer than {@code Long.MAX_VALUE} ms, or a row's times are too far apart to compare (see above)
   */
  public static Optional<PointInTimeViolation> check(
      String feature, long[] decisionTimes, long[] knownAt, Duration availabilityLag) {
    Columns.required(decisionTimes, "decision times of feature '" + feature + "'");
    Columns.required(knownAt, "knowledge times of feature '" + feature + "'");
    if (decisionTimes.length != knownAt.length) {
      throw new IllegalArgumentException("feature '" + feature + "' has " + knownAt.length
          + " knowledge times for " + decisionTimes.length + " decision times: pass one per row.");
    }
    long lag = Columns.nonNegativeMillis(availabilityLag, "availability lag");
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
      long usable = known + lag;
      if (usable < known) { // wrapped around: lag >= 0
        throw tooLate(feature, i, decisionTimes[i], known, availabilityLag);
      }
      long decided = decisionTimes[i];
      if (usable > decided) {
        long lead = usable - decided;
        if (lead < 0) { // wrapped around: the true lead is positive
          throw tooFarApart(feature, i, decided, known, availabilityLag);
        }
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

  private static IllegalArgumentException tooLate(String feature, int row, long decided, long known, Duration lag) {
    return new IllegalArgumentException("feature '" + feature + "', row " + row + ": knowledge time "
        + Instant.ofEpochMilli(known) + " plus the availability lag " + lag + " lies beyond the latest time "
        + EpochMillis.LATEST + " (decision time " + Instant.ofEpochMilli(decided) + "), so when the value became "
        + "usable cannot be computed. Fix the feature's knowledge times (a sentinel such as Long.MAX_VALUE is not a "
        + "time: mark a row without a value with FeatureTiming.NO_VALUE) or the availability lag.");
  }

  private static IllegalArgumentException tooFarApart(
      String feature, int row, long decided, long known, Duration lag) {
    return new IllegalArgumentException("feature '" + feature + "', row " + row + ": knowledge time "
        + Instant.ofEpochMilli(known) + " (availability lag " + lag + ") is more than " + EpochMillis.LONGEST
        + " after the decision time " + Instant.ofEpochMilli(decided) + ", too far apart to compare; such times "
        + "are not real. Fix the decision or knowledge times (a row without a value is FeatureTiming.NO_VALUE).");
  }
}
