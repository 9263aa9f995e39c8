package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The rows the candidate was trained on, as far as the gate needs them: each training row's decision time, when
 * its label became known (the outcome resolved), and optionally its entity. Recorded with
 * {@link BacktestRun.Builder#training(long[], long[])} and its overloads; the label-horizon and train/test-overlap
 * checks read it. Arrays are not copied.
 *
 * <pre>{@code
 * BacktestRun run = BacktestRun.builder(id) ...
 *     .training(trainDecidedMillis, trainLabelKnownAtMillis, trainAccountIds)
 *     .entities(testAccountIds)
 *     .build();
 * run.training().ifPresent(t -> System.out.println(t.rows() + " training rows"));
 * }</pre>
 *
 * @param decisionTimes decision time per training row, epoch milliseconds
 * @param labelKnownAt when each training row's label became known, epoch milliseconds
 * @param entities entity id per training row (dense ids when the keys were strings), or {@code null} when none
 *     were recorded
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TrainingSet(long[] decisionTimes, long[] labelKnownAt, long[] entities) {

  /** Number of training rows. */
  public int rows() {
    return decisionTimes.length;
  }

  /** The entity id per training row, when recorded. */
  public Optional<long[]> entityIds() {
    return Optional.ofNullable(entities);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TrainingSet other && Arrays.equals(decisionTimes, other.decisionTimes)
        && Arrays.equals(labelKnownAt, other.labelKnownAt) && Arrays.equals(entities, other.entities);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Arrays.hashCode(decisionTimes) + Arrays.hashCode(labelKnownAt)) + Arrays.hashCode(entities);
  }

  @Override
  public String toString() {
    return "TrainingSet[" + rows() + " rows" + (entities == null ? "" : ", with entities") + "]";
  }
}
