package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.HistoryChange;
import dev.backtestgate.cli.workflow.Refusal;
import dev.backtestgate.cli.workflow.ReviewActions;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code backtest-gate accept-history}: the Maven goal {@code accept-history}; writes into the module. */
@Command(name = "accept-history", mixinStandardHelpOptions = true,
    description = "Copies a proposed history manifest over the committed one, with its change record, and voids "
        + "the sign-offs of the backtests the rewrite touches.")
final class AcceptHistoryCommand extends ReviewCommand {
  @Option(names = "--manifest", paramLabel = "PATH", description = "The committed path of the manifest, relative to "
      + "the module, or a glob.")
  String manifest;

  @Option(names = "--to", paramLabel = "PATH", description = "The committed path, when the proposal's path under "
      + "history-manifests/ is not it.")
  String to;

  @Option(names = "--reviewer", paramLabel = "WHO", description = "Who reviewed the new history.")
  String reviewer;

  @Option(names = "--ticket", paramLabel = "ID", description = "The change ticket of the rewrite.")
  String ticket;

  @Option(names = "--reason", paramLabel = "TEXT", description = "Why the history was rewritten.")
  String reason;

  @Option(names = "--announced", paramLabel = "true|false", description = "Whether the owners of the backtests the "
      + "rewrite touches were told.")
  String announced;

  @Option(names = "--rollback", paramLabel = "PATH", description = "The committed manifest to roll back to.")
  String rollback;

  @Override
  List<String> run(ReviewActions actions) throws Refusal {
    return actions.acceptHistory(new HistoryChange.Request(manifest, to, reviewer, ticket, reason, announced,
        rollback));
  }
}
