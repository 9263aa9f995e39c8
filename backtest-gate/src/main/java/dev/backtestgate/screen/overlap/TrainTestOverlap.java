package dev.backtestgate.screen.overlap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.LongIntHashMap;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The train/test overlap rule: a test row whose entity also appears in the training set at a decision time at or
 * after the test row's own was scored by a model that had seen that entity's future. One hash pass over the
 * training rows keeps each entity's latest training decision; one pass over the test rows compares. No boxing.
 *
 * <pre>{@code
 * Optional<TrainTestOverlapReport> overlap =
 *     TrainTestOverlap.check(trainAccounts, trainDecided, testAccounts, testDecided);
 * overlap.ifPresent(o -> System.out.println(o.rowsAffected() + " test rows, " + o.entitiesAffected() + " entities"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TrainTestOverlap {
  /** How many example rows a report carries. */
  public static final int MAX_EXAMPLES = 5;
  /** How many affected entities a report names. */
  public static final int MAX_ENTITIES = 10;

  private TrainTestOverlap() {}

  /**
   * Finds the test rows whose entity was in training at a decision time at or after theirs.
   *
   * @param trainingEntities entity id per training row
   * @param trainingDecisionTimes decision time per training row, epoch milliseconds
   * @param testEntities entity id per test row
   * @param testDecisionTimes decision time per test row, epoch milliseconds
   * @return the overlap, or empty when no test row's entity was trained on at or after its decision
   */
  public static Optional<TrainTestOverlapReport> check(long[] trainingEntities, long[] trainingDecisionTimes,
      long[] testEntities, long[] testDecisionTimes) {
    if (trainingEntities.length != trainingDecisionTimes.length) {
      throw new IllegalArgumentException("the training set has " + trainingEntities.length + " entities for "
          + trainingDecisionTimes.length + " decision times: pass one of each per training row.");
    }
    if (testEntities.length != testDecisionTimes.length) {
      throw new IllegalArgumentException("the test set has " + testEntities.length + " entities for "
          + testDecisionTimes.length + " decision times: pass one of each per test row.");
    }
    LongIntHashMap ids = new LongIntHashMap(Math.min(trainingEntities.length, 1 << 16)); // grows with the entities
    long[] latest = new long[trainingEntities.length];
    for (int i = 0; i < trainingEntities.length; i++) {
      int known = ids.size();
      int id = ids.getOrAdd(trainingEntities[i]);
      latest[id] = id == known ? trainingDecisionTimes[i] : Math.max(latest[id], trainingDecisionTimes[i]);
    }
    boolean[] named = new boolean[ids.size()];
    int affected = 0;
    int entities = 0;
    List<Long> entityList = new ArrayList<>();
    int[] examples = new int[MAX_EXAMPLES];
    for (int j = 0; j < testEntities.length; j++) {
      int id = ids.get(testEntities[j]);
      if (id < 0 || latest[id] < testDecisionTimes[j]) {
        continue;
      }
      if (affected < MAX_EXAMPLES) {
        examples[affected] = j;
      }
      affected++;
      if (!named[id]) {
        named[id] = true;
        if (entities++ < MAX_ENTITIES) {
          entityList.add(testEntities[j]);
        }
      }
    }
    if (affected == 0) {
      return Optional.empty();
    }
    List<TrainTestOverlapReport.ExampleRow> rows = new ArrayList<>();
    for (int e = 0; e < Math.min(affected, MAX_EXAMPLES); e++) {
      int row = examples[e];
      rows.add(new TrainTestOverlapReport.ExampleRow(row, testEntities[row],
          Instant.ofEpochMilli(testDecisionTimes[row]), Instant.ofEpochMilli(latest[ids.get(testEntities[row])])));
    }
    return Optional.of(new TrainTestOverlapReport(testEntities.length, affected, entities, entityList, rows));
  }
}
