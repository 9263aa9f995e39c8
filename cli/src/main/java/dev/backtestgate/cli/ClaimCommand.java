package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.ClaimCopy;
import dev.backtestgate.cli.workflow.ReviewActions;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code backtest-gate claim --gate=<id>}: copies a report's claim into the review directory. */
@Command(name = "claim", mixinStandardHelpOptions = true, description = "Copies the claim of a gate's latest JSON "
    + "report to <review dir>/claims/<gate>.json, the file the tripwire holds production to. Refuses a different "
    + "claim already there (unless --replace).")
final class ClaimCommand extends ReviewCommand {
  @Option(names = "--gate", required = true, paramLabel = "ID", description = "The gate.")
  String gate;

  @Option(names = "--replace", description = "Replace a different claim already in the review directory.")
  boolean replace;

  @Override
  List<String> run(ReviewActions actions) throws Exception {
    return ClaimCopy.copy(directories.reportDir(), directories.reviewDir(), gate, replace);
  }
}
