package dev.backtestgate.cli;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.cli.workflow.Refusal;
import dev.backtestgate.cli.workflow.Spelling;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import picocli.CommandLine;

/**
 * The {@code backtest-gate} command: the build check and the reviewer's workflow for any build tool, the same code
 * the Maven goals run. Exit codes: 0 all checked and passing (or the command did what it was asked), 1 findings
 * or a refusal, 2 the check could not be made (bad input, a missing directory, an unknown option).
 *
 * <pre>{@code
 * java -jar backtest-gate-cli-0.1.0-all.jar check --test-classes build/classes/java/test \
 *     --results build/test-results/test
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class Main {
  /** All checked, or the command did what it was asked. */
  public static final int OK = 0;
  /** Findings (a gated test left no report, a gate failed), or a reviewer command refused. */
  public static final int FINDINGS = 1;
  /** The check could not be made: bad input, a missing or unreadable directory, an unknown option. */
  public static final int CANNOT_CHECK = 2;

  private Main() {}

  /** Runs the command and exits with its code. */
  public static void main(String[] args) {
    System.exit(run(new PrintStream(System.out, true, StandardCharsets.UTF_8),
        new PrintStream(System.err, true, StandardCharsets.UTF_8), args));
  }

  /** Runs the command, printing to {@code out} and {@code err}; returns the exit code. */
  public static int run(PrintStream out, PrintStream err, String... args) {
    Output output = new Output(out, err);
    CommandLine line = Root.commandLine(output, args);
    line.setCaseInsensitiveEnumValuesAllowed(true);
    line.setOut(new java.io.PrintWriter(out, true));
    line.setErr(new java.io.PrintWriter(err, true));
    line.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      if (e instanceof Refusal refusal) {
        output.error(refusal.getMessage());
        return FINDINGS;
      }
      if (e instanceof CannotCheck cannot) {
        output.error(cannot.getMessage());
        return CANNOT_CHECK;
      }
      if (e instanceof UncheckedIOException || e instanceof IllegalArgumentException) {
        output.error(e.getMessage());
        return CANNOT_CHECK;
      }
      throw e;
    });
    line.setParameterExceptionHandler((e, given) -> {
      output.error(Usage.explain(e));
      return CANNOT_CHECK;
    });
    return line.execute(args);
  }

  /**
   * Where the commands print: every line spelled as this tool's commands, never as Maven goals, and every reviewer
   * command in it given the directories this invocation was given, so that it works pasted as printed.
   */
  static final class Output {
    /** A reviewer subcommand as printed, not yet followed by the directory options. */
    private static final Pattern REVIEWER_COMMAND = Pattern.compile(
        "\\bbacktest-gate (pending|sign-off|reject|renew|accept-history)\\b(?! --module| --reports| --reviews)");
    private final PrintStream out;
    private final PrintStream err;
    private String directoryOptions = "";

    Output(PrintStream out, PrintStream err) {
      this.out = out;
      this.err = err;
    }

    /** The options ({@code " --reports='...' ..."}, or empty) every printed reviewer command carries from now on. */
    void directories(String options) {
      directoryOptions = options;
    }

    PrintStream out() {
      return out;
    }

    PrintStream err() {
      return err;
    }

    void info(String line) {
      out.println(spelled(line));
    }

    void warn(String line) {
      err.println(spelled(line));
    }

    void error(String message) {
      err.println("backtest-gate: " + spelled(message));
    }

    String spelled(String text) {
      String line = Spelling.COMMAND_LINE.apply(text);
      if (directoryOptions.isEmpty() || line == null || !line.contains("backtest-gate ")) {
        return line;
      }
      return REVIEWER_COMMAND.matcher(line).replaceAll(m -> Matcher.quoteReplacement(m.group() + directoryOptions));
    }
  }
}
