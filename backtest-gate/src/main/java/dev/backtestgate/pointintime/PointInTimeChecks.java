package dev.backtestgate.pointintime;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The point-in-time check of every timed feature: one check per feature, so each can fail alone
 * ({@link PointInTimeFinding}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PointInTimeChecks implements CheckProvider {
  /** For {@link java.util.ServiceLoader}. */
  public PointInTimeChecks() {}

  @Override
  public int order() {
    return 200;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    List<Check> checks = new ArrayList<>();
    for (FeatureTiming feature : run.features()) {
      if (feature instanceof FeatureTiming.KnownAt known) {
        checks.add(Check.of("point in time of '" + known.name() + "'", c -> PointInTimeCheck
            .check(known.name(), c.run().decisionTimes(), known.knownAt(), c.policy().availabilityLag())
            .<List<Finding>>map(v -> List.of(new PointInTimeFinding(v)))
            .orElse(List.of())));
      }
    }
    return checks;
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(PointInTimeFinding.KIND, "Feature recorded after the decision time",
        "A feature value was used before it was known (knownAt + availability lag after the decision time). "
            + "Fix the join, or waive the feature by name with a reason in the leakage review."));
  }
}
