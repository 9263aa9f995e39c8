package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.ReviewActions;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code backtest-gate pending}: the Maven goal {@code pending}. Writes nothing. */
@Command(name = "pending", mixinStandardHelpOptions = true,
    description = "Lists every pending sign-off with its headline, lift, reports and the command that signs it off; "
        + "then every committed sign-off a rewrite of history voided. Writes nothing.")
final class PendingCommand extends ReviewCommand {
  @Override
  List<String> run(ReviewActions actions) {
    return actions.pending();
  }
}
