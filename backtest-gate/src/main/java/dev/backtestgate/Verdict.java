package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;


/**
 * The gate's answer.
 *
 * <pre>{@code
 * if (result.verdict() == Verdict.FAILED) throw new AssertionError(text);
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public enum Verdict {
  /** Nothing needed a review. */
  PASSED,
  /** Findings needed a review, and a committed sign-off covers all of them. */
  PASSED_WITH_SIGN_OFF,
  /** A finding is not covered, a sign-off rejects the result, or a check could not run. */
  FAILED;

  /** True for both passing verdicts. */
  public boolean passed() {
    return this != FAILED;
  }
}
