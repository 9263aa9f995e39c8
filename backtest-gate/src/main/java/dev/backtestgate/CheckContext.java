package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a {@link Check} may read: the run, the policy in force, the lift comparison the gate already computed
 * (so no check computes it twice), and the evaluation instant.
 *
 * <pre>{@code
 * public List<Finding> run(CheckContext c) {
 *   double lift = c.comparison().map(Comparison::lift).orElse(Double.NaN);
 *   ...
 * }
 * }</pre>
 *
 * @param run the backtest
 * @param policy the limits in force
 * @param comparison the candidate against the baseline; empty when it could not be computed
 * @param now when the gate evaluates (from the gate's clock)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CheckContext(BacktestRun run, GatePolicy policy, Optional<Comparison> comparison, Instant now) {}
