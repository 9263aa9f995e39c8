package dev.backtestgate.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top command: names the subcommands; run alone, it says which to run. */
@Command(name = "backtest-gate", mixinStandardHelpOptions = true, versionProvider = Root.Version.class,
    description = "Checks that every @LeakageGated backtest ran, runs the leakage reviewer's workflow, reads a "
        + "table's history, gates a scored file and audits a PostgreSQL table's writers, for any build tool.%nExit codes: 0 ok, 1 findings or a refused command, 2 could not check.",
    subcommands = {CheckCommand.class, PendingCommand.class, SignOffCommand.class, RejectCommand.class,
        RenewCommand.class, AcceptHistoryCommand.class, HistoryCommand.class, AuditCommand.class, WhoCanCommand.class,
        WhoDidCommand.class, TripwireCommand.class, ClaimCommand.class})
final class Root implements Runnable {
  final Main.Output output;

  @Spec
  CommandSpec spec;

  Root(Main.Output output) {
    this.output = output;
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "name a command: "
        + String.join(", ", spec.subcommands().keySet()) + " (backtest-gate --help describes each)");
  }

  /** The version of this jar. */
  static final class Version implements picocli.CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"backtest-gate " + dev.backtestgate.cli.workflow.Versions.PLUGIN};
    }
  }
}
