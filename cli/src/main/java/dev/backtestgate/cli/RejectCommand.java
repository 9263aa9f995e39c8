package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.ReviewActions;
import dev.backtestgate.cli.workflow.Refusal;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code backtest-gate reject}: the Maven goal {@code reject}; writes into the review directory. */
@Command(name = "reject", mixinStandardHelpOptions = true, description = "Writes the review file of a gate from its pending sign-off, rejected: the result is not believed. Refuses on the same grounds as sign-off.")
final class RejectCommand extends ReviewCommand {
  @Mixin
  DecisionOptions options;

  @Override
  List<String> run(ReviewActions actions) throws Refusal {
    return actions.decide(options.request(), false);
  }
}
