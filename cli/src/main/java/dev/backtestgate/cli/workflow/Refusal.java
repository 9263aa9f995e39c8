package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A refused reviewer command or a failed build check: the message names what was found, why it matters and the
 * command that fixes it. The Maven goals turn it into a build failure, the command-line tool into exit code 1.
 *
 * <pre>{@code
 * try { actions.decide(request, true); } catch (Refusal r) { System.err.println(r.getMessage()); }
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class Refusal extends Exception {
  private static final long serialVersionUID = 1L;

  /** A refusal with its message. */
  public Refusal(String message) {
    super(message, null, false, false);
  }
}
