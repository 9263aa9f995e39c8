package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;


import java.util.List;
import org.apiguardian.api.API;

/**
 * The facts about a run that a reviewer sees beside the numbers.
 *
 * <pre>{@code
 * RunSummary s = result.run();
 * System.out.println(s.rows() + " rows, " + s.positives() + " positive, features " + s.features());
 * }</pre>
 *
 * @param candidate candidate model name
 * @param baseline baseline model name
 * @param rows rows in the run
 * @param positives positive rows
 * @param features all feature names, sorted
 * @param timelessFeatures the features declared timeless, sorted
 */
@API(status = STABLE, since = "0.1")
public record RunSummary(
    String candidate, String baseline, int rows, int positives, List<String> features, List<String> timelessFeatures) {
  /** Copies the lists. */
  public RunSummary {
    features = List.copyOf(features);
    timelessFeatures = List.copyOf(timelessFeatures);
  }

  /** The summary of {@code run}. */
  static RunSummary of(BacktestRun run) {
    List<String> features = new java.util.ArrayList<>();
    List<String> timeless = new java.util.ArrayList<>();
    for (FeatureTiming f : run.features()) {
      features.add(f.name());
      if (f instanceof FeatureTiming.Timeless) {
        timeless.add(f.name());
      }
    }
    features.sort(null);
    timeless.sort(null);
    return new RunSummary(run.candidateName(), run.baseline().name(), run.rows(), run.positives(), features,
        timeless);
  }
}
