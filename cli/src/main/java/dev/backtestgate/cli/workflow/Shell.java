package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Quoting for printed shell commands: every argument in single quotes, so {@code $} in nested class names,
 * {@code [n]} in parameterized ids, {@code #} and spaces reach the command as written.
 *
 * <pre>{@code
 * Shell.quote("com.acme.B$Inner#gbm[1]")   // 'com.acme.B$Inner#gbm[1]'
 * Shell.quote("it's")                      // 'it'\''s'
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class Shell {
  private Shell() {}

  /** The argument in single quotes; a single quote inside becomes {@code '\''}. */
  public static String quote(String argument) {
    return "'" + argument.replace("'", "'\\''") + "'";
  }
}
