package dev.backtestgate.screen.horizon;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Training labels that resolved after the test period began (less the embargo): the model learned outcomes the
 * test period was meant to hold out.
 *
 * <pre>{@code
 * LabelHorizonViolation v = LabelHorizon.check(trainDecided, labelKnownAt, testDecided, Duration.ZERO)
 *     .orElseThrow();
 * System.out.println(v.rowsAffected() + " labels, the last " + v.overlap() + " past the cutoff");
 * }</pre>
 *
 * @param trainingRows how many training rows were checked
 * @param rowsAffected training rows whose label became known after the cutoff
 * @param earliestTestDecision the first decision of the test period
 * @param embargo the embargo the check applied ({@code backtestgate.embargo})
 * @param latestResolution when the last training label became known
 * @param overlap how far the latest resolution lies past the cutoff ({@code earliestTestDecision - embargo})
 * @param examples the first few affected training rows, at most {@link LabelHorizon#MAX_EXAMPLES}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LabelHorizonViolation(
    int trainingRows,
    int rowsAffected,
    Instant earliestTestDecision,
    Duration embargo,
    Instant latestResolution,
    Duration overlap,
    List<ExampleRow> examples) {

  /** Compact constructor: copies the examples. */
  public LabelHorizonViolation {
    examples = List.copyOf(examples);
  }

  /** The instant every training label had to be known by: the earliest test decision less the embargo. */
  public Instant cutoff() {
    return earliestTestDecision.minus(embargo);
  }

  /** Share of the training rows affected, in [0, 1]. */
  public double share() {
    return trainingRows == 0 ? 0 : (double) rowsAffected / trainingRows;
  }

  /**
   * One training row whose label resolved too late.
   *
   * @param row the row's index in the training set
   * @param decisionTime when the training row was decided
   * @param labelKnownAt when its label became known
   */
  public record ExampleRow(int row, Instant decisionTime, Instant labelKnownAt) {}
}
