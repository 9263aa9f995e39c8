package dev.backtestgate.lifttrend;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.GroupedDeLong;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The test rows split by decision-time period, each period with enough rows of both classes compared by the paired
 * DeLong test on its own rows. All periods are compared at once by {@link GroupedDeLong#compare}: one bucketing of
 * each model's scores over all rows, in any row order, with the memory of one comparison plus O(periods); the rows'
 * periods are looked up once, in row order.
 */
final class PeriodSplit {
  private PeriodSplit() {}

  /**
   * The periods of {@code grid} with their counts and, where both classes reach {@code minClass}, their lift.
   *
   * @throws IllegalArgumentException as {@link dev.backtestgate.metrics.DeLong#compare} does for invalid scores
   */
  static List<PeriodLift> measure(boolean[] labels, double[] candidate, double[] baseline, long[] times,
      PeriodGrid grid, int minClass, double confidenceLevel) {
    return measureWithAll(labels, candidate, baseline, times, grid, minClass, confidenceLevel).periods();
  }

  /**
   * The periods as {@link #measure} returns them and, from the same pass, the comparison on all rows (bit for bit
   * {@link dev.backtestgate.metrics.DeLong#compare}'s; empty with fewer than 2 rows of a class).
   */
  record Measured(List<PeriodLift> periods, Optional<AucComparison> allRows) {}

  static Measured measureWithAll(boolean[] labels, double[] candidate, double[] baseline, long[] times,
      PeriodGrid grid, int minClass, double confidenceLevel) {
    int periods = grid.count();
    GroupedDeLong.Comparisons compared = GroupedDeLong.compareWithAll(labels, candidate, baseline, periods,
        row -> grid.periodOf(times[row]), minClass, confidenceLevel);
    List<GroupedDeLong.Group> groups = compared.groups();
    List<PeriodLift> result = new ArrayList<>(periods);
    for (int p = 0; p < periods; p++) {
      GroupedDeLong.Group group = groups.get(p);
      result.add(new PeriodLift(p, grid.label(p), grid.start(p), grid.end(p), group.positives(), group.negatives(),
          group.comparison()));
    }
    return new Measured(result, compared.all().comparison());
  }
}
