package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;


import java.util.List;
import org.apiguardian.api.API;

/**
 * A {@link BacktestRun} could not be built: its message lists every problem found, each naming the
 * field, how many rows are bad, the first bad row and its value.
 *
 * <pre>{@code
 * try { builder.build(); } catch (InvalidBacktestRunException e) { e.problems().forEach(System.err::println); }
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
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
