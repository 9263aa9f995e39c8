package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.CheckSettings;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The trials ledger's settings.
 *
 * @param ledger the ledger's directory ({@code backtestgate.ledger}, relative to the module directory), empty when
 *     the ledger is off
 * @param freeTrials how many trials on one test set are free: from this many on, a lift significant alone but not
 *     after deflation fails ({@code backtestgate.free-trials}, at least 1)
 * @param required whether a ledger that cannot be read or written fails the gate rather than warn
 *     ({@code backtestgate.ledger-required})
 * @param keepScores whether each trial's scores are kept beside the directory ledger, for the bootstrap reality check
 *     ({@code backtestgate.ledger-scores}; test sets up to 1,000,000 rows)
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TrialsSettings(Optional<Path> ledger, int freeTrials, boolean required,
    boolean keepScores) implements CheckSettings {
  /** The default directory, under the module directory and outside {@code target/}, so {@code mvn clean} keeps it. */
  public static final String DEFAULT_LEDGER = ".backtest-gate/trials";
  /** {@code .backtest-gate/trials}, 5 free trials, not required, scores not kept. */
  public static final TrialsSettings DEFAULTS = new TrialsSettings(Optional.of(Path.of(DEFAULT_LEDGER)), 5, false,
      false);

  /** Checks the values. */
  public TrialsSettings {
    Objects.requireNonNull(ledger, "ledger");
    if (freeTrials < 1) {
      throw new IllegalArgumentException("free trials is " + freeTrials + ": it must be a whole number of at least 1 "
          + "(backtestgate.free-trials).");
    }
  }

  /** The ledger off: nothing is counted, nothing written. */
  public static TrialsSettings off() {
    return new TrialsSettings(Optional.empty(), DEFAULTS.freeTrials, false, false);
  }

  /** These settings with the ledger in {@code dir}. */
  public TrialsSettings withLedger(Optional<Path> dir) {
    return new TrialsSettings(dir, freeTrials, required, keepScores);
  }

  /** These settings with {@code value} free trials. */
  public TrialsSettings withFreeTrials(int value) {
    return new TrialsSettings(ledger, value, required, keepScores);
  }

  /** These settings with the ledger required or not. */
  public TrialsSettings withRequired(boolean value) {
    return new TrialsSettings(ledger, freeTrials, value, keepScores);
  }

  /** These settings with the trials' scores kept or not. */
  public TrialsSettings withKeepScores(boolean value) {
    return new TrialsSettings(ledger, freeTrials, required, value);
  }

  /**
   * The ledger's absolute directory, empty when off: a relative {@link #ledger} resolves against the working
   * directory, which is the module directory under Maven's Surefire and in the Maven plugin.
   */
  public Optional<Path> directory() {
    return ledger.map(dir -> dir.toAbsolutePath().normalize());
  }

  /** The ledger these settings name, empty when off. */
  public Optional<TrialLedger> store() {
    return directory().map(TrialLedger::directory);
  }

  /** Where the trials' scores are kept, empty when the ledger is off or scores are not kept. */
  Optional<TrialScores> scores() {
    return keepScores ? directory().map(TrialScores::new) : Optional.empty();
  }
}
