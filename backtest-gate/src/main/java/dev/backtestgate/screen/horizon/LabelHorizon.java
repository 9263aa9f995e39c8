package dev.backtestgate.screen.horizon;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The label-horizon rule: a model may train only on labels that were resolved before the test period starts,
 * less an embargo. A training row whose label became known after {@code earliest test decision - embargo} taught
 * the model an outcome from inside the test period. One linear pass, no boxing.
 *
 * <pre>{@code
 * Optional<LabelHorizonViolation> leak = LabelHorizon.check(trainDecided, trainLabelKnownAt, testDecided,
 *     Duration.ofDays(7));
 * leak.ifPresent(v -> System.out.println(v.rowsAffected() + " training labels resolved too late"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LabelHorizon {
  /** How many example rows a violation carries. */
  public static final int MAX_EXAMPLES = 5;

  private LabelHorizon() {}

  /**
   * Checks the training rows' label-resolution times against the test period.
   *
   * @param trainingDecisionTimes decision time per training row, epoch milliseconds
   * @param labelKnownAt when each training row's label became known, epoch milliseconds
   * @param testDecisionTimes decision time per test row, epoch milliseconds (at least one)
   * @param embargo how long before the first test decision every training label must be known
   * @return the violation, or empty when every training label was known by the cutoff
   */
  public static Optional<LabelHorizonViolation> check(long[] trainingDecisionTimes, long[] labelKnownAt,
      long[] testDecisionTimes, Duration embargo) {
    if (trainingDecisionTimes.length != labelKnownAt.length) {
      throw new IllegalArgumentException("the training set has " + Wording.count(labelKnownAt.length)
          + " label times for "
          + trainingDecisionTimes.length + " decision times: pass one of each per training row.");
    }
    if (testDecisionTimes.length == 0) {
      throw new IllegalArgumentException("there are no test rows: the label horizon is measured from the earliest "
          + "test decision.");
    }
    if (embargo.isNegative()) {
      throw new IllegalArgumentException("embargo is " + embargo + ": it must be zero or more, e.g. P7D.");
    }
    long earliestTest = Long.MAX_VALUE;
    for (long t : testDecisionTimes) {
      earliestTest = Math.min(earliestTest, t);
    }
    long cutoff = cutoff(earliestTest, embargo);
    int affected = 0;
    long latest = Long.MIN_VALUE;
    int[] examples = new int[MAX_EXAMPLES];
    for (int i = 0; i < labelKnownAt.length; i++) {
      long known = labelKnownAt[i];
      if (known > cutoff) {
        if (affected < MAX_EXAMPLES) {
          examples[affected] = i;
        }
        affected++;
        latest = Math.max(latest, known);
      }
    }
    if (affected == 0) {
      return Optional.empty();
    }
    List<LabelHorizonViolation.ExampleRow> rows = new ArrayList<>();
    for (int e = 0; e < Math.min(affected, MAX_EXAMPLES); e++) {
      int row = examples[e];
      rows.add(new LabelHorizonViolation.ExampleRow(row, Instant.ofEpochMilli(trainingDecisionTimes[row]),
          Instant.ofEpochMilli(labelKnownAt[row])));
    }
    return Optional.of(new LabelHorizonViolation(labelKnownAt.length, affected, Instant.ofEpochMilli(earliestTest),
        embargo, Instant.ofEpochMilli(latest), Duration.ofMillis(latest).minusMillis(earliestTest).plus(embargo),
        rows));
  }

  /** {@code earliestTest - embargo} in epoch milliseconds, saturating instead of overflowing. */
  static long cutoff(long earliestTest, Duration embargo) {
    long millis;
    try {
      millis = embargo.toMillis();
    } catch (ArithmeticException e) {
      return Long.MIN_VALUE;
    }
    long cutoff = earliestTest - millis;
    return ((earliestTest ^ millis) & (earliestTest ^ cutoff)) < 0 ? Long.MIN_VALUE : cutoff;
  }
}
