package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.ReviewActions;
import dev.backtestgate.cli.workflow.Refusal;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code backtest-gate sign-off}: the Maven goal {@code sign-off}; writes into the review directory. */
@Command(name = "sign-off", mixinStandardHelpOptions = true, description = "Writes the review file of a gate from its pending sign-off, approved, reviewed today. Refuses a pending file older than the latest report or of other data, an existing review (unless --replace), and any missing field or attestation, naming each.")
final class SignOffCommand extends ReviewCommand {
  @Mixin
  DecisionOptions options;

  @Override
  List<String> run(ReviewActions actions) throws Refusal {
    return actions.decide(options.request(), true);
  }
}
