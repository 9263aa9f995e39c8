package dev.backtestgate.lifttrend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.metrics.AucComparison;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One period of decision times and the paired lift of its rows, or why it was not measured.
 *
 * <pre>{@code
 * for (PeriodLift p : trend.periods()) {
 *   System.out.println(p.period() + " " + p.comparison().map(c -> c.lift()).orElse(Double.NaN));
 * }
 * }</pre>
 *
 * @param index the period's position in the grid, counting empty periods (0 for the first decision's period)
 * @param period the period's name: {@code 2025-06}, {@code 2025-Q2}, {@code 2025-W23}, or its start
 * @param start the first instant of the period
 * @param end the first instant after it
 * @param positives positive rows decided in the period
 * @param negatives negative rows decided in the period
 * @param comparison the candidate against the baseline on the period's rows (DeLong, from exact sums); empty when the
 *     period has fewer than the minimum of rows of a class, and then it is shown and skipped, never merged
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record PeriodLift(int index, String period, Instant start, Instant end, long positives, long negatives,
    Optional<AucComparison> comparison) {
  /** Checks. */
  public PeriodLift {
    Objects.requireNonNull(period, "period");
    Objects.requireNonNull(start, "start");
    Objects.requireNonNull(end, "end");
    Objects.requireNonNull(comparison, "comparison");
    if (positives < 0 || negatives < 0) {
      throw new IllegalArgumentException("negative row counts: " + Wording.count(positives) + " positives, "
          + Wording.count(negatives)
          + " negatives");
    }
  }

  /** All rows of the period. */
  public long rows() {
    return positives + negatives;
  }

  /** Whether the lift was measured. */
  public boolean measured() {
    return comparison.isPresent();
  }

  /**
   * The variance the test weighs this period by: the DeLong variance of the lift, or, when that is 0 (both models
   * rank the period's rows alike), the variance of a random ranking's AUC, {@code (P + N + 1) / (12 P N)}, so that a
   * period without visible noise gets a finite, modest weight instead of all of it.
   */
  double testVariance() {
    double se = comparison.orElseThrow().standardError();
    if (se > 0) {
      return se * se;
    }
    return (positives + negatives + 1.0) / (12.0 * positives * negatives);
  }
}
