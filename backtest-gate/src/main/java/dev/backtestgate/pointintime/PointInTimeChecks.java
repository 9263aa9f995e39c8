package dev.backtestgate.pointintime;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckContext;
import dev.backtestgate.EvidencePart;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import java.util.ArrayList;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
      feature.knownAtTimes().ifPresent(knownAt -> checks.add(Check.of("point in time of '" + feature.name() + "'",
          c -> PointInTimeCheck.check(feature.name(), c.run().decisionTimes(), knownAt, c.policy().availabilityLag())
              .<List<Finding>>map(v -> List.of(new PointInTimeFinding(v)))
              .orElse(List.of()))));
    }
    return checks;
  }

  /** Each timed feature's result under the policy's availability lag. */
  @Override
  public List<EvidencePart<?>> evidence(CheckContext context) {
    Duration lag = context.policy().availabilityLag();
    Map<String, Optional<PointInTimeViolation>> results = new LinkedHashMap<>();
    for (FeatureTiming feature : context.run().features()) {
      feature.knownAtTimes().ifPresent(knownAt -> results.put(feature.name(),
          PointInTimeCheck.check(feature.name(), context.run().decisionTimes(), knownAt, lag)));
    }
    return List.of(new PointInTimeEvidence(lag, results));
  }

  /**
   * A finding per violation; a {@code check-failed} when the results were computed under another lag, or when the
   * evidence has timed features and no results.
   */
  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {
    Optional<PointInTimeEvidence> part = evidence.part(PointInTimeEvidence.class);
    if (part.isEmpty()) {
      return PointInTimeEvidence.timedFeatures(evidence).isEmpty() ? List.of()
          : List.of(new Finding.CheckFailed("evidence", "the evidence carries no point-in-time results, but the "
              + "features " + PointInTimeEvidence.timedFeatures(evidence) + " are timed: add a PointInTimeEvidence "
              + "with each timed feature's result (an unchecked feature is not a pass)."));
    }
    List<Finding> found = new ArrayList<>();
    if (!part.get().availabilityLag().equals(policy.availabilityLag())) {
      found.add(new Finding.CheckFailed("evidence", "the evidence's point-in-time results were computed with an "
          + "availability lag of " + part.get().availabilityLag() + " but the gate's policy uses "
          + policy.availabilityLag() + " (backtestgate.availability-lag): compute the evidence with a lag of "
          + policy.availabilityLag() + "."));
    }
    part.get().results().values().forEach(v -> v.ifPresent(violation -> found.add(new PointInTimeFinding(violation))));
    return found;
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(PointInTimeFinding.KIND, "Feature recorded after the decision time",
        "A feature value was used before it was known (knownAt + availability lag after the decision time). "
            + "Fix the join, or waive the feature by name with a reason in the leakage review."));
  }
}
