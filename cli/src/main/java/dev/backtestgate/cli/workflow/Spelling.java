package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * How the next step is spelled for the person who reads it. The workflow writes its commands once, as Maven goals
 * ({@code mvn backtest-gate:sign-off -Dgate=...}); the command-line tool rewrites them to its own subcommands
 * ({@code backtest-gate sign-off --gate=...}), so the two never disagree on what a step is, only on how it is typed.
 *
 * <pre>{@code
 * String line = Spelling.COMMAND_LINE.apply("mvn backtest-gate:pending lists them");
 * // "backtest-gate pending lists them"
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public enum Spelling {
  /** Maven goals and {@code -D} parameters: the text as written. */
  MAVEN,
  /** The {@code backtest-gate} command's subcommands and {@code --} options. */
  COMMAND_LINE;

  /** The reviewer commands' parameters, the only {@code -D} names rewritten. */
  private static final Pattern PARAMETER = Pattern.compile(
      "-D(gate|reviewer|rationale|attest|expires|waive|manifest|to|rollback|ticket|reason|announced)\\b(?!\\.)");
  private static final Pattern GOAL = Pattern.compile("mvn backtest-gate:([a-z-]+)");
  private static final Pattern LOCAL_BUILD = Pattern.compile(
      "mvn verify -Dbacktestgate\\.mode=local|mvn verify(?! without)");
  private static final Pattern REPLACE = Pattern.compile("-Dreplace=true");
  /**
   * A Maven goal printed beside the same step's command-line spelling ({@code mvn backtest-gate:x ... (Maven), or
   * backtest-gate x ...}): for this tool's reader the goal is dropped, not rewritten into a second copy labelled Maven.
   * Arguments are words or single-quoted texts (which may hold spaces and parentheses).
   */
  private static final Pattern MAVEN_BESIDE_TOOL = Pattern.compile(
      "mvn backtest-gate:[a-z-]+(?: (?:'[^']*'|[^\\s'()])+)* \\(Maven\\), or (?=backtest-gate )");

  /** {@code text} spelled for this reader. */
  public String apply(String text) {
    if (this == MAVEN || text == null || text.indexOf("mvn ") < 0 && text.indexOf("-D") < 0) {
      return text;   // most lines name no Maven step: no pattern to run
    }
    String out = MAVEN_BESIDE_TOOL.matcher(text).replaceAll("");
    out = GOAL.matcher(out).replaceAll("backtest-gate $1");
    out = LOCAL_BUILD.matcher(out).replaceAll(
        Matcher.quoteReplacement("your build's test task (local mode, the default outside CI)"));
    out = REPLACE.matcher(out).replaceAll("--replace");
    return PARAMETER.matcher(out).replaceAll("--$1");
  }
}
