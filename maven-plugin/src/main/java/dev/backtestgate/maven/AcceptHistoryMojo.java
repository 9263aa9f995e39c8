package dev.backtestgate.maven;

import dev.backtestgate.cli.workflow.HistoryChange;
import static org.apiguardian.api.API.Status.INTERNAL;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apiguardian.api.API;

/**
 * {@code mvn backtest-gate:accept-history}: copies a reviewed proposed history manifest,
 * {@code <report dir>/history-manifests/<path>}, to its committed path: {@code -Dto} relative to the module
 * directory when given, else {@code <module>/<path>}, with its change record and the manifest it replaces; names the
 * gated backtests whose reports declare the table and read a rewritten partition (the blast radius) and voids their
 * sign-offs in a void record under the review directory. Runs only when invoked by name.
 *
 * <pre>{@code
 * mvn backtest-gate:accept-history -Dmanifest=statements.json -Dto=history/statements.json -Dreviewer=ana@example.com \
 *     -Dticket=DATA-1234 -Dreason='status codes normalized' -Dannounced=true
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

  /** The change ticket of the rewrite. */
  @Parameter(property = "ticket")
  String ticket;

  /** Why the history was rewritten. */
  @Parameter(property = "reason")
  String reason;

  /** Whether the owners of the backtests the rewrite touches were told: true or false. */
  @Parameter(property = "announced")
  String announced;

  /**
   * The committed manifest to roll back to, relative to the module directory; by default the manifest now at
   * the committed path, which is kept beside it.
   */
  @Parameter(property = "rollback")
  String rollback;

  /** Creates the goal (Maven injects the parameters). */
  public AcceptHistoryMojo() {}

  @Override
  public void execute() throws MojoFailureException {
    run(actions -> actions.acceptHistory(new HistoryChange.Request(manifest, to, reviewer, ticket, reason,
        announced, rollback)));
  }
}
