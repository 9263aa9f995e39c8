package dev.backtestgate.maven;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apiguardian.api.API;

/**
 * {@code mvn backtest-gate:sign-off}: writes the review file of a gate from its pending sign-off, approved, with
 * today as {@code reviewedOn}. Refuses a pending file older than the gate's latest report or with another
 * fingerprint, an existing review (unless {@code -Dreplace}), and any missing field or attestation, naming each.
 * Runs only when invoked by name: no build phase writes into the review directory.
 *
 * <pre>{@code
 * mvn backtest-gate:sign-off -Dgate='com.acme.ChurnBacktest#gbm' -Dreviewer=ana@example.com \
 *     -Drationale='gbm learns the tenure spike' -Dattest=all -Dexpires=+90d
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1") // the goal, not this class, is what users call
@Mojo(name = "sign-off", requiresDirectInvocation = true, threadSafe = true)
public class SignOffMojo extends DecisionParameters {
  /** Creates the goal (Maven injects the parameters). */
  public SignOffMojo() {}

  @Override
  public void execute() throws MojoFailureException {
    run(actions -> actions.decide(request(), true));
  }
}
