package dev.backtestgate.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top command: names the subcommands; run alone, it says which to run. */
@Command(name = "backtest-gate", mixinStandardHelpOptions = true, versionProvider = Root.Version.class,
    description = "Checks that every @LeakageGated backtest ran, runs the leakage reviewer's workflow, reads a "
        + "table's history, gates a scored file and audits a PostgreSQL table's writers, for any build tool.%nExit codes: 0 ok, 1 findings or a refused command, 2 could not check.",
    subcommands = {})
final class Root implements Runnable {
  /** The subcommands, in the order {@code --help} lists them. */
  static final List<Class<?>> COMMANDS = List.of(CheckCommand.class, PendingCommand.class, SignOffCommand.class,
      RejectCommand.class, RenewCommand.class, AcceptHistoryCommand.class, HistoryCommand.class, AuditCommand.class,
      WhoCanCommand.class, WhoDidCommand.class, TripwireCommand.class, ClaimCommand.class);

  final Main.Output output;

  @Spec
  CommandSpec spec;

  Root(Main.Output output) {
    this.output = output;
  }

  /**
   * The command line for {@code args}: when the first argument names a subcommand, only that one is built (picocli
   * builds a command's model from its annotations by reflection, a third of a short command's start-up when all
   * twelve are built); otherwise (no command, {@code --help}, {@code --version}, a misspelt name that deserves a
   * suggestion) all of them.
   */
  static CommandLine commandLine(Main.Output output, String... args) {
    CommandLine line = new CommandLine(new Root(output));
    Class<?> named = args.length == 0 ? null : COMMANDS.stream()
        .filter(c -> c.getAnnotation(Command.class).name().equals(args[0])).findFirst().orElse(null);
    for (Class<?> command : named == null ? COMMANDS : List.of(named)) {
      line.addSubcommand(command);
    }
    return line;
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
