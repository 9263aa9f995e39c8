package dev.backtestgate.examples;

import java.util.List;

/**
 * The raw status codes found in the statement history. Three source systems wrote the same five states
 * with their own spelling, plus one review code each that hides the state while a collector looks at the
 * account. The newest system already writes the canonical names, so its rows need no normalization except
 * for its review code.
 *
 * <pre>{@code
 * int code = StatusCodes.code(system, Status.DPD30);   // "D1", "30" or "DPD30"
 * Status meaning = StatusCodes.meaning(code);          // DPD30; HOLD for a review code
 * }</pre>
 */
final class StatusCodes {
  /** Source systems, in the order of {@link #CODES}. */
  static final List<String> SYSTEMS = List.of("core-banking-2009", "cards-legacy", "platform-2022");

  /** Every raw code, six per system: the five states in {@link Status} order, then the review code. */
  static final List<String> CODES = List.of(
      "C", "D1", "D2", "D3", "CO", "H",
      "00", "30", "60", "90", "WO", "R",
      "CURRENT", "DPD30", "DPD60", "DPD90", "CHARGED_OFF", "REVIEW");

  private static final int PER_SYSTEM = 6;
  private static final int CANONICAL_SYSTEM = 2;

  private StatusCodes() {}

  /** The code {@code system} writes for {@code status} ({@link Status#HOLD} gives its review code). */
  static int code(int system, Status status) {
    return system * PER_SYSTEM + status.ordinal();
  }

  /** The canonical code of a state (the newest system's spelling). */
  static int canonical(Status status) {
    return code(CANONICAL_SYSTEM, status);
  }

  /**
   * What a code meant when it was written: the state for the five state codes, {@link Status#HOLD} for
   * a review code. A static dictionary, known since the codes were introduced.
   */
  static Status meaning(int code) {
    return Status.of(code % PER_SYSTEM);
  }

  /** True for a review code, whose state cannot be read from the code alone. */
  static boolean isHold(int code) {
    return code % PER_SYSTEM == Status.HOLD.ordinal();
  }

  /** True when the code is already the canonical spelling of a state. */
  static boolean isCanonical(int code) {
    return code / PER_SYSTEM == CANONICAL_SYSTEM && !isHold(code);
  }
}
