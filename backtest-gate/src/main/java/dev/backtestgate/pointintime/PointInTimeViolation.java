package dev.backtestgate.pointintime;

import static org.apiguardian.api.API.Status.STABLE;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A feature whose values were used before they were known.
 *
 * <pre>{@code
 * PointInTimeViolation v = PointInTimeCheck.check("status", decided, known, Duration.ZERO).orElseThrow();
 * System.out.println(v.feature() + ": " + v.rowsAffected() + " rows, up to " + v.largestLead() + " early");
 * }</pre>
 *
 * @param feature the feature's name
 * @param rowsAffected rows whose value became known after their decision time
 * @param rowsWithValue rows that have a value for this feature (the rest are missing values)
 * @param rows all rows of the run
 * @param largestLead how long after a decision its value became known, at worst (lag included)
 * @param availabilityLag the lag the check applied
 * @param examples the first few affected rows, at most {@link PointInTimeCheck#MAX_EXAMPLES}
 */
@API(status = STABLE, since = "0.1")
public record PointInTimeViolation(
    String feature,
    int rowsAffected,
    int rowsWithValue,
    int rows,
    Duration largestLead,
    Duration availabilityLag,
    List<ExampleRow> examples) {

  /** Compact constructor: copies the examples. */
  public PointInTimeViolation {
    examples = List.copyOf(examples);
  }

  /** Share of all rows affected, in [0, 1]. */
  public double share() {
    return rows == 0 ? 0 : (double) rowsAffected / rows;
  }

  /**
   * One row that used a value before it was known.
   *
   * @param row the row's index in the run
   * @param decisionTime when the row was decided
   * @param knownAt when the value it used became known
   */
  public record ExampleRow(int row, Instant decisionTime, Instant knownAt) {}
}
