package dev.backtestgate.release;

import java.util.List;

/** The release bundle was refused: every problem found, each naming the file and the fix. */
final class ReleaseRefused extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final List<String> problems;

  ReleaseRefused(String summary, List<String> problems) {
    super(summary + "\n  - " + String.join("\n  - ", problems));
    this.problems = List.copyOf(problems);
  }

  List<String> problems() {
    return problems;
  }
}
