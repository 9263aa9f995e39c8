package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 46: every command the tool prints works pasted as printed. The tool runs as a user would run it, with
 * directories of their own; each {@code backtest-gate ...} command in what it prints is taken from the text (shell
 * quoting respected, placeholders such as {@code <you>} filled in as a reader would) and run; none may refuse for a
 * missing argument or directory, and the sign-off it prints writes the review.
 */
class PrintedCommandsTests {
  private static final String GATE = "churn-gbm-v7";
  /** A printed command: the tool's name, a subcommand, then its arguments up to the prose around it. */
  private static final Pattern COMMAND = Pattern.compile("\\bbacktest-gate ([a-z-]+)");

  @TempDir
  Path module;

  @Test
  void theCommandsAnAuditPrintsWorkPastedWithTheDirectoriesItWasGiven() throws IOException {
    Files.writeString(module.resolve("scored.csv"), AuditCommandTests.Rows.generate(400).csv());
    ToolRun audit = ToolRun.of("audit", "scored.csv", "--module", module.toString(), "--reports",
        "build/backtest-gate", "--reviews", "leakage-reviews", "--mode", "local", "--gate-id", GATE, "--label",
        "churned", "--candidate", "gbm", "--baseline", "logreg", "--decision-time", "scored_at", "--entity", "account",
        "--feature", "balance=balance_known_at");
    assertThat(audit.code()).as(audit.out() + audit.err()).isEqualTo(Main.FINDINGS);
    assertThat(audit.out()).doesNotContain("(Maven)", "mvn ");

    ToolRun pending = ToolRun.of("pending", "--module", module.toString(), "--reports", "build/backtest-gate",
        "--reviews", "leakage-reviews");
    assertThat(pending.code()).as(pending.out() + pending.err()).isEqualTo(Main.OK);

    List<List<String>> printed = commands(audit.out() + audit.err());
    assertThat(printed).extracting(c -> c.get(0)).contains("sign-off");
    List<List<String>> fromPending = commands(pending.out() + pending.err());
    assertThat(fromPending).extracting(c -> c.get(0)).contains("sign-off");
    printed.addAll(fromPending);
    // the others first, the sign-offs last: the first one writes the review, the later ones then refuse to replace it
    printed.sort((a, b) -> Boolean.compare(a.get(0).equals("sign-off"), b.get(0).equals("sign-off")));
    boolean signed = false;
    for (List<String> command : printed) {
      ToolRun run = ToolRun.of(command.toArray(String[]::new));
      String seen = command + "\n" + run.out() + run.err();
      assertThat(run.code()).as(seen).isNotEqualTo(Main.CANNOT_CHECK);
      assertThat(run.err()).as(seen)
          .doesNotContain("no pending sign-off", "does not exist", "Missing required", "Unknown option");
      if (command.get(0).equals("sign-off") && !signed) {
        assertThat(run.code()).as(seen).isEqualTo(Main.OK);
        signed = true;
      }
    }
    assertThat(module.resolve("leakage-reviews").resolve(GATE + ".json")).isRegularFile();
  }

  @Test
  void theMavenGoalBesideTheToolsCommandIsDroppedAndDirectoriesAreCarried() {
    Main.Output output = new Main.Output(System.out, System.err);
    assertThat(output.spelled("mvn backtest-gate:sign-off -Dgate='g' -Dreviewer=<you> -Drationale='<why it is not "
        + "a leak (say)>' -Dattest=all (Maven), or backtest-gate sign-off --gate='g' --attest=all (the command-line "
        + "tool, any build)")).isEqualTo("backtest-gate sign-off --gate='g' --attest=all (the command-line tool, any "
        + "build)");
    output.directories(" --reports='/r d'");
    assertThat(output.spelled("then backtest-gate pending lists them")).isEqualTo("then backtest-gate pending "
        + "--reports='/r d' lists them");
  }

  /** Every reviewer command in {@code text}, as the arguments a shell would pass, placeholders filled in. */
  static List<List<String>> commands(String text) {
    Set<List<String>> found = new LinkedHashSet<>();
    Matcher m = COMMAND.matcher(text);
    while (m.find()) {
      String sub = m.group(1);
      if (!List.of("pending", "sign-off", "reject", "renew", "accept-history").contains(sub)) {
        continue;
      }
      List<String> args = new ArrayList<>(List.of(sub));
      args.addAll(options(text, m.end()));
      found.add(List.copyOf(args));
    }
    return new ArrayList<>(found);
  }

  /** The {@code --} words after {@code from}, unquoted as a shell does, up to the first word that is not one. */
  private static List<String> options(String text, int from) {
    List<String> words = new ArrayList<>();
    int i = from;
    while (i < text.length() && text.charAt(i) == ' ') {
      StringBuilder word = new StringBuilder();
      boolean any = false;
      i++;
      while (i < text.length() && text.charAt(i) != ' ' && text.charAt(i) != '\n') {
        char c = text.charAt(i);
        if (c == '\'') {
          int end = text.indexOf('\'', i + 1);
          word.append(text, i + 1, end);
          i = end + 1;
        } else if (c == '\\' && i + 1 < text.length()) {
          word.append(text.charAt(i + 1));
          i += 2;
        } else {
          word.append(c);
          i++;
        }
        any = true;
      }
      String w = word.toString();
      if (!any || !w.startsWith("--")) {
        break;
      }
      words.add(fill(w.replaceAll("[.,;]$", "")));
    }
    return words;
  }

  private static String fill(String word) {
    return word.replace("<you>", "ana@example.com").replace("<why it is not a leak>", "gbm reads the support "
        + "tickets logreg lacks, each known before the decision");
  }
}
