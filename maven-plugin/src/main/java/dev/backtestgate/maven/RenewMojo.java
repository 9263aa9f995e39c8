package dev.backtestgate.maven;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apiguardian.api.API;

/**
 * {@code mvn backtest-gate:renew}: renews an approved review whose fingerprint still matches the gate's latest
 * report: new {@code reviewedOn} and {@code expiresOn}, the reviewer, and every checklist item attested again;
 * the rationale stays unless {@code -Drationale} replaces it. Runs only when invoked by name.
 *
 * <pre>{@code
 * mvn backtest-gate:renew -Dgate='com.acme.ChurnBacktest#gbm' -Dreviewer=ana@example.com -Dattest=all
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1") // the goal, not this class, is what users call
@Mojo(name = "renew", requiresDirectInvocation = true, threadSafe = true)
public class RenewMojo extends DecisionParameters {
  /** Creates the goal (Maven injects the parameters). */
  public RenewMojo() {}

  @Override
  public void execute() throws MojoFailureException {
    run(actions -> actions.renew(request()));
  }
}
