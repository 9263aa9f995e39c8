package dev.backtestgate.maven;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.cli.workflow.ReviewActions;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apiguardian.api.API;

/**
 * {@code mvn backtest-gate:pending}: lists every pending sign-off under the report directory with its headline,
 * lift and interval, the paths of its JSON and HTML reports, and the command that signs it off; then every committed
 * sign-off a rewrite of history voided (stale until reviewed again), with the reason. Writes nothing.
 *
 * <pre>{@code
 * mvn backtest-gate:pending
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1") // the goal, not this class, is what users call
@Mojo(name = "pending", threadSafe = true)
public class PendingMojo extends AbstractReviewMojo {
  /** Creates the goal (Maven injects the parameters). */
  public PendingMojo() {}

  @Override
  public void execute() throws MojoFailureException {
    run(ReviewActions::pending);
  }
}
