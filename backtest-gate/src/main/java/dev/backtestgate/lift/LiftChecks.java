package dev.backtestgate.lift;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The lift check of every run: a lift above {@code backtestgate.max-lift} ({@link LiftAboveLimit}) and a perfect
 * candidate ({@link PerfectCandidate}), both from the comparison the gate computed once.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LiftChecks implements CheckProvider {
  /** Lift above the limit and a perfect candidate, from the comparison the gate computed. */
  private static final Check LIFT = Check.of(LiftAboveLimit.KIND, c -> c.comparison()
      .map(comparison -> findings(comparison, c.policy())).orElse(List.of()));

  /** For {@link java.util.ServiceLoader}. */
  public LiftChecks() {}

  @Override
  public int order() {
    return 100;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return List.of(LIFT);
  }

  /** The same rule on the evidence's comparison. */
  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {
    return findings(evidence.comparison(), policy);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(
        new FindingKind(LiftAboveLimit.KIND, "AUC lift above the limit without a leakage review",
            "The candidate beats the baseline by more than backtestgate.max-lift: the classic signature of leaked "
                + "future data. Read the report, then either fix the leak or have a reviewer sign it off "
                + "(mvn backtest-gate:sign-off) and commit the review file."),
        new FindingKind(PerfectCandidate.KIND, "Candidate AUC of 1.000",
            "The candidate ranks every positive above every negative. Real models almost never do: a perfect score "
                + "usually means the label leaked into a feature. Needs a leakage review even below the lift "
                + "limit."));
  }

  /** The rule, for a run and for evidence computed elsewhere alike. */
  @API(status = INTERNAL, since = "0.1")
  public static List<Finding> findings(Comparison comparison, GatePolicy policy) {
    List<Finding> found = new ArrayList<>();
    if (comparison.lift() > policy.maxLift()) {
      found.add(new LiftAboveLimit(comparison, policy.maxLift()));
    }
    if (comparison.candidateAuc() == 1.0) {
      found.add(new PerfectCandidate(comparison.candidate(), comparison.candidateAuc()));
    }
    return found;
  }
}
