package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.Refusal;
import dev.backtestgate.cli.workflow.ReviewActions;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code backtest-gate renew}: the Maven goal {@code renew}; writes into the review directory. */
@Command(name = "renew", mixinStandardHelpOptions = true,
    description = "Renews approved reviews whose data has not changed since (the fingerprint of the latest report): "
        + "new dates and a fresh attestation.")
final class RenewCommand extends ReviewCommand {
  @Mixin
  DecisionOptions options;

  @Override
  List<String> run(ReviewActions actions) throws Refusal {
    return actions.renew(options.request());
  }
}
