package dev.backtestgate.maven;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apiguardian.api.API;

/**
 * {@code mvn backtest-gate:reject}: like {@code sign-off}, with decision {@code rejected}: the gate then always
 * fails and quotes the rationale. Attestations are optional. Runs only when invoked by name.
 *
 * <pre>{@code
 * mvn backtest-gate:reject -Dgate='com.acme.ChurnBacktest#gbm' -Dreviewer=ana@example.com \
 *     -Drationale='balance is the post-churn balance'
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1") // the goal, not this class, is what users call
@Mojo(name = "reject", requiresDirectInvocation = true, threadSafe = true)
public class RejectMojo extends DecisionParameters {
  /** Creates the goal (Maven injects the parameters). */
  public RejectMojo() {}

  @Override
  public void execute() throws MojoFailureException {
    run(actions -> actions.decide(request(), false));
  }
}
