package dev.backtestgate.junit;

import static org.apiguardian.api.API.Status.STABLE;


import org.opentest4j.AssertionFailedError;
import org.apiguardian.api.API;

/**
 * The leakage gate failed a {@link LeakageGated @LeakageGated} test. The message is the gate's text:
 * what was found, why it matters, and the numbered next steps (the report file, the pending sign-off to
 * copy, the setting to change).
 *
 * <pre>{@code
 * LeakageGateFailure failure = assertThrows(LeakageGateFailure.class, () -> ...);
 * System.out.println(failure.gateId() + ": " + failure.getMessage());
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public class LeakageGateFailure extends AssertionFailedError {
  private static final long serialVersionUID = 1L;
  private final String gateId;

  /** A failure of the gate {@code gateId}, with the gate's text as the message. */
  public LeakageGateFailure(String gateId, String message) {
    super(message);
    this.gateId = gateId;
  }

  /** The gate that failed. */
  public String gateId() {
    return gateId;
  }
}
