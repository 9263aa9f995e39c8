package dev.backtestgate;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.metrics.AucComparison;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A check whose pass over the run's rows also gives the paired comparison of candidate and baseline on all rows (the
 * lift trend's pass sums every period, and all periods together are all rows). The gate asks for it before the lift
 * check, so the rows are compared once; the check then reuses its pass when it runs under the same policy.
 */
@API(status = INTERNAL, since = "0.1")
public interface ComparingCheck extends Check {
  /**
   * The comparison on all rows of {@code run} at {@code policy}'s confidence level from this check's pass, or empty
   * when the pass cannot give it (then the gate compares the rows itself, and the check measures when it runs).
   */
  Optional<AucComparison> allRows(BacktestRun run, GatePolicy policy);
}
