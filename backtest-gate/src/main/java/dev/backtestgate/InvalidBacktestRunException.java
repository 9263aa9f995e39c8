package dev.backtestgate;

import java.util.List;

/**
 * A {@link BacktestRun} could not be built: its message lists every problem found, each naming the
 * field, how many rows are bad, the first bad row and its value.
 *
 * <pre>{@code
 * try { builder.build(); } catch (InvalidBacktestRunException e) { e.problems().forEach(System.err::println); }
 * }</pre>
 */
public final class InvalidBacktestRunException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final transient List<String> problems;

  InvalidBacktestRunException(String message, List<String> problems) {
    super(message);
    this.problems = problems;
  }

  /** Each problem, one sentence each. */
  public List<String> problems() {
    return problems;
  }
}
