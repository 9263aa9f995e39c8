package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * The check could not be made: its input is missing, unreadable or of the wrong kind. Never a pass: the Maven
 * goals fail the build, the command-line tool exits with 2 (1 is for findings).
 *
 * <pre>{@code
 * throw new CannotCheck("No JUnit XML test results under build/test-results.", "Run the tests first.");
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class CannotCheck extends Exception {
  private static final long serialVersionUID = 1L;

  /** What is wrong, and the step that fixes it. */
  public CannotCheck(String problem, String fix) {
    super(problem + "\n  " + fix, null, false, false);
  }
}
