package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Something a backtest records for a check that is not one of the run's columns: a training set, a future-read
 * probe, a late-write report, a history check. A run keeps each input under its type
 * ({@link BacktestRun.Builder#input(CheckInput)}); a check reads the inputs of its own type
 * ({@link BacktestRun#inputs(Class)}), so adding a check adds no accessor to {@link BacktestRun}.
 *
 * <p>An input takes part in the run's checks the way the run's own columns do: {@link BacktestRun.Builder#build()}
 * reports what {@link #problems} finds beside the run's own problems, all at once; and the run's fingerprint covers
 * what {@link #fingerprinted()} returns (by default everything the input holds), so a sign-off never survives a
 * change to the data the check judged.
 *
 * <pre>{@code
 * record Exposure(double[] amounts) implements CheckInput {
 *   public List<String> problems(RunShape run) {
 *     return amounts.length == run.rows() ? List.of()
 *         : List.of("Exposure has " + amounts.length + " amounts for " + run.rows() + " rows: give one per row");
 *   }
 * }
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

  /**
   * What is wrong with this input for the run it is recorded in, each as a sentence that names the offending value
   * and the fix (a column of the wrong length, a feature the run does not have); empty when it fits.
   * {@link BacktestRun.Builder#build()} reports these beside the run's own problems, all at once, so a wrong input
   * fails where it is recorded, not later as a {@code check-failed}. Asked only when the run's labels are given.
   *
   * @param run the run's shape: its gate, its row count and its features
   */
  default java.util.List<String> problems(RunShape run) {
    return java.util.List.of();
  }

  /**
   * The values of this input the run's fingerprint covers: by default every component of a record (every instance
   * field of another class), in declaration order. Override it to cover less: data the fingerprint already covers,
   * or a value it cannot encode (a function); {@code List.of()} covers nothing, and a run whose inputs cover nothing
   * keeps the fingerprint it has without them.
   *
   * <p>Values the fingerprint encodes: {@code null}, booleans, numbers, characters, texts, enum constants,
   * {@code java.time} values, primitive arrays, arrays, lists, sets and maps of these (sets and maps in an order of
   * their own, so insertion order does not matter), {@code Optional}s, records and other classes of your own (field
   * by field), and nested inputs (by their own {@code fingerprinted()}). Anything else (a lambda, a stream, a JDK
   * object that is not a value) makes {@link BacktestRun.Builder#build()} fail naming its path.
   */
  default java.util.List<?> fingerprinted() {
    return java.util.List.of(this);
  }

  /**
   * The shape of the run an input is recorded in, for {@link #problems}.
   *
   * @param gateId the gate
   * @param rows the number of test rows (one label, score and decision time each)
   * @param features the features the run declares, in the order declared
   */
  record RunShape(String gateId, int rows, java.util.List<String> features) {
    /** Copies the features. */
    public RunShape {
      features = java.util.List.copyOf(features);
    }
  }
}
