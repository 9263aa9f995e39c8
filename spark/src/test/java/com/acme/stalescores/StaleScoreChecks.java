package com.acme.stalescores;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckContext;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import java.time.Duration;
import java.util.List;

/**
 * The stale-scores check, a check of one's own added the way the built-in checks are: this package and one line in
 * {@code META-INF/services/dev.backtestgate.CheckProvider}. docs/checks.md shows it whole.
 */
// tag::provider[]
public final class StaleScoreChecks implements CheckProvider {
  static final Setting<Duration> MAX_AGE = Setting.of("acme.max-score-age", "P1D",
      "an ISO-8601 duration of zero or more, e.g. P1D or PT6H", Setting::duration,
      (policy, age) -> policy.with(new ScoreAge(age)),                 // a value into the policy
      policy -> policy.settings(ScoreAge.DEFAULTS).maxAge().toString()); // the value in force, for the reports

  @Override
  public int order() {
    return 1000;                                                       // after the built-in checks
  }

  @Override
  public List<Check> checks(BacktestRun run) {                         // none when the run has no ScoredAt
    return run.inputs(ScoredAt.class).stream()
        .map(scoredAt -> Check.of("stale scores", c -> count(c, scoredAt).findings()))
        .toList();
  }

  @Override
  public List<StaleScoreCount> evidence(CheckContext c) {              // GateEvidence.of(run, policy)
    return c.run().inputs(ScoredAt.class).stream().map(scoredAt -> count(c, scoredAt)).toList();
  }

  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {   // evaluate(evidence, ...)
    return evidence.part(StaleScoreCount.class).map(StaleScoreCount::findings).orElse(List.of());
  }

  @Override
  public List<Setting<?>> settings() {                                 // known to JUnit, the plugin, the CLI
    return List.of(MAX_AGE);
  }

  @Override
  public List<FindingKind> kinds() {                                   // SARIF rule and help text
    return List.of(new FindingKind(StaleScores.KIND, "Candidate scores computed long before the decision",
        "The candidate's scores were computed more than acme.max-score-age before their decision time."));
  }

  private static StaleScoreCount count(CheckContext c, ScoredAt scoredAt) {
    Duration maxAge = c.policy().settings(ScoreAge.DEFAULTS).maxAge();  // configured, else the defaults
    return StaleScoreCount.of(c.run().decisionTimes(), scoredAt.times(), maxAge);
  }
}
// end::provider[]
