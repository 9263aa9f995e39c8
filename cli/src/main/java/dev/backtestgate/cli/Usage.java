package dev.backtestgate.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/** A command line the tool cannot parse, explained: what was wrong, the likely intent, where the help is. */
final class Usage {
  private Usage() {}

  static String explain(ParameterException e) {
    CommandLine command = e.getCommandLine();
    String name = command.getCommandSpec().qualifiedName();
    String help = "\n  " + name + " --help lists " + (command.getSubcommands().isEmpty() ? "its options."
        : "the commands.");
    if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
      String arg = unmatched.getUnmatched().get(0);
      boolean option = arg.startsWith("-");
      List<String> suggestions = closest(arg, unmatched.getSuggestions().stream()
          .map(x -> option ? x : x.substring(x.lastIndexOf(' ') + 1)).toList());
      String what = option ? "option" : command.getSubcommands().isEmpty() ? "argument" : "command";
      return "unknown " + what + " '" + arg + "' for " + name + "."
          + (suggestions.isEmpty() ? "" : " Did you mean " + String.join(" or ", suggestions) + "?")
          + help;
    }
    return e.getMessage() + help;
  }

  /** The candidates nearest {@code typed} by edit distance (ties kept, at most two). */
  static List<String> closest(String typed, List<String> candidates) {
    int best = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      best = Math.min(best, distance(typed, candidate));
    }
    int limit = best;
    return candidates.stream().filter(c -> distance(typed, c) == limit).limit(2).toList();
  }

  /** Levenshtein distance: insertions, deletions and substitutions. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
