package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;


/**
 * A reviewer's decision in a sign-off file: {@code "approved"}, {@code "rejected"}, or {@code ""} while
 * the file is still pending.
 *
 * <pre>{@code
 * Decision d = Decision.fromFileValue("approved");   // APPROVED
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public enum Decision {
  /** The reviewer looked and believes the result: the sign-off covers the run. */
  APPROVED("approved"),
  /** The reviewer looked and does not believe the result: the gate always fails. */
  REJECTED("rejected"),
  /** Nobody decided yet (a pending file). */
  UNDECIDED("");

  private final String fileValue;

  Decision(String fileValue) {
    this.fileValue = fileValue;
  }

  /** The value as written in the file. */
  public String fileValue() {
    return fileValue;
  }

  /** Parses the file value; {@code null} for anything else. */
  static Decision fromFileValue(String value) {
    for (Decision d : values()) {
      if (d.fileValue.equals(value)) {
        return d;
      }
    }
    return null;
  }
}
