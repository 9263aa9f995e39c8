package dev.backtestgate.screen.futureread;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What a {@link FutureReadProbe} found: of the sampled rows, how many got a different value from history
 * cut at their decision time than the backtest used, with the first few as examples.
 *
 * <pre>{@code
 * FutureReadReport report = probe.run(Duration.ZERO, FutureReadProbe.DEFAULT_SAMPLE);
 * if (!report.clean()) System.out.println(report.differing() + " of " + report.sampled() + " rows differ");
 * }</pre>
 *
 * @param feature the feature the function computes
 * @param rows the rows of the spine
 * @param sampled how many of them were re-run
 * @param differing how many sampled rows got a different value
 * @param availabilityLag the lag the cut was made with: e = decision time - lag
 * @param tolerance the largest absolute difference counted as equal (0 = exact; numeric features only)
 * @param examples the first differing rows, in row order (at most {@link #MAX_EXAMPLES})
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FutureReadReport(String feature, int rows, int sampled, int differing, Duration availabilityLag,
    double tolerance, List<Example> examples) {
  /** How many differing rows a report keeps as examples. */
  public static final int MAX_EXAMPLES = 5;

  /** Copies the examples. */
  public FutureReadReport {
    examples = List.copyOf(examples);
  }

  /** True when every sampled row got the value the backtest used. */
  public boolean clean() {
    return differing == 0;
  }

  /**
   * One row whose value changed when the function could not see the future.
   *
   * @param row the row's index in the spine
   * @param entity the row's entity
   * @param decisionTime the row's decision time
   * @param used the value the backtest used ({@code "missing"} for NaN or null)
   * @param asOfDecision the value the function gives on history cut at the decision
   */
  public record Example(int row, long entity, Instant decisionTime, String used, String asOfDecision) {}
}
