package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Something a backtest records for a check that is not one of the run's columns: a training set, a future-read
 * probe, a late-write report, a history check. A run keeps each input under its type
 * ({@link BacktestRun.Builder#input(CheckInput)}); a check reads the inputs of its own type
 * ({@link BacktestRun#inputs(Class)}), so adding a check adds no accessor to {@link BacktestRun}.
 *
 * <pre>{@code
 * record Exposure(double[] amounts) implements CheckInput {}
 * BacktestRun run = BacktestRun.builder(id) ... .input(new Exposure(amounts)).build();
 * // in the check: c.run().inputs(Exposure.class)
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface CheckInput {
  /**
   * Why this input cannot be recorded beside {@code recorded}, one recorded before it (the same table's log read
   * twice, two probes of one feature), as a sentence that says what to do; {@code null} when both may be recorded.
   */
  default String conflictWith(CheckInput recorded) {
    return null;
  }

  /**
   * The version of the data this input was read at, when it binds one (a table's log read at a version): the run's
   * fingerprint covers it, so a sign-off never covers a later version. Empty by default.
   */
  default java.util.Optional<String> versionBinding() {
    return java.util.Optional.empty();
  }
}
