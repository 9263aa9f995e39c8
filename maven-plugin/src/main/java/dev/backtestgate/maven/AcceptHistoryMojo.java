package dev.backtestgate.maven;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apiguardian.api.API;

/**
 * {@code mvn backtest-gate:accept-history}: copies a reviewed proposed history manifest,
 * {@code <report dir>/history-manifests/<path>}, to its committed path: {@code -Dto} relative to the module
 * directory when given, else {@code <module>/<path>}. Runs only when invoked by name.
 *
 * <pre>{@code
 * mvn backtest-gate:accept-history -Dmanifest=statements.json -Dto=history/statements.json -Dreviewer=ana@example.com
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1") // the goal, not this class, is what users call
@Mojo(name = "accept-history", requiresDirectInvocation = true, threadSafe = true)
public class AcceptHistoryMojo extends AbstractReviewMojo {
  /** The committed path of the manifest, relative to the module directory, or a glob. */
  @Parameter(property = "manifest")
  String manifest;

  /**
   * The committed path relative to the module directory, when the proposal's path under
   * {@code history-manifests/} is not it (a proposal named by file name only).
   */
  @Parameter(property = "to")
  String to;

  /** Who reviewed the new history. */
  @Parameter(property = "reviewer")
  String reviewer;

  /** Creates the goal (Maven injects the parameters). */
  public AcceptHistoryMojo() {}

  @Override
  public void execute() throws MojoFailureException {
    run(actions -> actions.acceptHistory(manifest, to, reviewer));
  }
}
