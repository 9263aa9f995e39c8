package dev.backtestgate.history;

import dev.backtestgate.internal.Wording;
import java.util.Map;

/** A log commit as report evidence: one spelling for every finding that names one. */
final class LogCommits {
  private LogCommits() {}

  static Map<String, Object> evidence(LogCommit commit) {
    return Wording.ordered("version", commit.version(), "time", commit.time().toString(), "operation",
        commit.operation(), "user", commit.user(), "engine", commit.engine());
  }
}
