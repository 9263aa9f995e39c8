package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The check providers on the class path cannot be loaded: a provider named in a
 * {@code META-INF/services/dev.backtestgate.CheckProvider} file is missing, cannot be made, or declares settings or
 * kinds the gate refuses (a key in another check's namespace, a key declared twice), or the core's own service file
 * is missing. Every gate fails with it, naming the provider, its line in the service file and the root cause: a check
 * that did not run never yields a pass.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CheckProviderException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** A failure with its message, which names the provider, where it is named and the fix, and its root cause. */
  public CheckProviderException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The same failure, thrown again for another gate: a fresh exception, so no two gates share a stack trace. */
  CheckProviderException again() {
    return new CheckProviderException(getMessage(), getCause());
  }
}
