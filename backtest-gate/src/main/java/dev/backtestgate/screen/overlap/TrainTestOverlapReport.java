package dev.backtestgate.screen.overlap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Test rows whose entity was in the training set at a decision time at or after theirs: the model had seen those
 * entities' futures.
 *
 * <pre>{@code
 * TrainTestOverlapReport o = TrainTestOverlap.check(trainIds, trainDecided, testIds, testDecided).orElseThrow();
 * System.out.println(o.rowsAffected() + " of " + o.testRows() + " test rows; entities " + o.entities());
 * }</pre>
 *
 * @param testRows how many test rows were checked
 * @param rowsAffected test rows whose entity was trained on at or after their decision
 * @param entitiesAffected how many distinct entities those rows belong to
 * @param entities the first affected entities in test-row order, at most {@link TrainTestOverlap#MAX_ENTITIES}
 * @param examples the first few affected test rows, at most {@link TrainTestOverlap#MAX_EXAMPLES}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TrainTestOverlapReport(
    int testRows, int rowsAffected, int entitiesAffected, List<Long> entities, List<ExampleRow> examples) {

  /** Compact constructor: copies the lists. */
  public TrainTestOverlapReport {
    entities = List.copyOf(entities);
    examples = List.copyOf(examples);
  }

  /** Share of the test rows affected, in [0, 1]. */
  public double share() {
    return testRows == 0 ? 0 : (double) rowsAffected / testRows;
  }

  /**
   * One test row whose entity's future was in the training set.
   *
   * @param row the row's index in the test set (the run's rows)
   * @param entity its entity id
   * @param decisionTime when the test row was decided
   * @param latestTrainingDecision the entity's latest decision time in the training set, at or after
   *     {@code decisionTime}
   */
  public record ExampleRow(int row, long entity, Instant decisionTime, Instant latestTrainingDecision) {}
}
